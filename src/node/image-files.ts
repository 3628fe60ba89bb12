import { closeSync, openSync, readdirSync, readFileSync, readSync, realpathSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { sanitizeSvg, unsafeSvgReason } from '../lib/markdown/svg-safety.ts';
import { IMAGE_HEADER_BYTES, isReadableImage, type ImageStatus } from '../lib/wiki/image-file.ts';

/**
 * Each picture's status by absolute path, with the size and time it was read at. The build's checks and its renderer
 * ask about the same files, so each is read once per build; a file changed since (the dev server) is read again.
 */
const known = new Map<string, { size: number; mtimeMs: number; status: ImageStatus }>();

/**
 * `imageStatus` of the picture at `path` (relative to the content folder `root`), 'missing' when the path leads out of
 * the folder or through a symbolic link: Astro copies whatever file a page names to the site, and the content must
 * not publish a picture from elsewhere on the machine (`../../other-repo/secret.png`, a link to `/home/…`). The scan
 * follows no link either, so a picture is there exactly when the folder's own files hold it.
 */
export function contentImageStatus(root: string, path: string): ImageStatus {
  const full = resolve(root, path);
  const inside = relative(root, full);
  if (!inside || isAbsolute(inside) || inside.split(sep)[0] === '..') return 'missing';
  try {
    if (realpathSync(full) !== join(realpathSync(root), inside)) return 'missing';
  } catch {
    return 'missing';
  }
  return imageStatus(full);
}

/** Whether the file at `path` is a picture the site can show (`isReadableImage`), reading only its header when that settles it. */
export function imageStatus(path: string): ImageStatus {
  let stat;
  try {
    stat = statSync(path);
  } catch {
    return 'missing';
  }
  if (!stat.isFile()) return 'unreadable';
  const seen = known.get(path);
  if (seen && seen.size === stat.size && seen.mtimeMs === stat.mtimeMs) return seen.status;
  const status = readStatus(path, stat.size);
  known.set(path, { size: stat.size, mtimeMs: stat.mtimeMs, status });
  return status;
}

function readStatus(path: string, size: number): ImageStatus {
  try {
    const header = readHeader(path, Math.min(size, IMAGE_HEADER_BYTES));
    // The build publishes an SVG at an address of the site, rebuilt from its parsed tree (`publishSafeSvgs`): one that
    // cannot be parsed as SVG is refused here, so the page shows the placeholder and Astro never copies it.
    if (isSvg(path, header)) return !isReadableImage(header) && size <= IMAGE_HEADER_BYTES ? 'unreadable' : svgStatus(readFileSync(path));
    if (isReadableImage(header)) return 'ok';
    // A JPEG with large metadata can state its size further in; Astro reads the whole file, so its last word is ours.
    return size > IMAGE_HEADER_BYTES && isReadableImage(readFileSync(path)) ? 'ok' : 'unreadable';
  } catch {
    // Unreadable for this process (permissions, a file that went away, a device): Astro could not read it either.
    return 'unreadable';
  }
}

function isSvg(path: string, header: Uint8Array): boolean {
  return /\.svgz?$/i.test(path) || /<svg[\s>]/i.test(new TextDecoder().decode(header.subarray(0, 4096)));
}

function svgStatus(bytes: Uint8Array): ImageStatus {
  if (!isReadableImage(bytes)) return 'unreadable';
  return unsafeSvgReason(new TextDecoder().decode(bytes)) === undefined ? 'ok' : 'unsafe';
}

function readHeader(path: string, length: number): Uint8Array {
  const bytes = new Uint8Array(length);
  const fd = openSync(path, 'r');
  try {
    const read = readSync(fd, bytes, 0, length, 0);
    return bytes.subarray(0, read);
  } finally {
    closeSync(fd);
  }
}

/**
 * Replaces every SVG the build wrote under `outDir/_astro` by what `sanitizeSvg` keeps of it: Astro copies a picture
 * of the content there byte for byte, and opened by its address it is a document of the site's origin. A file that
 * cannot be rebuilt (the checks refuse such a picture first, so only a file that changed during the build) is removed.
 * Returns the removed files' paths with the reason, for a warning each. Files are replaced, never written in place:
 * the output may hold hard links to the last build's files.
 */
export function publishSafeSvgs(outDir: string): { path: string; reason: string }[] {
  const removed: { path: string; reason: string }[] = [];
  for (const path of svgFiles(join(outDir, '_astro'))) {
    const verdict = sanitizeSvg(new TextDecoder().decode(readFileSync(path)));
    if ('reason' in verdict) {
      rmSync(path, { force: true });
      removed.push({ path: relative(outDir, path), reason: verdict.reason });
      continue;
    }
    const temporary = `${path}.maru-tmp`;
    writeFileSync(temporary, verdict.svg);
    renameSync(temporary, path);
  }
  return removed;
}

function svgFiles(dir: string): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return svgFiles(full);
    return entry.isFile() && /\.svg$/i.test(entry.name) ? [full] : [];
  });
}

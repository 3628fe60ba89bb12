import { closeSync, openSync, readFileSync, readSync, realpathSync, statSync } from 'node:fs';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { unsafeSvgReason } from '../lib/markdown/svg-safety.ts';
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
    // The build publishes an SVG as it is, at an address of the site: one that could run script there is refused.
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

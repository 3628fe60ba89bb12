import { joinPath } from './links.ts';

/** Finds the content path of the file a note embed names (`![[diagram.png]]`), written in the file at `fromPath`. */
export type AttachmentFinder = (name: string, fromPath: string) => string | undefined;

/**
 * The note tools' rule for an embed's name, over the content folder's files (content paths): a path with a folder is read
 * from the vault's root, then from the note's folder; a bare name is the file beside the note, else the file of that
 * name anywhere in the folder. Names compare like file names on macOS (Unicode NFC, any case). When two files share
 * the name, the one nearest the root wins, then the first in path order, so every build picks the same one.
 */
export function createAttachmentFinder(files: readonly string[]): AttachmentFinder {
  const byPath = new Map<string, string>();
  const byName = new Map<string, string[]>();
  for (const file of [...files].sort(nearestFirst)) {
    const key = fold(file);
    if (!byPath.has(key)) byPath.set(key, file);
    const name = key.slice(key.lastIndexOf('/') + 1);
    const same = byName.get(name);
    if (same) same.push(file);
    else byName.set(name, [file]);
  }
  return (name, fromPath) => {
    const folder = fromPath.includes('/') ? fromPath.slice(0, fromPath.lastIndexOf('/')) : '';
    const beside = byPath.get(fold(joinPath(folder, name)));
    if (name.startsWith('.')) return beside;
    const written = fold(joinPath('', name));
    if (!written.includes('/')) return beside ?? byName.get(written)?.[0];
    return byPath.get(written) ?? beside ?? suffixMatch(byName, written);
  };
}

/** `a/b.png` written without its top folders (`vault/a/b.png`): the nearest file whose path ends with it. */
function suffixMatch(byName: ReadonlyMap<string, string[]>, written: string): string | undefined {
  const name = written.slice(written.lastIndexOf('/') + 1);
  return byName.get(name)?.find((file) => fold(file).endsWith(`/${written}`));
}

function fold(path: string): string {
  return path.normalize('NFC').toLowerCase();
}

function nearestFirst(a: string, b: string): number {
  const depth = a.split('/').length - b.split('/').length;
  return depth || (a < b ? -1 : a > b ? 1 : 0);
}

/** The path of `to` relative to the folder of `fromPath` (both content paths), as a Markdown link writes it. */
export function relativeTo(fromPath: string, to: string): string {
  const from = fromPath.split('/').slice(0, -1);
  const target = to.split('/');
  let common = 0;
  while (common < from.length && common < target.length - 1 && from[common] === target[common]) common++;
  const up = from.length - common;
  return `${up ? '../'.repeat(up) : './'}${target.slice(common).join('/')}`;
}

/**
 * File types a link may offer for download from the site. The site copies a linked file to its own origin, where a
 * browser opens HTML, SVG, XML or a script as a page of the site, with its scripts running beside the pages and
 * `/mcp`; content is untrusted, so only types a browser shows inertly or downloads are published.
 */
const DOWNLOADS = new Set(
  [
    ...['pdf', 'txt', 'csv', 'tsv', 'json', 'yaml', 'yml', 'log', 'md'],
    ...['zip', 'gz', 'tgz', 'tar', '7z', 'rar'],
    ...['xlsx', 'xls', 'docx', 'doc', 'pptx', 'ppt', 'odt', 'ods', 'odp', 'hwp', 'hwpx', 'key', 'numbers', 'pages', 'rtf'],
    ...['png', 'jpg', 'jpeg', 'gif', 'webp', 'avif', 'bmp', 'ico', 'tif', 'tiff', 'heic'],
    ...['mp3', 'm4a', 'wav', 'ogg', 'flac', 'mp4', 'm4v', 'mov', 'webm', 'avi', 'mkv'],
    ...['fig', 'sketch', 'psd', 'ai', 'drawio', 'excalidraw', 'sql', 'proto', 'graphql'],
  ].map((ext) => `.${ext}`),
);

/** Whether the site may publish the content file at `path` for a link to download (`DOWNLOADS`). */
export function isPublishableDownload(path: string): boolean {
  const name = path.slice(path.lastIndexOf('/') + 1).toLowerCase();
  const dot = name.lastIndexOf('.');
  return dot > 0 && DOWNLOADS.has(name.slice(dot));
}

/**
 * The search's files that the build also writes gzip-compressed beside themselves (`<file>.gz`): every JSON file under
 * `_wiki/search/` (the split index and the snippet texts). A static host that does not compress JSON (many serve
 * files as they are on disk) would send the first search's few hundred KiB of JSON whole; the site then fetches the
 * `.gz` bytes and inflates them in the search worker. A host that compresses (`maru start`: brotli) gets the plain file.
 */

/** True for a file (path under the site's base, no leading slash) written with a `.gz` copy beside it. */
export function isPrecompressed(path: string): boolean {
  return path.startsWith('_wiki/search/') && path.endsWith('.json');
}

/** The name of a file's gzip copy. */
export function gzipCopyOf(path: string): string {
  return `${path}.gz`;
}

/** True for bytes that start as a gzip stream does (RFC 1952: 1f 8b, deflate). */
export function isGzip(bytes: Uint8Array): boolean {
  return bytes.length >= 3 && bytes[0] === 0x1f && bytes[1] === 0x8b && bytes[2] === 8;
}

/** What the page knows of how a file of its own site arrived (a `PerformanceResourceTiming`'s fields). */
export interface ArrivedFile {
  name: string;
  encodedBodySize: number;
  decodedBodySize: number;
}

/**
 * Whether the host compresses what it sends, judged by the page's own scripts and style sheets as they arrived: a
 * host that compresses JavaScript and CSS compresses JSON as well (the common configurations list them together),
 * while one that compresses only HTML (nginx's default) does not. Files under 1 KiB, cached without sizes, or of
 * another origin say nothing; with nothing to judge by, the answer is no (the `.gz` copy then costs a compressing
 * host only gzip's few percent over brotli, where the plain file would cost a plain host three to four times).
 */
export function hostCompresses(files: readonly ArrivedFile[], origin: string): boolean {
  return files.some(
    (f) =>
      f.name.startsWith(`${origin}/`) &&
      /\.(js|css)(\?|$)/.test(f.name) &&
      f.decodedBodySize >= 1024 &&
      f.encodedBodySize > 0 &&
      f.encodedBodySize < f.decodedBodySize * 0.9,
  );
}

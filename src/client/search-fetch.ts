// How the site's search fetches its files, in the page: the search worker asks the page for each file
// (src/client/search-engine.ts), so the page's preload of the index is used and the page's network is all there is.
import { joinUrl } from '../lib/wiki/url.ts';
import { gzipCopyOf, hostCompresses, isPrecompressed } from '../lib/search/precompressed.ts';
import { siteBase } from './site-base.ts';

/** A file of the site by its path under the base: its bytes (maybe gzip, see `inflated`), or the HTTP status it was refused with. */
export type FetchFile = (path: string) => Promise<ArrayBuffer | number>;

let compresses: boolean | undefined;

/** Which copy of a search file to fetch: the one the page preloads, else the `.gz` one when the host does not compress. */
function copyOf(path: string): string {
  if (!isPrecompressed(path)) return path;
  const preloaded = (p: string) => document.querySelector(`link[rel="preload"][href="${CSS.escape(joinUrl(siteBase, p))}"]`) !== null;
  if (preloaded(path)) return path;
  if (preloaded(gzipCopyOf(path))) return gzipCopyOf(path);
  compresses ??= hostCompresses(performance.getEntriesByType('resource') as PerformanceResourceTiming[], location.origin);
  return compresses ? path : gzipCopyOf(path);
}

async function get(path: string): Promise<ArrayBuffer | number> {
  const res = await fetch(joinUrl(siteBase, path));
  return res.ok ? res.arrayBuffer() : res.status;
}

/** Fetches a file of the site from the page; when its `.gz` copy is refused (a site built before there were any), the plain file. */
export const fetchFile: FetchFile = async (path) => {
  const copy = copyOf(path);
  const got = await get(copy);
  return typeof got === 'number' && copy !== path ? get(path) : got;
};

// How the site's search fetches its files, in the page: the search worker asks the page for each file
// (src/client/search-engine.ts), so the page's preload of the index is used and the page's network is all there is.
import { joinUrl } from '../lib/wiki/url.ts';
import { siteBase } from './site-base.ts';

/** A file of the site by its path under the base: its bytes, or the HTTP status it was refused with. */
export type FetchFile = (path: string) => Promise<ArrayBuffer | number>;

/** Fetches a file of the site from the page. */
export const fetchFile: FetchFile = async (path) => {
  const res = await fetch(joinUrl(siteBase, path));
  return res.ok ? res.arrayBuffer() : res.status;
};

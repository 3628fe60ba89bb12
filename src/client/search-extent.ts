// How many documents a query matches in all, and whether this host receives miss reports: the two questions the
// search box asks besides the results themselves (kept apart from search-engine.ts, which the search code owns).
import type { SearchFilters } from '../lib/search/search.ts';
import { joinUrl } from '../lib/wiki/url.ts';
import { loadSiteSearch } from './search-engine.ts';

const base = import.meta.env.BASE_URL;

/** Every document the query matches under the filters (the results show only the first few). */
export async function countMatches(query: string, filters: SearchFilters): Promise<number> {
  const [search, { rankDocuments }] = await Promise.all([loadSiteSearch(), import('../lib/search/search.ts')]);
  return rankDocuments(search, query, filters).ranked.length;
}

/** The build's `site-features.json`; `npm start --log-misses` answers it with `missLog: true`. */
export const FEATURES_FILE = 'site-features.json';
let receiver: Promise<boolean> | undefined;

/**
 * True only when the server logs misses. A static host serves the built file (`missLog: false`), so the page never
 * POSTs to a host that would answer 404/405/501 and leave a red error in the console.
 */
export function missLogReceived(): Promise<boolean> {
  receiver ??= fetch(joinUrl(base, FEATURES_FILE))
    .then((r): Promise<{ missLog?: unknown }> => (r.ok ? r.json() : Promise.resolve({})))
    .then((f) => f.missLog === true)
    .catch(() => false);
  return receiver;
}

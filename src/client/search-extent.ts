// Whether this host receives miss reports: the question the search box asks besides the results themselves
// (kept apart from search-engine.ts, which the search code owns).
import { joinUrl } from '../lib/wiki/url.ts';
import { siteBase as base } from './site-base.ts';

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

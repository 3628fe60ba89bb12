import { join } from 'node:path';
import { CONTRIBUTION_VERSION, isContribution, type Contribution } from '../lib/search/index-contribution.ts';
import { jsonCodec, openKeyedCache, type KeyedCache } from './keyed-cache.ts';
import { cacheDir, codeDigest } from './parse-cache.ts';

/** The index cache of a build, opened. */
export type IndexCache = KeyedCache<Contribution>;

/**
 * What each document added to the search index in the last build (`index-contribution.ts`), in `index.json` beside the
 * parse cache, keyed by sha256 of the document's index inputs: a rebuild tokenizes and counts only the documents that
 * changed. Trusted only whole and only from this code (see `openKeyedCache`).
 */
export function openIndexCache(dir = cacheDir(), code = codeDigest()): IndexCache {
  return openKeyedCache(join(dir, 'index.json'), { format: 'maru-index-cache', version: CONTRIBUTION_VERSION, code }, jsonCodec(isContribution));
}

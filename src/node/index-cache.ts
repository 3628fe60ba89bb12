import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { CONTRIBUTION_VERSION, isContribution, type Contribution, type ContributionCache } from '../lib/search/index-contribution.ts';
import { sha256 } from './hash.ts';
import { cacheDir, codeDigest } from './parse-cache.ts';

/** The first line of the cache file; the rest is `{ key: contribution }` JSON, whose sha256 the header holds. */
interface Header {
  format: typeof FORMAT;
  version: number;
  code: string;
  sha256: string;
}

const FORMAT = 'maru-index-cache';

/** A contribution cache that writes itself back with `save()`, and counts what it answered. */
export type IndexCache = ContributionCache & { save(): void; hits: number; misses: number };

/**
 * What each document added to the search index in the last build (`index-contribution.ts`), one file beside the parse
 * cache, keyed by sha256 of the document's index inputs. A rebuild tokenizes and counts only the documents that changed.
 * The file is trusted only whole: written by this code (digest and version), its body's sha256 as recorded, each entry
 * of a contribution's shape; anything else is ignored and rebuilt, so a damaged cache costs time, never output.
 * `save()` keeps only the entries this build used, so deleted documents leave the cache too.
 */
export function openIndexCache(dir = cacheDir(), code = codeDigest()): IndexCache {
  const path = join(dir, 'index.json');
  const stored = readEntries(path, code);
  const used = new Map<string, Contribution>();
  const cache: IndexCache = {
    hits: 0,
    misses: 0,
    get(key) {
      const hit = stored.get(key);
      if (!isContribution(hit)) return undefined;
      used.set(key, hit);
      cache.hits++;
      return hit;
    },
    set(key, contribution) {
      used.set(key, contribution);
      cache.misses++;
    },
    save() {
      if (cache.misses === 0 && used.size === stored.size) return;
      const body = JSON.stringify(Object.fromEntries(used));
      const header: Header = { format: FORMAT, version: CONTRIBUTION_VERSION, code, sha256: sha256(body) };
      mkdirSync(dirname(path), { recursive: true });
      // Written beside and renamed: a build killed halfway leaves the old cache, never half a file.
      const tmp = `${path}.${process.pid}.tmp`;
      writeFileSync(tmp, `${JSON.stringify(header)}\n${body}`);
      renameSync(tmp, path);
    },
  };
  return cache;
}

/** The stored entries, or none when the file is missing, from other code, or not the bytes its header vouches for. */
function readEntries(path: string, code: string): Map<string, unknown> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return new Map<string, unknown>(); // no cache yet
  }
  try {
    const cut = text.indexOf('\n');
    const header = JSON.parse(text.slice(0, cut)) as Partial<Header> | null;
    const body = text.slice(cut + 1);
    if (cut < 0 || header?.format !== FORMAT || header.version !== CONTRIBUTION_VERSION || header.code !== code || header.sha256 !== sha256(body)) {
      return new Map<string, unknown>();
    }
    const entries: unknown = JSON.parse(body);
    const valid = typeof entries === 'object' && entries !== null && !Array.isArray(entries);
    return new Map<string, unknown>(valid ? Object.entries(entries as Record<string, unknown>) : []);
  } catch {
    return new Map<string, unknown>(); // unreadable: rebuild everything
  }
}

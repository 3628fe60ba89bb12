import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { ParseCache, ParsedFile } from '../lib/wiki/pipeline.ts';
import { termCounts, type TermCounts } from '../lib/wiki/similarity.ts';
import { sha256 } from './hash.ts';
import { openKeyedCache } from './keyed-cache.ts';

const PROJECT = resolve(import.meta.dirname, '../..');
/** The code whose output is cached: a change to any of these files empties the cache. */
const CODE = ['src/lib', 'src/markdown', 'src/integrations/maru.ts', 'astro.config.mjs', 'maru.config.ts', 'package-lock.json'];

/**
 * Where Maru keeps what it derived from the content between builds: `$MARU_CACHE_DIR/maru` when
 * set (tests and benchmarks give each build its own), else `node_modules/.cache/maru`.
 */
export function cacheDir(): string {
  return process.env.MARU_CACHE_DIR ? resolve(process.env.MARU_CACHE_DIR, 'maru') : join(PROJECT, 'node_modules/.cache/maru');
}

/**
 * sha256 of the parsing and rendering code and the locked dependencies. Part of every cache key, so
 * editing a plugin or upgrading remark invalidates the cache by itself (Astro's own data store does
 * not notice plugin changes).
 */
export function codeDigest(): string {
  const hash = createHash('sha256');
  for (const entry of CODE) {
    const full = join(PROJECT, entry);
    let files: string[];
    try {
      files = readdirSync(full, { recursive: true, encoding: 'utf8' }).map((f) => join(full, f));
    } catch {
      files = [full];
    }
    for (const file of files.filter((f) => /\.(ts|mjs|json)$/.test(f) && !/\.test\.ts$/.test(f)).sort()) {
      try {
        hash
          .update(`${file.slice(PROJECT.length)}\0`)
          .update(readFileSync(file))
          .update('\0');
      } catch {
        // a folder entry or a file that vanished: nothing to hash
      }
    }
  }
  return hash.digest('hex');
}

/**
 * The parse results of the last build, one JSON file keyed by sha256 of each file as collected
 * (path, text, dates) and the parse options. A rebuild parses only the files that changed.
 * `save()` writes only the entries this build used, so deleted files leave the cache too.
 * Beside it, `terms.json` holds each document's similarity term counts by sha256 of the text they count.
 */
export function openParseCache(dir = cacheDir(), code = codeDigest()): ParseCache & { save(): void; hits: number; misses: number } {
  const counts = openKeyedCache(join(dir, 'terms.json'), { format: 'maru-term-counts', version: 1, code }, isStoredCounts);
  const path = join(dir, 'parse.json');
  let stored: Record<string, ParsedFile> = {};
  try {
    const data = JSON.parse(readFileSync(path, 'utf8')) as { code?: string; entries?: Record<string, ParsedFile> };
    if (data.code === code && data.entries) stored = data.entries;
  } catch {
    // no cache yet, or an unreadable one: parse everything
  }
  const used: Record<string, ParsedFile> = {};
  // Only the categories change how a file parses (the base path is applied later, in derive).
  const keyOf = (file: unknown, options: { categories: readonly string[] }) =>
    createHash('sha256')
      .update(JSON.stringify([file, options.categories]))
      .digest('hex');
  const cache = {
    hits: 0,
    misses: 0,
    get(file: Parameters<ParseCache['get']>[0], options: Parameters<ParseCache['get']>[1]) {
      const key = keyOf(file, options);
      const hit = stored[key];
      if (hit) {
        used[key] = hit;
        cache.hits++;
      }
      return hit;
    },
    set(file: Parameters<ParseCache['set']>[0], options: Parameters<ParseCache['set']>[1], parsed: ParsedFile) {
      used[keyOf(file, options)] = parsed;
      cache.misses++;
    },
    termCounts(text: string): TermCounts {
      const key = sha256(text);
      const hit = counts.get(key);
      if (hit) return new Map(hit[0].map((term, i) => [term, hit[1][i]!]));
      const made = termCounts(text);
      counts.set(key, [[...made.keys()], [...made.values()]]);
      return made;
    },
    save() {
      counts.save();
      if (cache.misses === 0 && Object.keys(used).length === Object.keys(stored).length) return;
      mkdirSync(dirname(path), { recursive: true });
      // Written beside and renamed: a build killed halfway leaves the old cache, never half a file.
      const tmp = `${path}.${process.pid}.tmp`;
      writeFileSync(tmp, JSON.stringify({ code, entries: used }));
      renameSync(tmp, path);
    },
  };
  return cache;
}

/** Term counts as stored: the terms, then their counts, in the same order. */
type StoredCounts = [string[], number[]];

function isStoredCounts(value: unknown): value is StoredCounts {
  if (!Array.isArray(value) || value.length !== 2) return false;
  const [terms, counts] = value as unknown[];
  return (
    Array.isArray(terms) &&
    Array.isArray(counts) &&
    terms.length === counts.length &&
    terms.every((t) => typeof t === 'string' && t.length > 0) &&
    counts.every((n) => typeof n === 'number' && Number.isInteger(n) && n > 0)
  );
}

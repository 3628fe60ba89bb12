import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { RawFile } from '../lib/wiki/document.ts';
import type { ParseCache, ParsedFile, WikiOptions } from '../lib/wiki/pipeline.ts';
import { termCounts, type TermCounts } from '../lib/wiki/similarity.ts';
import { sha256 } from './hash.ts';
import { jsonCodec, openKeyedCache } from './keyed-cache.ts';
import { currentConfigFile } from './site-config.ts';

/** Maru's own folder: this checkout, or the installed package (`node_modules/maru/lib`, whose package.json is one up). */
const PROJECT = resolve(import.meta.dirname, '../..');
/**
 * The code whose output is cached: a change to any of these files empties the cache. Installed, the package's
 * package.json stands for its dependencies (its version changes with them); the project's config file is added below.
 */
const CODE = ['src/lib', 'src/markdown', 'src/integrations/maru.ts', 'src/integrations/maru.js', 'astro.config.mjs', 'package-lock.json', '../package.json'];

/**
 * Where Maru keeps what it derived from the content between builds: `$MARU_CACHE_DIR/maru` when
 * set (tests and benchmarks give each build its own), else `node_modules/.cache/maru` of the project folder (the
 * team's, when Maru is installed there; never inside the installed package).
 */
export function cacheDir(): string {
  return process.env.MARU_CACHE_DIR ? resolve(process.env.MARU_CACHE_DIR, 'maru') : resolve('node_modules/.cache/maru');
}

/**
 * sha256 of the parsing and rendering code and the locked dependencies. Part of every cache key, so
 * editing a plugin or upgrading remark invalidates the cache by itself (Astro's own data store does
 * not notice plugin changes).
 */
export function codeDigest(): string {
  const hash = createHash('sha256');
  const config = currentConfigFile();
  for (const entry of config ? [...CODE, config] : CODE) {
    const full = resolve(PROJECT, entry);
    let files: string[];
    try {
      files = readdirSync(full, { recursive: true, encoding: 'utf8' }).map((f) => join(full, f));
    } catch {
      files = [full];
    }
    for (const file of files.filter((f) => /\.(ts|js|mjs|json)$/.test(f) && !/\.test\.ts$/.test(f)).sort()) {
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

/** The parse cache of a build: also says what it holds without decoding it, writes itself back and counts. */
export interface StoredParseCache extends ParseCache {
  /** Whether the last build stored a result for this file (then a build need not parse it ahead). */
  has(file: RawFile, options: WikiOptions): boolean;
  save(): void;
  hits: number;
  misses: number;
}

/**
 * The parse results of the last build, keyed by sha256 of each file as collected (path, text, dates) and the parse
 * options, in `parse.json`: a rebuild parses only the files that changed. Beside it, `terms.json` holds each
 * document's similarity term counts by sha256 of the text they count. Both are checksummed files of this code only
 * (`openKeyedCache`); `save()` writes only the entries this build used, so deleted files leave the cache too.
 */
export function openParseCache(dir = cacheDir(), code = codeDigest()): StoredParseCache {
  const files = openKeyedCache(join(dir, 'parse.json'), { format: 'maru-parse-cache', version: 2, code }, jsonCodec(isParsedFile));
  const counts = openKeyedCache(join(dir, 'terms.json'), { format: 'maru-term-counts', version: 1, code }, jsonCodec(isStoredCounts));
  // Only the categories change how a file parses (the base path is applied later, in derive).
  const keyOf = (file: unknown, options: { categories: readonly string[] }) => sha256(JSON.stringify([file, options.categories]));
  const cache = {
    get hits() {
      return files.hits;
    },
    get misses() {
      return files.misses;
    },
    get(file: RawFile, options: WikiOptions) {
      return files.get(keyOf(file, options));
    },
    has(file: RawFile, options: WikiOptions) {
      return files.has(keyOf(file, options));
    },
    set(file: RawFile, options: WikiOptions, parsed: ParsedFile) {
      files.set(keyOf(file, options), parsed);
    },
    termCounts(text: string): TermCounts {
      const key = sha256(text);
      const hit = counts.get(key);
      // The stored arrays as they are: a Map per document cost a 10,000-document build a second of copying and GC.
      if (hit) return { terms: hit[0], counts: hit[1] };
      const made = termCounts(text);
      const stored: StoredCounts = [[...made.keys()], [...made.values()]];
      counts.set(key, stored);
      return { terms: stored[0], counts: stored[1] };
    },
    save() {
      files.save();
      counts.save();
    },
  };
  return cache;
}

/** A parse result as stored: the checksum vouches for the bytes, this for the shape's top level. */
function isParsedFile(value: unknown): value is ParsedFile {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as { problems?: unknown; doc?: unknown };
  return Array.isArray(v.problems) && (v.doc === undefined || (typeof v.doc === 'object' && v.doc !== null));
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

import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { sha256 } from './hash.ts';

/** The first line of a cache file; the rest is `{ key: value }` JSON, whose sha256 the header holds. */
interface Header {
  format: string;
  version: number;
  code: string;
  sha256: string;
}

/** A store of values by key that writes itself back with `save()`, and counts what it answered. */
export interface KeyedCache<T> {
  get(key: string): T | undefined;
  set(key: string, value: T): void;
  save(): void;
  hits: number;
  misses: number;
}

/**
 * One JSON file of values derived per document, kept between builds. The file is trusted only whole: written by this
 * code (`format`, `version` and the code digest), its body's sha256 as recorded, and each value passing `isValid`;
 * anything else is ignored and rebuilt, so a damaged cache costs time, never output. `save()` keeps only the entries
 * this build used, so what was deleted leaves the cache too, and writes beside the file and renames (a build killed
 * halfway leaves the old cache, never half a file).
 */
export function openKeyedCache<T>(
  path: string,
  identity: { format: string; version: number; code: string },
  isValid: (value: unknown) => value is T,
): KeyedCache<T> {
  const stored = readEntries(path, identity);
  const used = new Map<string, T>();
  const cache: KeyedCache<T> = {
    hits: 0,
    misses: 0,
    get(key) {
      const hit = stored.get(key);
      if (!isValid(hit)) return undefined;
      used.set(key, hit);
      cache.hits++;
      return hit;
    },
    set(key, value) {
      used.set(key, value);
      cache.misses++;
    },
    save() {
      if (cache.misses === 0 && used.size === stored.size) return;
      const body = JSON.stringify(Object.fromEntries(used));
      const header: Header = { ...identity, sha256: sha256(body) };
      mkdirSync(dirname(path), { recursive: true });
      const tmp = `${path}.${process.pid}.tmp`;
      writeFileSync(tmp, `${JSON.stringify(header)}\n${body}`);
      renameSync(tmp, path);
    },
  };
  return cache;
}

/** The stored entries, or none when the file is missing, from other code, or not the bytes its header vouches for. */
function readEntries(path: string, identity: { format: string; version: number; code: string }): Map<string, unknown> {
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
    const same = header?.format === identity.format && header.version === identity.version && header.code === identity.code;
    if (cut < 0 || !same || header.sha256 !== sha256(body)) return new Map<string, unknown>();
    const entries: unknown = JSON.parse(body);
    const valid = typeof entries === 'object' && entries !== null && !Array.isArray(entries);
    return new Map<string, unknown>(valid ? Object.entries(entries as Record<string, unknown>) : []);
  } catch {
    return new Map<string, unknown>(); // unreadable: rebuild everything
  }
}

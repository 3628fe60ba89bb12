import { createHash } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

/** Who wrote a cache file: a file of another format, version or code is not read. */
export interface CacheIdentity {
  format: string;
  version: number;
  code: string;
}

/** A store of values by key that writes itself back with `save()`, and counts what it answered. */
export interface KeyedCache<T> {
  get(key: string): T | undefined;
  /** Whether the file holds an entry for `key` (not yet decoded or checked: `get` may still answer undefined). */
  has(key: string): boolean;
  set(key: string, value: T): void;
  save(): void;
  hits: number;
  misses: number;
}

/** How values are written (one line of text, no newline) and read back (then checked by `isValid`). */
export interface Codec<T> {
  encode(value: T): string;
  decode(text: string): unknown;
  isValid(value: unknown): value is T;
}

/** A value as JSON. */
export function jsonCodec<T>(isValid: (value: unknown) => value is T): Codec<T> {
  return { encode: (value) => JSON.stringify(value), decode: (text) => JSON.parse(text) as unknown, isValid };
}

/**
 * One file of values derived per document, kept between builds: a header line (`identity`), one `key\tvalue` line per
 * entry, and last the sha256 of everything before it. The file is trusted only whole: written by this code, its
 * bytes as the checksum says, each value decoding to something `isValid` accepts; anything else is ignored and
 * rebuilt, so a damaged cache costs time, never output. Entries stay bytes (outside the JS heap) until a build asks
 * for them; `save()` keeps only the entries this build used (what was deleted leaves the cache too), copies reused
 * entries' bytes as they were, and writes beside the file and renames (a build killed halfway leaves the old cache).
 */
export function openKeyedCache<T>(path: string, identity: CacheIdentity, codec: Codec<T>): KeyedCache<T> {
  let stored = readEntries(path, identity);
  const used = new Map<string, Uint8Array>();
  const cache: KeyedCache<T> = {
    hits: 0,
    misses: 0,
    get(key) {
      const bytes = stored.get(key);
      if (!bytes) return undefined;
      let value: unknown;
      try {
        value = codec.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'));
      } catch {
        return undefined;
      }
      if (!codec.isValid(value)) return undefined;
      used.set(key, bytes);
      cache.hits++;
      return value;
    },
    has: (key) => stored.has(key),
    set(key, value) {
      const text = codec.encode(value);
      if (text.includes('\n')) throw new Error(`Cache ${path}: an encoded value holds a newline; the codec must write one line.`);
      used.set(key, Buffer.from(text, 'utf8'));
      cache.misses++;
    },
    save() {
      if (cache.misses > 0 || used.size !== stored.size) writeEntries(path, identity, used);
      // The cache has done its work: let the file's bytes go before the rest of the build (hundreds of MB at 10,000 documents).
      stored = new Map();
      used.clear();
    },
  };
  return cache;
}

/**
 * Writes the file in pieces (a 10,000-document cache is hundreds of MB: never one string), then renames it into place.
 * Entries are gathered into chunks of about a megabyte, so the file costs a few hundred writes, not three per entry.
 */
function writeEntries(path: string, identity: CacheIdentity, entries: ReadonlyMap<string, Uint8Array>): void {
  mkdirSync(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}.tmp`;
  const fd = openSync(tmp, 'w');
  try {
    const hash = createHash('sha256');
    const out = (bytes: Uint8Array) => {
      hash.update(bytes);
      for (let at = 0; at < bytes.byteLength;) at += writeSync(fd, bytes, at);
    };
    const chunk = Buffer.allocUnsafe(CHUNK_BYTES);
    let used = 0;
    const flush = () => {
      out(chunk.subarray(0, used));
      used = 0;
    };
    const write = (bytes: Uint8Array) => {
      if (used + bytes.byteLength > CHUNK_BYTES) flush();
      // An entry larger than a chunk goes out as it is.
      if (bytes.byteLength > CHUNK_BYTES) out(bytes);
      else {
        chunk.set(bytes, used);
        used += bytes.byteLength;
      }
    };
    write(Buffer.from(`${JSON.stringify(identity)}\n`));
    for (const [key, bytes] of entries) {
      write(Buffer.from(`${key}\t`));
      write(bytes);
      write(NEWLINE);
    }
    flush();
    writeSync(fd, hash.digest('hex'));
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, path);
}

const CHUNK_BYTES = 1 << 20;
const NEWLINE = Buffer.from('\n');
const TAB = 0x09;
const LF = 0x0a;

/** The stored entries' bytes by key, or none when the file is missing, from other code, or not what its checksum says. */
function readEntries(path: string, identity: CacheIdentity): Map<string, Uint8Array> {
  const entries = new Map<string, Uint8Array>();
  let file: Buffer;
  try {
    file = readFileSync(path);
  } catch {
    return entries; // no cache yet
  }
  const end = file.lastIndexOf(LF);
  const headerEnd = file.indexOf(LF);
  if (end < 0 || headerEnd < 0) return entries;
  const body = file.subarray(0, end + 1);
  if (file.subarray(end + 1).toString('latin1') !== createHash('sha256').update(body).digest('hex')) return entries;
  if (file.subarray(0, headerEnd).toString('utf8') !== JSON.stringify(identity)) return entries;
  for (let at = headerEnd + 1; at < end;) {
    const next = file.indexOf(LF, at);
    const tab = file.indexOf(TAB, at);
    if (tab < 0 || tab > next) return new Map(); // not this format after all
    entries.set(file.toString('latin1', at, tab), file.subarray(tab + 1, next));
    at = next + 1;
  }
  return entries;
}

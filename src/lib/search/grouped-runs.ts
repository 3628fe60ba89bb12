/**
 * Runs of three numbers appended under a key (a term's number), read back per key in the order they were appended.
 * All runs live in two typed arrays instead of one growing JS array per key: at 10,000 documents that was millions
 * of small arrays, each reallocated as it grew and copied by every young-generation collection that found it alive,
 * which cost more than building the index itself. Appending ends at the first read (`runs`, `has`).
 */
export class GroupedRuns {
  /** Appended runs in chunks of CHUNK_RUNS, never copied as they grow (a doubling array copied hundreds of MB). */
  readonly #keyChunks: Int32Array[] = [];
  readonly #valueChunks: Int32Array[] = [];
  #count = 0;
  #sealed = false;
  /** After sealing: where each key's runs start in `#grouped`, by key (one more entry than keys). */
  #offsets: Int32Array | undefined;
  #grouped: Int32Array | undefined;

  /** Appends the run `[a, b, c]` under `key` (a non-negative integer). */
  push(key: number, a: number, b: number, c: number): void {
    if (this.#sealed) throw new Error('GroupedRuns: cannot append after the runs were read.');
    const at = this.#count % CHUNK_RUNS;
    if (at === 0) {
      this.#keyChunks.push(new Int32Array(CHUNK_RUNS));
      this.#valueChunks.push(new Int32Array(CHUNK_RUNS * 3));
    }
    const keys = this.#keyChunks[this.#keyChunks.length - 1]!;
    const values = this.#valueChunks[this.#valueChunks.length - 1]!;
    keys[at] = key;
    values[at * 3] = a;
    values[at * 3 + 1] = b;
    values[at * 3 + 2] = c;
    this.#count++;
  }

  /** The key's runs as `[a, b, c, a, b, c, …]` in the order they were appended (empty when it has none). */
  runs(key: number): Int32Array {
    const { offsets, grouped } = this.#seal();
    if (key + 1 >= offsets.length) return EMPTY;
    return grouped.subarray(offsets[key]! * 3, offsets[key + 1]! * 3);
  }

  /** Whether any run was appended under `key`. */
  has(key: number): boolean {
    const { offsets } = this.#seal();
    return key + 1 < offsets.length && offsets[key + 1]! > offsets[key]!;
  }

  /** Groups the runs by key, keeping their order within a key (a counting sort: two passes, no comparisons). */
  #seal(): { offsets: Int32Array; grouped: Int32Array } {
    if (this.#offsets && this.#grouped) return { offsets: this.#offsets, grouped: this.#grouped };
    this.#sealed = true;
    const count = this.#count;
    const chunks = this.#keyChunks;
    const lengthOf = (c: number) => (c < chunks.length - 1 ? CHUNK_RUNS : count - c * CHUNK_RUNS);
    let maxKey = -1;
    for (let c = 0; c < chunks.length; c++) {
      const keys = chunks[c]!;
      for (let i = 0, n = lengthOf(c); i < n; i++) if (keys[i]! > maxKey) maxKey = keys[i]!;
    }
    const offsets = new Int32Array(maxKey + 2);
    for (let c = 0; c < chunks.length; c++) {
      const keys = chunks[c]!;
      for (let i = 0, n = lengthOf(c); i < n; i++) offsets[keys[i]! + 1]!++;
    }
    for (let k = 1; k < offsets.length; k++) offsets[k]! += offsets[k - 1]!;
    const next = offsets.slice(0, Math.max(0, offsets.length - 1));
    const grouped = new Int32Array(count * 3);
    for (let c = 0; c < chunks.length; c++) {
      const keys = chunks[c]!;
      const values = this.#valueChunks[c]!;
      for (let i = 0, n = lengthOf(c); i < n; i++) {
        const to = next[keys[i]!]!++ * 3;
        grouped[to] = values[i * 3]!;
        grouped[to + 1] = values[i * 3 + 1]!;
        grouped[to + 2] = values[i * 3 + 2]!;
      }
    }
    this.#offsets = offsets;
    this.#grouped = grouped;
    // The append buffers are done with: let them go before the index is serialised.
    this.#keyChunks.length = 0;
    this.#valueChunks.length = 0;
    return { offsets, grouped };
  }
}

/** Runs per appended chunk: 4 MiB of values and 1 MiB of keys. */
const CHUNK_RUNS = 1 << 18;

const EMPTY = new Int32Array(0);

/** A copy of `array` at least `need` long, doubling its length as often as it takes. */
export function grow(array: Int32Array, need: number): Int32Array<ArrayBuffer> {
  let size = Math.max(1, array.length);
  while (size < need) size *= 2;
  const next = new Int32Array(size);
  next.set(array);
  return next;
}

/**
 * Runs of three numbers appended under a key (a term's number), read back per key in the order they were appended.
 * All runs live in two typed arrays instead of one growing JS array per key: at 10,000 documents that was millions
 * of small arrays, each reallocated as it grew and copied by every young-generation collection that found it alive,
 * which cost more than building the index itself. Appending ends at the first read (`runs`, `has`).
 */
export class GroupedRuns {
  #keys: Int32Array<ArrayBuffer> = new Int32Array(1 << 16);
  #values: Int32Array<ArrayBuffer> = new Int32Array(3 << 16);
  #count = 0;
  /** After sealing: where each key's runs start in `#grouped`, by key (one more entry than keys). */
  #offsets: Int32Array | undefined;
  #grouped: Int32Array | undefined;

  /** Appends the run `[a, b, c]` under `key` (a non-negative integer). */
  push(key: number, a: number, b: number, c: number): void {
    if (this.#grouped) throw new Error('GroupedRuns: cannot append after the runs were read.');
    if (this.#count === this.#keys.length) {
      this.#keys = grow(this.#keys, this.#count + 1);
      this.#values = grow(this.#values, (this.#count + 1) * 3);
    }
    const at = this.#count++;
    this.#keys[at] = key;
    this.#values[at * 3] = a;
    this.#values[at * 3 + 1] = b;
    this.#values[at * 3 + 2] = c;
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
    const count = this.#count;
    const keys = this.#keys;
    let maxKey = -1;
    for (let i = 0; i < count; i++) if (keys[i]! > maxKey) maxKey = keys[i]!;
    const offsets = new Int32Array(maxKey + 2);
    for (let i = 0; i < count; i++) offsets[keys[i]! + 1]!++;
    for (let k = 1; k < offsets.length; k++) offsets[k]! += offsets[k - 1]!;
    const next = offsets.slice(0, Math.max(0, offsets.length - 1));
    const grouped = new Int32Array(count * 3);
    const values = this.#values;
    for (let i = 0; i < count; i++) {
      const to = next[keys[i]!]!++ * 3;
      grouped[to] = values[i * 3]!;
      grouped[to + 1] = values[i * 3 + 1]!;
      grouped[to + 2] = values[i * 3 + 2]!;
    }
    this.#offsets = offsets;
    this.#grouped = grouped;
    // The append buffers are done with: let them go before the index is serialised.
    this.#keys = EMPTY;
    this.#values = EMPTY;
    return { offsets, grouped };
  }
}

const EMPTY = new Int32Array(0);

/** A copy of `array` at least `need` long, doubling its length as often as it takes. */
export function grow(array: Int32Array, need: number): Int32Array<ArrayBuffer> {
  let size = Math.max(1, array.length);
  while (size < need) size *= 2;
  const next = new Int32Array(size);
  next.set(array);
  return next;
}

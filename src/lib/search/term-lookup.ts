/**
 * The index's terms, owned here: a Map for exact lookups, and for prefix and typo lookups the terms that are not all CJK
 * in sorted order (built once, on the first such lookup or by `prepare`). Every answer lists its terms in the order they
 * were added (their rank), as MiniSearch's radix tree iterates the index the build made: the first stage sums scores in
 * that order, so the order is part of the answer. A prefix or typo lookup of a term of CJK characters only (which no
 * query makes: prefixes and typos are for Latin words) scans every term. `term-lookup.test.ts` compares every answer
 * with a plain scan of the terms.
 */
import type { FieldPostings, TermLookup } from './first-stage.ts';

/** Characters no Latin word has: a term made only of these cannot be a typo or prefix match of one. */
const CJK_ONLY = /^[\p{Script=Hangul}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]*$/u;
const HAS_CJK = /[\p{Script=Hangul}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
/** UTF-16 surrogates: the sorted table compares code units; a query with them is answered by a scan. */
const SURROGATE = /[\uD800-\uDFFF]/;

export class TermTable implements TermLookup {
  readonly #exact = new Map<string, FieldPostings>();
  readonly #order: string[] = [];
  #sorted: Sorted | undefined;

  /** Adds a term after those already there (a term added twice keeps its first place and its last postings). */
  set(term: string, postings: FieldPostings): void {
    if (!this.#exact.has(term)) this.#order.push(term);
    this.#exact.set(term, postings);
    this.#sorted = undefined;
  }

  get(term: string): FieldPostings | undefined {
    return this.#exact.get(term);
  }

  get size(): number {
    return this.#order.length;
  }

  /** Every term with its postings, in rank order. */
  *[Symbol.iterator](): IterableIterator<[string, FieldPostings]> {
    for (const term of this.#order) yield [term, this.#exact.get(term)!];
  }

  /** Builds the sorted table now (10–40 ms for 22,000 terms) rather than in the first prefix or typo lookup. */
  prepare(): void {
    this.#table();
  }

  atPrefix(prefix: string): [string, FieldPostings][] {
    if (prefix && !CJK_ONLY.test(prefix) && !SURROGATE.test(prefix)) return withPrefix(this.#table(), prefix);
    return this.#order.filter((t) => t.startsWith(prefix)).map((t) => [t, this.#exact.get(t)!]);
  }

  /** The terms within `maxDistance` edits (Levenshtein over UTF-16 code units), latest rank first (MiniSearch's `fuzzyGet` order). */
  fuzzyGet(term: string, maxDistance: number): Map<string, [FieldPostings, number]> {
    // A term of CJK characters only is at least `term.length` edits from a term with none of them: below that distance
    // every match is in the sorted table.
    if (maxDistance < term.length && !HAS_CJK.test(term) && !SURROGATE.test(term)) return withinDistance(this.#table(), term, maxDistance);
    const found = new Map<string, [FieldPostings, number]>();
    for (let i = this.#order.length - 1; i >= 0; i--) {
      const candidate = this.#order[i]!;
      const distance = editDistance(term, candidate, maxDistance);
      if (distance <= maxDistance) found.set(candidate, [this.#exact.get(candidate)!, distance]);
    }
    return found;
  }

  #table(): Sorted {
    if (this.#sorted) return this.#sorted;
    const others: { term: string; rank: number }[] = [];
    this.#order.forEach((term, rank) => {
      if (!CJK_ONLY.test(term)) others.push({ term, rank });
    });
    others.sort((a, b) => (a.term < b.term ? -1 : a.term > b.term ? 1 : 0));
    return (this.#sorted = {
      terms: others.map((o) => o.term),
      ranks: Int32Array.from(others, (o) => o.rank),
      postings: others.map((o) => this.#exact.get(o.term)!),
    });
  }
}

/** Levenshtein distance over UTF-16 code units, or `limit + 1` once it must exceed `limit`. */
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let least = i;
    for (let j = 1; j <= b.length; j++) {
      const d = Math.min(previous[j - 1]! + (a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1), previous[j]! + 1, row[j - 1]! + 1);
      row.push(d);
      if (d < least) least = d;
    }
    if (least > limit) return limit + 1;
    previous = row;
  }
  return previous[b.length]!;
}

/** Terms with a character outside CJK, sorted by code unit; `ranks[i]` is where the tree's iteration gives `terms[i]`. */
interface Sorted {
  terms: readonly string[];
  ranks: Int32Array;
  postings: readonly FieldPostings[];
}

/** First position in `terms` whose term is not below `key`. */
function lowerBound(terms: readonly string[], key: string, from = 0): number {
  let lo = from;
  let hi = terms.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (terms[mid]! < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** First position from `from` whose term does not start with `prefix` (those that do are contiguous from `from`). */
function endOfPrefix(terms: readonly string[], prefix: string, from: number): number {
  let lo = from;
  let hi = terms.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (terms[mid]!.startsWith(prefix)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The terms starting with `prefix`, in rank order. */
function withPrefix(table: Sorted, prefix: string): [string, FieldPostings][] {
  const start = lowerBound(table.terms, prefix);
  const end = endOfPrefix(table.terms, prefix, start);
  const found: number[] = [];
  for (let i = start; i < end; i++) found.push(i);
  found.sort((a, b) => table.ranks[a]! - table.ranks[b]!);
  return found.map((i) => [table.terms[i]!, table.postings[i]!]);
}

/**
 * The terms within `maxDistance` edits (Levenshtein, over UTF-16 code units) of `query`, with their distance, latest
 * rank first: MiniSearch's `fuzzyGet` walks its tree depth first visiting children in insertion order, and its iterator
 * visits them in the reverse order, so its walk gives the iteration order reversed. The sorted terms share prefixes with their
 * neighbours, so the rows of the edit-distance matrix for a shared prefix are kept, and a prefix already too far off
 * skips every term that starts with it.
 */
function withinDistance(table: Sorted, query: string, maxDistance: number): Map<string, [FieldPostings, number]> {
  const { terms } = table;
  const n = query.length;
  const longest = n + maxDistance;
  // rows[k * width + j]: distance between the first k characters of the current term and the first j of the query.
  const width = n + 1;
  const rows = new Int32Array((longest + 1) * width);
  for (let j = 0; j <= n; j++) rows[j] = j;
  const codes = new Int32Array(n);
  for (let j = 0; j < n; j++) codes[j] = query.charCodeAt(j);
  const found: { at: number; distance: number }[] = [];
  let previous = '';
  let valid = 0;
  for (let at = 0; at < terms.length;) {
    const term = terms[at]!;
    let shared = 0;
    const most = Math.min(valid, term.length, previous.length);
    while (shared < most && term.charCodeAt(shared) === previous.charCodeAt(shared)) shared++;
    const last = Math.min(term.length, longest);
    let pruned = -1;
    for (let k = shared + 1; k <= last; k++) {
      const row = k * width;
      const up = row - width;
      const c = term.charCodeAt(k - 1);
      rows[row] = k;
      let least = k;
      for (let j = 1; j <= n; j++) {
        const d = Math.min(rows[up + j - 1]! + (codes[j - 1] === c ? 0 : 1), rows[up + j]! + 1, rows[row + j - 1]! + 1);
        rows[row + j] = d;
        if (d < least) least = d;
      }
      if (least > maxDistance) {
        pruned = k;
        break;
      }
    }
    previous = term;
    if (pruned > 0) {
      // Every term starting with these `pruned` characters is as far off: none of them can match.
      valid = pruned - 1;
      at = endOfPrefix(terms, term.slice(0, pruned), at + 1);
      continue;
    }
    valid = last;
    if (term.length <= longest) {
      const distance = rows[term.length * width + n]!;
      if (distance <= maxDistance) found.push({ at, distance });
    }
    at++;
  }
  found.sort((a, b) => table.ranks[b.at]! - table.ranks[a.at]!);
  return new Map(found.map(({ at, distance }) => [terms[at]!, [table.postings[at]!, distance]]));
}

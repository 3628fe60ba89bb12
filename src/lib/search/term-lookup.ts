/**
 * MiniSearch's term map (a radix tree) answers the first stage's lookups, and at 10,000 documents each lookup is slow the
 * first time a query asks it: `get` and `atPrefix` scan the root's children (one per first character: 915, most of them
 * Hangul syllables) with `startsWith`, and a typo-tolerant `fuzzyGet` of a Latin word walks two levels of every Hangul
 * branch (about 20,000 bigrams) though no bigram can be within two edits of it. `termLookupOf` answers the same questions
 * from tables built once: a Map for exact terms, and the terms that are not all CJK in sorted order for prefix and typo
 * lookups, each answer in the order the tree gives it (the first stage sums scores in that order, so the order is part
 * of the answer). `term-lookup.test.ts` compares every answer with the tree's on a real index.
 */
import type { FieldPostings, TermLookup } from './first-stage.ts';

/** What the tables are built from: MiniSearch's term map, read through its public Map-like API. */
export interface TermTree extends TermLookup {
  [Symbol.iterator](): Iterator<[string, FieldPostings]>;
}

/** Characters no Latin word has: a term made only of these cannot be a typo or prefix match of one. */
const CJK_ONLY = /^[\p{Script=Hangul}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]*$/u;
const HAS_CJK = /[\p{Script=Hangul}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
/** UTF-16 surrogates: the tree compares code units, so a query with them is left to the tree (see `fuzzyGet`). */
const SURROGATE = /[\uD800-\uDFFF]/;

/** The same lookups as `tree`, from tables built now (one pass over its terms: 10–40 ms for 22,000 terms). */
export function termLookupOf(tree: TermTree): TermLookup {
  const exact = new Map<string, FieldPostings>();
  const others: { term: string; rank: number; postings: FieldPostings }[] = [];
  let rank = 0;
  for (const [term, postings] of tree) {
    exact.set(term, postings);
    if (!CJK_ONLY.test(term)) others.push({ term, rank, postings });
    rank++;
  }
  others.sort((a, b) => (a.term < b.term ? -1 : a.term > b.term ? 1 : 0));
  const table: Sorted = {
    terms: others.map((o) => o.term),
    ranks: Int32Array.from(others, (o) => o.rank),
    postings: others.map((o) => o.postings),
  };
  return {
    get: (term) => exact.get(term),
    // Terms starting with a character outside CJK all are in the table; anything else is asked of the tree.
    atPrefix: (prefix) => (prefix && !CJK_ONLY.test(prefix) && !SURROGATE.test(prefix) ? withPrefix(table, prefix) : tree.atPrefix(prefix)),
    // A term of CJK characters only is at least `term.length` edits from a term with none of them: below that distance
    // every match is in the table.
    fuzzyGet: (term, maxDistance) =>
      maxDistance < term.length && !HAS_CJK.test(term) && !SURROGATE.test(term) ? withinDistance(table, term, maxDistance) : tree.fuzzyGet(term, maxDistance),
  };
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

/** The terms starting with `prefix`, in the order of the tree's `atPrefix(prefix)` (its iteration order). */
function withPrefix(table: Sorted, prefix: string): [string, FieldPostings][] {
  const start = lowerBound(table.terms, prefix);
  const end = endOfPrefix(table.terms, prefix, start);
  const found: number[] = [];
  for (let i = start; i < end; i++) found.push(i);
  found.sort((a, b) => table.ranks[a]! - table.ranks[b]!);
  return found.map((i) => [table.terms[i]!, table.postings[i]!]);
}

/**
 * The terms within `maxDistance` edits (Levenshtein, over UTF-16 code units) of `query`, with their distance, in the
 * order of the tree's `fuzzyGet`: its depth-first walk visits children in insertion order, and its iterator visits them
 * in the reverse order, so the walk's order is the iteration order reversed. The sorted terms share prefixes with their
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

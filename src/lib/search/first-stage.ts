/**
 * The first stage of a search: MiniSearch's BM25 scoring of whole documents, computed straight over its
 * postings with flat accumulators. `MiniSearch.search` builds an object, a term list and a match map for
 * every posting it visits, which took 25–40 ms for a query sharing a bigram with most of 10,000 documents;
 * the same arithmetic over typed arrays takes a fraction of that. Scores are bit-for-bit MiniSearch's:
 * the same formula, the same multiplication order and the same summation order (query terms in order;
 * within one, the exact term, then prefix matches, then typo matches; fields in index order), so the
 * ranking cannot drift. `first-stage.test.ts` compares every score and term with `MiniSearch.search`.
 * Which index terms a document matched is worked out only when asked for (the callers want it for the
 * best few dozen documents, not for every match).
 */

import { PackedPostings } from './postings.ts';

/** One term's postings as MiniSearch keeps them: field id → (document short id → term frequency). */
export interface FieldPostings {
  get(fieldId: number): ReadonlyMap<number, number> | undefined;
}

/** The index's terms (`TermTable` in term-lookup.ts): exact, prefix and typo-tolerant lookups. */
export interface TermLookup {
  get(term: string): FieldPostings | undefined;
  atPrefix(prefix: string): Iterable<[string, FieldPostings]>;
  fuzzyGet(term: string, maxDistance: number): Map<string, [FieldPostings, number]>;
}

/** What the first stage reads of an index, prepared once per loaded index. */
export interface ScoringIndex {
  terms: TermLookup;
  documentCount: number;
  /** Indexed fields in index order: MiniSearch's field id, the query boost and the field's mean length. */
  fields: readonly { id: number; boost: number; averageLength: number }[];
  /** Field lengths by `shortId * stride + fieldId`. */
  fieldLengths: Float64Array;
  stride: number;
  /** External document id by short id; -1 where no document is (removed). */
  externalIds: Int32Array;
}

/** One query term as MiniSearch's `termToQuerySpec` makes it. */
export interface QuerySpec {
  term: string;
  prefix: boolean;
  /** Largest edit distance for typo matches; 0 for none. */
  maxDistance: number;
  /** MiniSearch's `boostTerm`. */
  boost: number;
}

/** Scoring constants (MiniSearch's `weights` and `bm25` search options). */
export interface ScoringOptions {
  weights: { prefix: number; fuzzy: number };
  bm25: { k: number; b: number; d: number };
}

/** Which matches a caller wants: the best `limit` of those `accept` keeps (by external id; all by default). */
export interface Selection {
  limit?: number;
  accept?: (doc: number) => boolean;
}

/** The best matches, best first, and how many matched in all (after `accept`). */
export interface BestDocuments {
  documents: ScoredDocument[];
  total: number;
}

/** A matched document: its external id, its score, and (computed on first read) what it matched. */
export interface ScoredDocument {
  readonly doc: number;
  readonly score: number;
  /** Index terms the document matched, after prefix and typo expansion (MiniSearch's `terms`). */
  readonly terms: string[];
  /** Query terms that found the document (MiniSearch's `queryTerms`). */
  readonly queryTerms: string[];
}

interface Derived {
  term: string;
  weight: number;
  postings: FieldPostings;
}

/**
 * Every document matching any of `specs`, scored as `MiniSearch.search` with `combineWith: 'OR'` scores it, best first
 * (ties by ascending external id), and cut to what a caller uses: only the best `selection.limit` documents are made
 * and sorted. A query sharing a bigram with most of a 10,000-document wiki matches thousands of documents, and
 * sorting them all was a third of the first stage; a search reads the best few dozen and the count.
 */
export function bestDocuments(index: ScoringIndex, specs: readonly QuerySpec[], options: ScoringOptions, selection: Selection = {}): BestDocuments {
  try {
    return scoreWith(scratchOf(index), index, specs, options, selection);
  } catch (e) {
    // A term whose postings fail to decode stops the query half-way: the next one must not inherit its marks.
    scratches.delete(index);
    throw e;
  }
}

function scoreWith(scratch: Scratch, index: ScoringIndex, specs: readonly QuerySpec[], options: ScoringOptions, selection: Selection): BestDocuments {
  const { total, partial, lastSpec, quality, seen, touched } = scratch;
  const matched: number[] = [];
  const derivedBySpec: Derived[][] = [];
  const firstOfTerm = new Map<string, number>();
  const cache = derivedCaches.get(index) ?? derivedCaches.set(index, new Map()).get(index)!;
  specs.forEach((spec, s) => {
    const derived = cachedDerivedTerms(cache, index.terms, spec, options.weights);
    derivedBySpec.push(derived);
    const distinct = !firstOfTerm.has(spec.term);
    if (distinct) firstOfTerm.set(spec.term, s);
    let count = 0;
    for (const d of derived) {
      for (const field of index.fields) {
        const postings = d.postings.get(field.id);
        if (postings === undefined) continue;
        count = scoreField(index, field, postings, d.weight * spec.boost * field.boost, options.bm25, s + 1, lastSpec, partial, touched, count);
      }
    }
    for (let i = 0; i < count; i++) {
      const doc = touched[i]!;
      // MiniSearch's OR combination: a document's first spec sets its score, later ones add to it.
      if (seen[doc] === 0) {
        seen[doc] = 1;
        total[doc] = partial[doc]!;
        matched.push(doc);
      } else total[doc] = total[doc]! + partial[doc]!;
      if (distinct) quality[doc] = quality[doc]! + 1;
    }
  });
  const { limit = Infinity, accept } = selection;
  const kept = accept ? matched.filter((short) => accept(index.externalIds[short]!)) : matched;
  const scoreOf = (short: number) => total[short]! * (quality[short]! || 1);
  // Only documents scoring at least the limit-th best score can be among the best (ties at it are sorted by id below).
  let chosen = kept;
  if (kept.length > limit) {
    const floor = limit > 0 ? nthLargest(Float64Array.from(kept, scoreOf), limit) : Infinity;
    chosen = kept.filter((short) => scoreOf(short) >= floor);
  }
  const out: ScoredDocument[] = chosen.map((short) => new Match(index, specs, derivedBySpec, short, scoreOf(short)));
  // The next query starts from zeros: only the documents this one reached were written (total and partial are set before read).
  for (const short of matched) lastSpec[short] = seen[short] = quality[short] = 0;
  out.sort((a, b) => b.score - a.score || a.doc - b.doc);
  if (out.length > limit) out.length = limit;
  return { documents: out, total: kept.length };
}

/** The `n`-th largest value of `values` (1-based; `values` is reordered): a quickselect, linear on average. */
export function nthLargest(values: Float64Array, n: number): number {
  const target = values.length - n;
  let lo = 0;
  let hi = values.length - 1;
  while (lo < hi) {
    const pivot = values[(lo + hi) >>> 1]!;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (values[i]! < pivot) i++;
      while (values[j]! > pivot) j--;
      if (i <= j) {
        const t = values[i]!;
        values[i++] = values[j]!;
        values[j--] = t;
      }
    }
    if (target <= j) hi = j;
    else if (target >= i) lo = i;
    else break;
  }
  return values[target]!;
}

/** Per-document accumulators, one set per index and reused by every query (zero between queries; see bestDocuments). */
interface Scratch {
  total: Float64Array;
  partial: Float64Array;
  /** Per document, 1 + the last spec that reached it (so a spec counts each document once). */
  lastSpec: Int32Array;
  /** Distinct query terms that reached each document: MiniSearch multiplies the score by it. */
  quality: Uint16Array;
  seen: Uint8Array;
  touched: Int32Array;
}

/**
 * A query allocated about 300 KB of fresh typed arrays at 10,000 documents; memory outside the heap counts towards
 * collections, so they came sooner. Searches run one at a time (synchronously), so one set per index is enough.
 */
const scratches = new WeakMap<ScoringIndex, Scratch>();

function scratchOf(index: ScoringIndex): Scratch {
  let scratch = scratches.get(index);
  const size = index.externalIds.length;
  if (!scratch || scratch.seen.length !== size) {
    scratch = {
      total: new Float64Array(size),
      partial: new Float64Array(size),
      lastSpec: new Int32Array(size),
      quality: new Uint16Array(size),
      seen: new Uint8Array(size),
      touched: new Int32Array(size),
    };
    scratches.set(index, scratch);
  }
  return scratch;
}

/** Adds one field's postings of one derived term to `partial`; returns the new count of documents in `touched`. */
function scoreField(
  index: ScoringIndex,
  field: ScoringIndex['fields'][number],
  postings: ReadonlyMap<number, number>,
  weight: number,
  bm25: ScoringOptions['bm25'],
  stamp: number,
  lastSpec: Int32Array,
  partial: Float64Array,
  touched: Int32Array,
  count: number,
): number {
  const { k, b, d } = bm25;
  const { externalIds, fieldLengths, stride, documentCount } = index;
  const matching = postings.size;
  const invDocFreq = Math.log(1 + (documentCount - matching + 0.5) / (matching + 0.5));
  const avgFieldLength = field.averageLength;
  const fieldId = field.id;
  const add = (termFreq: number, doc: number) => {
    if (doc >= externalIds.length || externalIds[doc]! < 0) return;
    const fieldLength = fieldLengths[doc * stride + fieldId]!;
    // Written exactly as MiniSearch's calcBM25Score and termResults, so every rounding step is the same.
    const rawScore = invDocFreq * (d + (termFreq * (k + 1)) / (termFreq + k * (1 - b + (b * fieldLength) / avgFieldLength)));
    const weighted = weight * rawScore;
    if (lastSpec[doc] !== stamp) {
      lastSpec[doc] = stamp;
      partial[doc] = weighted;
      touched[count++] = doc;
    } else partial[doc] = partial[doc]! + weighted;
  };
  if (postings instanceof PackedPostings) {
    // Loaded postings are packed: read their arrays in order (the same order forEach gives) without a call per posting.
    const [ids, freqs] = postings.arrays();
    for (let i = 0; i < ids.length; i++) add(freqs[i]!, ids[i]!);
  } else {
    // forEach, not for…of: the entries iterator made an array per posting (megabytes per query for common terms).
    postings.forEach(add);
  }
  return count;
}

/** Expansions kept per index: a typo-tolerant lookup walks the whole term tree (milliseconds for a Latin word). */
const derivedCaches = new WeakMap<ScoringIndex, Map<string, Derived[]>>();
const DERIVED_KEPT = 2000;

function cachedDerivedTerms(cache: Map<string, Derived[]>, terms: TermLookup, spec: QuerySpec, weights: ScoringOptions['weights']): Derived[] {
  const key = `${spec.term}\u0000${spec.prefix ? 1 : 0}\u0000${spec.maxDistance}\u0000${weights.prefix}\u0000${weights.fuzzy}`;
  let derived = cache.get(key);
  if (!derived) {
    derived = derivedTerms(terms, spec, weights);
    // Oldest first out once full; the postings themselves stay in the index either way.
    if (cache.size >= DERIVED_KEPT) cache.delete(cache.keys().next().value!);
    cache.set(key, derived);
  }
  return derived;
}

/** The index terms one query term stands for, in MiniSearch's order: exact, prefix matches, typo matches. */
function derivedTerms(terms: TermLookup, spec: QuerySpec, weights: ScoringOptions['weights']): Derived[] {
  const out: Derived[] = [];
  const exact = terms.get(spec.term);
  if (exact) out.push({ term: spec.term, weight: 1, postings: exact });
  const fuzzy = spec.maxDistance > 0 ? terms.fuzzyGet(spec.term, spec.maxDistance) : undefined;
  if (spec.prefix) {
    for (const [term, postings] of terms.atPrefix(spec.term)) {
      const distance = term.length - spec.term.length;
      if (!distance) continue;
      fuzzy?.delete(term);
      out.push({ term, weight: (weights.prefix * term.length) / (term.length + 0.3 * distance), postings });
    }
  }
  if (fuzzy) {
    for (const [term, [postings, distance]] of fuzzy) {
      if (!distance) continue;
      out.push({ term, weight: (weights.fuzzy * term.length) / (term.length + distance), postings });
    }
  }
  return out;
}

/** A scored document; its matched terms are looked up in the postings when first read. */
class Match implements ScoredDocument {
  readonly doc: number;
  readonly score: number;
  readonly #index: ScoringIndex;
  readonly #specs: readonly QuerySpec[];
  readonly #derived: readonly Derived[][];
  readonly #short: number;
  #terms: string[] | undefined;
  #queryTerms: string[] | undefined;

  constructor(index: ScoringIndex, specs: readonly QuerySpec[], derived: readonly Derived[][], short: number, score: number) {
    this.doc = index.externalIds[short]!;
    this.score = score;
    this.#index = index;
    this.#specs = specs;
    this.#derived = derived;
    this.#short = short;
  }

  get terms(): string[] {
    if (!this.#terms) this.#resolve();
    return this.#terms!;
  }

  get queryTerms(): string[] {
    if (!this.#queryTerms) this.#resolve();
    return this.#queryTerms!;
  }

  #resolve(): void {
    const terms = new Set<string>();
    const queryTerms = new Set<string>();
    this.#derived.forEach((derived, s) => {
      for (const d of derived) {
        if (!this.#index.fields.some((f) => d.postings.get(f.id)?.has(this.#short))) continue;
        terms.add(d.term);
        queryTerms.add(this.#specs[s]!.term);
      }
    });
    this.#terms = [...terms];
    this.#queryTerms = [...queryTerms];
  }
}

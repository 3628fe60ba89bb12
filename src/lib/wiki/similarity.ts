import { tokenize } from '../search/tokenize.ts';

/** A sparse, L2-normalised TF-IDF vector: term → weight. */
export type TermVector = Map<string, number>;

/** Terms kept per document vector; enough for relatedness, small enough for 10,000 documents. */
const TOP_TERMS = 80;

/**
 * How often each term occurs in a text: what `termVectors` tokenizes each text into. A cache may answer with its stored
 * form instead of a map: the distinct terms and, at the same places, their counts.
 */
export type TermCounts = ReadonlyMap<string, number> | { readonly terms: readonly string[]; readonly counts: readonly number[] };

/** The text's term counts. */
export function termCounts(text: string): Map<string, number> {
  const m = new Map<string, number>();
  for (const term of tokenize(text)) m.set(term, (m.get(term) ?? 0) + 1);
  return m;
}

/**
 * TF-IDF vectors (top terms only) for a set of texts, comparable by `cosine`. `countsOf` may answer from a cache: only
 * the counts matter (the weights are sorted by value, then term), not the order their terms come in.
 */
export function termVectors(texts: readonly string[], countsOf: (text: string) => TermCounts = termCounts): TermVector[] {
  const counts = texts.map((text) => {
    const c = countsOf(text);
    return 'terms' in c ? c : { terms: [...c.keys()], counts: [...c.values()] };
  });
  // Every (document, term) pair as a term number, in flat arrays: idf is then taken once per term, not once per pair.
  let pairs = 0;
  for (const c of counts) pairs += c.terms.length;
  const termOf = new Int32Array(pairs);
  const number = new Map<string, number>();
  const df: number[] = [];
  let at = 0;
  for (const { terms } of counts) {
    for (const term of terms) {
      let t = number.get(term);
      if (t === undefined) number.set(term, (t = df.push(0) - 1));
      df[t]!++;
      termOf[at++] = t;
    }
  }
  const n = texts.length;
  const idf = Float64Array.from(df, (d) => Math.log(1 + n / d));
  const pick = topTermPicker();
  at = 0;
  return counts.map((c) => {
    const { terms, weights } = pick.start(c.terms.length);
    for (let k = 0; k < c.terms.length; k++) {
      terms[k] = c.terms[k]!;
      weights[k] = tfWeight(c.counts[k]!) * idf[termOf[at++]!]!;
    }
    return pick.top();
  });
}

/** `1 + Math.log(tf)` for the small counts most terms have, computed once each (the same doubles). */
const TF_WEIGHTS = Float64Array.from({ length: 64 }, (_, tf) => 1 + Math.log(tf));

function tfWeight(tf: number): number {
  return tf < TF_WEIGHTS.length && Number.isInteger(tf) && tf >= 0 ? TF_WEIGHTS[tf]! : 1 + Math.log(tf);
}

/**
 * Keeps a document's `TOP_TERMS` heaviest terms (ties by term) without sorting all of them: a selection on a copy of
 * the weights finds the cut, and only the kept terms are sorted by the full order, which fixes the vector's term order
 * and so the bits of its norm and of every dot product taken with it. Scratch arrays are reused from one call to the next.
 */
function topTermPicker() {
  const terms: string[] = [];
  let weights = new Float64Array(256);
  let cut = new Float64Array(256);
  let size = 0;
  const kept: number[] = [];
  const order = (a: number, b: number) => weights[b]! - weights[a]! || (terms[a]! < terms[b]! ? -1 : 1);
  return {
    start(n: number) {
      if (n > weights.length) {
        weights = new Float64Array(n * 2);
        cut = new Float64Array(n * 2);
      }
      size = n;
      terms.length = n;
      return { terms, weights };
    },
    top(): TermVector {
      kept.length = 0;
      if (size <= TOP_TERMS) for (let k = 0; k < size; k++) kept.push(k);
      else {
        cut.set(weights.subarray(0, size));
        const least = kthSmallest(cut, size, size - TOP_TERMS);
        for (let k = 0; k < size; k++) if (weights[k]! > least) kept.push(k);
        const heavier = kept.length;
        for (let k = 0; k < size; k++) if (weights[k]! === least) kept.push(k);
        // Terms weighing exactly the cut compete by term for the places left.
        if (kept.length > TOP_TERMS) {
          const ties = kept.splice(heavier).sort(order);
          kept.push(...ties.slice(0, TOP_TERMS - heavier));
        }
      }
      kept.sort(order);
      let sum = 0;
      for (const k of kept) sum += weights[k]! * weights[k]!;
      const norm = Math.sqrt(sum) || 1;
      const vector: TermVector = new Map();
      for (const k of kept) vector.set(terms[k]!, weights[k]! / norm);
      return vector;
    },
  };
}

/** The `k`-th smallest of `a[0..n)` (from 0), reordering `a`: Wirth's selection, linear on average. */
function kthSmallest(a: Float64Array, n: number, k: number): number {
  let lo = 0;
  let hi = n - 1;
  while (lo < hi) {
    const x = a[k]!;
    let i = lo;
    let j = hi;
    do {
      while (a[i]! < x) i++;
      while (x < a[j]!) j--;
      if (i <= j) {
        const swap = a[i]!;
        a[i++] = a[j]!;
        a[j--] = swap;
      }
    } while (i <= j);
    if (j < k) lo = i;
    if (k < i) hi = j;
  }
  return a[k]!;
}

/** Cosine similarity of two normalised vectors. */
export function cosine(a: TermVector, b: TermVector): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let dot = 0;
  for (const [t, w] of small) dot += w * (large.get(t) ?? 0);
  return dot;
}

/** For every vector, the others with similarity ≥ `min`, best first (at most `limit`), via an inverted index. */
export function nearestNeighbours(vectors: readonly TermVector[], min: number, limit: number): { index: number; similarity: number }[][] {
  const { terms, weights, postings } = invertedIndex(vectors);
  const { start, ids, postingWeights } = postings;
  // One flat accumulator reused for every vector: a Map per vector cost most of a 10,000-document build's relations.
  // The sums are taken in the same order as before (terms of the vector, then postings by vector), so the figures are bit-identical.
  const dots = new Float64Array(vectors.length);
  const seen = new Uint8Array(vectors.length);
  const touched = new Int32Array(vectors.length);
  const found: number[] = [];
  const best = (a: number, b: number) => dots[b]! - dots[a]! || a - b;
  return vectors.map((_, i) => {
    let count = 0;
    for (let p = terms.start[i]!; p < terms.start[i + 1]!; p++) {
      const t = terms.ids[p]!;
      const w = weights[p]!;
      for (let k = start[t]!; k < start[t + 1]!; k++) {
        const j = ids[k]!;
        if (j === i) continue;
        if (!seen[j]) {
          seen[j] = 1;
          touched[count++] = j;
        }
        dots[j]! += w * postingWeights[k]!;
      }
    }
    found.length = 0;
    for (let c = 0; c < count; c++) if (dots[touched[c]!]! >= min) found.push(touched[c]!);
    found.sort(best);
    const out = found.slice(0, limit).map((index) => ({ index, similarity: Math.round(dots[index]! * 1000) / 1000 }));
    for (let c = 0; c < count; c++) {
      dots[touched[c]!] = 0;
      seen[touched[c]!] = 0;
    }
    return out;
  });
}

/**
 * The vectors as flat arrays: each vector's term numbers and weights in its own order, and for each term the vectors
 * holding it, in vector order, with their weights (compressed rows: entries of row r at `start[r]` to `start[r + 1]`).
 */
function invertedIndex(vectors: readonly TermVector[]) {
  const number = new Map<string, number>();
  let pairs = 0;
  for (const v of vectors) pairs += v.size;
  const terms = { start: new Int32Array(vectors.length + 1), ids: new Int32Array(pairs) };
  const weights = new Float64Array(pairs);
  const df: number[] = [];
  let p = 0;
  vectors.forEach((v, i) => {
    terms.start[i] = p;
    for (const [term, w] of v) {
      let t = number.get(term);
      if (t === undefined) number.set(term, (t = df.push(0) - 1));
      df[t]!++;
      terms.ids[p] = t;
      weights[p++] = w;
    }
  });
  terms.start[vectors.length] = p;
  const start = new Int32Array(df.length + 1);
  for (let t = 0; t < df.length; t++) start[t + 1] = start[t]! + df[t]!;
  const fill = start.slice(0, df.length);
  const ids = new Int32Array(pairs);
  const postingWeights = new Float64Array(pairs);
  for (let i = 0; i < vectors.length; i++) {
    for (let q = terms.start[i]!; q < terms.start[i + 1]!; q++) {
      const at = fill[terms.ids[q]!]!++;
      ids[at] = i;
      postingWeights[at] = weights[q]!;
    }
  }
  return { terms, weights, postings: { start, ids, postingWeights } };
}

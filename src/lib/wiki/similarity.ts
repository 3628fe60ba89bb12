import { tokenize } from '../search/tokenize.ts';

/** A sparse, L2-normalised TF-IDF vector: term → weight. */
export type TermVector = Map<string, number>;

/** Terms kept per document vector; enough for relatedness, small enough for 10,000 documents. */
const TOP_TERMS = 80;

/** How often each term occurs in a text: what `termVectors` tokenizes each text into. */
export type TermCounts = ReadonlyMap<string, number>;

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
  const counts = texts.map(countsOf);
  const df = new Map<string, number>();
  for (const m of counts) for (const term of m.keys()) df.set(term, (df.get(term) ?? 0) + 1);
  const n = texts.length;
  return counts.map((m) => {
    const weighted = [...m].map(([term, tf]) => [term, (1 + Math.log(tf)) * Math.log(1 + n / df.get(term)!)] as const);
    weighted.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
    const top = weighted.slice(0, TOP_TERMS);
    const norm = Math.sqrt(top.reduce((s, [, w]) => s + w * w, 0)) || 1;
    return new Map(top.map(([t, w]) => [t, w / norm]));
  });
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
  const postings = new Map<string, { ids: number[]; weights: number[] }>();
  vectors.forEach((v, i) => {
    for (const [t, w] of v) {
      let list = postings.get(t);
      if (!list) postings.set(t, (list = { ids: [], weights: [] }));
      list.ids.push(i);
      list.weights.push(w);
    }
  });
  // One flat accumulator reused for every vector: a Map per vector cost most of a 10,000-document build's relations.
  // The sums are taken in the same order as before (terms of the vector, then postings), so the figures are bit-identical.
  const dots = new Float64Array(vectors.length);
  const seen = new Uint8Array(vectors.length);
  const touched: number[] = [];
  return vectors.map((v, i) => {
    touched.length = 0;
    for (const [t, w] of v) {
      const { ids, weights } = postings.get(t)!;
      for (let k = 0; k < ids.length; k++) {
        const j = ids[k]!;
        if (j === i) continue;
        if (!seen[j]) {
          seen[j] = 1;
          touched.push(j);
        }
        dots[j]! += w * weights[k]!;
      }
    }
    const found: [number, number][] = [];
    for (const j of touched) {
      if (dots[j]! >= min) found.push([j, dots[j]!]);
      dots[j] = 0;
      seen[j] = 0;
    }
    return found
      .sort((a, b) => b[1] - a[1] || a[0] - b[0])
      .slice(0, limit)
      .map(([index, s]) => ({ index, similarity: Math.round(s * 1000) / 1000 }));
  });
}

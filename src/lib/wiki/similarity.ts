import { tokenize } from '../search/tokenize.ts';

/** A sparse, L2-normalised TF-IDF vector: term → weight. */
export type TermVector = Map<string, number>;

/** Terms kept per document vector; enough for relatedness, small enough for 10,000 documents. */
const TOP_TERMS = 80;

/** TF-IDF vectors (top terms only) for a set of texts, comparable by `cosine`. */
export function termVectors(texts: readonly string[]): TermVector[] {
  const counts = texts.map((t) => {
    const m = new Map<string, number>();
    for (const term of tokenize(t)) m.set(term, (m.get(term) ?? 0) + 1);
    return m;
  });
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
  const postings = new Map<string, [number, number][]>();
  vectors.forEach((v, i) => {
    for (const [t, w] of v) {
      let list = postings.get(t);
      if (!list) postings.set(t, (list = []));
      list.push([i, w]);
    }
  });
  return vectors.map((v, i) => {
    const dots = new Map<number, number>();
    for (const [t, w] of v) for (const [j, wj] of postings.get(t)!) if (j !== i) dots.set(j, (dots.get(j) ?? 0) + w * wj);
    return [...dots]
      .filter(([, s]) => s >= min)
      .sort((a, b) => b[1] - a[1] || a[0] - b[0])
      .slice(0, limit)
      .map(([index, s]) => ({ index, similarity: Math.round(s * 1000) / 1000 }));
  });
}

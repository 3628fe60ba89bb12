import { RRF_K } from './ranking.ts';

/**
 * Fusing the answers to several phrasings of one question (the user's words and the calling AI's rewrites) into one
 * ranking. Each phrasing is searched on its own; a document's fused score is the sum over the phrasings of
 * 1 / (RRF_K + its rank there) (reciprocal rank fusion, Cormack et al. 2009). Ranks, not scores, are summed because
 * scores of different queries are not comparable: a long rewrite scores every document higher than a short one.
 */

/** Most phrasings a search takes: the user's words and four more. */
export const MAX_PHRASINGS = 5;

/** The phrasings a call stands for: the query first, then the others, trimmed, blank and repeated ones left out, at most MAX_PHRASINGS. */
export function phrasingsOf(query: string, also: readonly string[] = []): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const raw of [query, ...also]) {
    const p = raw.trim();
    const key = p.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ');
    if (!p || seen.has(key)) continue;
    seen.add(key);
    out.push(p);
    if (out.length === MAX_PHRASINGS) break;
  }
  return out;
}

/** One document in the fused order: the fused score, and per phrasing that found it, its rank there (1-based). */
export interface Fused<T> {
  key: string;
  score: number;
  /** Phrasing index (0 = the query) → rank in that phrasing's list. */
  ranks: Map<number, number>;
  /** The item from the phrasing that ranked it best (the earliest phrasing on a tie). */
  best: T;
}

/** Reciprocal rank fusion of ranked lists (one per phrasing, best first); ties keep the order of the first phrasing that has them. */
export function fuseRanked<T>(lists: readonly (readonly T[])[], keyOf: (item: T) => string, k = RRF_K): Fused<T>[] {
  const byKey = new Map<string, Fused<T> & { first: number }>();
  let order = 0;
  lists.forEach((list, phrasing) => {
    list.forEach((item, i) => {
      const key = keyOf(item);
      const rank = i + 1;
      let entry = byKey.get(key);
      if (!entry) byKey.set(key, (entry = { key, score: 0, ranks: new Map(), best: item, first: order++ }));
      if (entry.ranks.has(phrasing)) return;
      entry.ranks.set(phrasing, rank);
      entry.score += 1 / (k + rank);
      if (rank < Math.min(...[...entry.ranks].filter(([p]) => p !== phrasing).map(([, r]) => r))) entry.best = item;
    });
  });
  return [...byKey.values()].sort((a, b) => b.score - a.score || a.first - b.first).map(({ first: _first, ...rest }) => rest);
}

import { RRF_K } from './ranking.ts';

/**
 * Several phrasings of one question (the user's words and the calling AI's rewrites) searched as one. The search ranks
 * the documents by the phrasings joined into one query (`joinPhrasings`): a page having words that several phrasings
 * share, or the rare words of any of them, comes first. Measured against reciprocal rank fusion of each phrasing's own
 * ranking (`fuseRanked`, Cormack et al. 2009, the baseline it replaced) on the dev halves, MRR@10 with the blind
 * phrasings: example wiki 0.875 → 0.927, ko-vue-docs 0.850 → 0.893, second ko-react-docs set 0.844 → 0.859,
 * ko-react-docs 0.984 → 0.969, ko-cs-study 0.979 → 0.969 (mean 0.906 → 0.923); with the project's own phrasings
 * 0.896 → 0.908. Fusing ranks throws away how strongly each list matched: a page one phrasing finds at rank 1 by a
 * common word counts as much as one another finds by all its rare words. Joined is also one ranking instead of five.
 * What a hit reports (matched words, coverage, which phrasings found it) is still taken phrasing by phrasing.
 */

/** The phrasings as the one query the documents are ranked by. */
export function joinPhrasings(phrasings: readonly string[]): string {
  return phrasings.join(' ');
}

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

/**
 * Reciprocal rank fusion of ranked lists (one per phrasing, best first): a document's score is the sum of 1 / (k + its
 * rank) over the lists. Ties keep the order of the first phrasing that has them. The evaluation's baseline for joining.
 */
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

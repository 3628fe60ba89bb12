/**
 * When a search counts as a miss. Apart from the log's schemas (misses.ts, which need zod), so the search box on every
 * page can judge a search without carrying zod in the page's script.
 */

/** A search whose best hit scores below this counts as weak (scores of real matches in the example wiki start near 20). */
export const WEAK_BEST_SCORE = 10;

/**
 * True when a search found nothing or only weak matches, so it belongs in the miss log. The search's
 * own `match` decides when given (anything short of a full match is a miss); older reports without it
 * fall back to the best score.
 */
export function isMiss(resultCount: number, bestScore: number | null | undefined, match?: 'none' | 'partial' | 'full'): boolean {
  if (resultCount === 0) return true;
  if (match) return match !== 'full';
  return bestScore === null || bestScore === undefined || bestScore < WEAK_BEST_SCORE;
}

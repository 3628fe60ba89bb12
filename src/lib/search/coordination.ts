import type { QueryUnit } from './coverage.ts';
import type { RankTerm } from './section-rank.ts';

/**
 * A query no candidate covers even in part (the answer would say `match: "none"`) is most often a paraphrase: the
 * asker's own words, a few of which the right page has, among common ones ('화면', '다시', '필요') that every page
 * has. `search` then ranks the candidates again with the terms this gives, two changes over the usual ranking:
 *
 * - The section stage multiplies a section's score by how many query terms it matched (MiniSearch's coordination).
 *   A Hangul word is several bigrams, so a section repeating one long word of the query outscored one having more
 *   of its words; here each term counts as the query word it belongs to (with its prefix, typo and other spellings).
 * - Each word's terms weigh by how rare the word is against the query's rarest, to the power RARITY_EXPONENT, so
 *   the common words of a long question stop carrying it.
 *
 * Measured on the blind dev sets (MRR@10, before → words only → both): ko-react-docs 0.913 → 0.938 → 0.938,
 * ko-vue-docs 0.818 → 0.813 → 0.843, ko-cs-study 0.948 → 0.953 → 0.953, the example wiki, the second ko-react-docs
 * set and the earlier sets unchanged; off-topic 20/20 on every corpus; no kind of any set lower than before. Counting
 * words for every query instead raised ko-react-docs more (0.953) but cost the example wiki (0.907 → 0.884) and the
 * Vue docs (0.818 → 0.790).
 */

/** Exponent of the rarity weighting: of 0.25, 0.5 and 1, 0.25 cost the Vue paraphrases and 1 ko-cs-study and the earlier example-wiki set. */
export const RARITY_EXPONENT = 0.5;

/** The terms as an unanswered query is ranked by: each one's source its query word, its weight scaled by that word's rarity. */
export function forUnansweredQuery(terms: readonly RankTerm[], units: readonly QueryUnit[]): RankTerm[] {
  const unitOf = new Map<string, number>();
  units.forEach((u, i) => u.terms.forEach((t) => unitOf.has(t) || unitOf.set(t, i)));
  units.forEach((u, i) => u.alternatives.forEach((a) => a.terms.forEach((t) => unitOf.has(t) || unitOf.set(t, i))));
  const rarest = Math.max(0, ...units.map((u) => u.weight));
  return terms.map((t) => {
    const unit = unitOf.get(t.term) ?? unitOf.get(t.source);
    if (unit === undefined) return t;
    const rarity = rarest > 0 ? (units[unit]!.weight / rarest) ** RARITY_EXPONENT : 1;
    // A character no term has, so a word never meets a term of the same spelling.
    return { ...t, source: `\u0000${unit}`, weight: t.weight * rarity };
  });
}

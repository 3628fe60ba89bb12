import type { QueryUnit } from './coverage.ts';
import type { RankTerm } from './section-rank.ts';

/**
 * The section stage multiplies a section's score by how many of the query's terms it matched (MiniSearch's
 * coordination). A Hangul word is several bigrams, so a section repeating one long word of the query outscores
 * one that has more of its words. When no candidate covers even part of the query (the answer would say
 * `match: "none"`: a paraphrase, or a question the wiki does not answer), `search` ranks the candidates again
 * counting the query's words instead, each with the other spellings it stands for.
 *
 * Measured on the blind dev sets (MRR@10): ko-react-docs 0.913 → 0.938 (paraphrase 0.55 → 0.75), ko-cs-study
 * 0.948 → 0.953, the five others unchanged, off-topic 20/20 on every corpus. Counting words for every query
 * instead raised ko-react-docs more (0.953) but cost the example wiki (0.907 → 0.884) and the Vue docs (0.818 → 0.790).
 */

/** The terms with each one's source replaced by the query word it belongs to (directly, as a prefix or typo match of it, or as another spelling of it). */
export function byQueryWord(terms: readonly RankTerm[], units: readonly QueryUnit[]): RankTerm[] {
  const unitOf = new Map<string, number>();
  units.forEach((u, i) => u.terms.forEach((t) => unitOf.has(t) || unitOf.set(t, i)));
  units.forEach((u, i) => u.alternatives.forEach((a) => a.terms.forEach((t) => unitOf.has(t) || unitOf.set(t, i))));
  return terms.map((t) => {
    const unit = unitOf.get(t.term) ?? unitOf.get(t.source);
    // A character no term has, so a word never meets a term of the same spelling.
    return unit === undefined ? t : { ...t, source: `\u0000${unit}` };
  });
}

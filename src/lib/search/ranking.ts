/**
 * The tuned numbers of the search pipeline that came with the multi-phrasing search, the English stemmer and the
 * check of what a hit contains, in one place with the reason for each value (the pipeline, stage by stage, is described
 * in content/search/search-pipeline.md). Older tuned numbers still live beside the code that reads them
 * (`contract.ts`: field boosts, BM25, the section depth; `coverage.ts`: the match thresholds; `search.ts`: the
 * coverage boost); they are re-exported here so that this module lists every number that shapes a ranking.
 */
export { BM25, COMMON_BODY_MIN_DOCUMENTS, COMMON_BODY_SHARE, DERIVED_TERM_WEIGHTS, EXPANSION_WEIGHT, FIELD_BOOSTS, SECTION_RANK_DEPTH } from './contract.ts';
export { FULL_MATCH_COVERAGE, PARTIAL_MATCH_COVERAGE } from './coverage.ts';

/**
 * Reciprocal rank fusion's constant: a document at rank r of one phrasing adds 1 / (RRF_K + r). 60 is the value of the
 * paper that introduced the method (Cormack, Clarke and Büttcher 2009), where it was robust across collections; a small
 * constant lets one phrasing's first hit outweigh a document every phrasing ranks second or third.
 */
export const RRF_K = 60;

/**
 * How deep each phrasing's own ranking is read before fusing: a document one phrasing ranks 20th and the others do not
 * find adds 1/80 and never outweighs one found at rank 1; reading further costs section scoring for nothing.
 */
export const FUSE_DEPTH = 20;

/**
 * Letters a query word may be off by and still count as a word a hit contains (a typo named as the hit spells it):
 * none below six letters, where one letter makes another word ('bread'/'tread'); one up to eight; two beyond.
 * Stricter than the index's own typo tolerance (`fuzzyFor`), which only finds candidates.
 */
export function TYPO_DISTANCE(word: string): number {
  if (word.length < 6 || !/^[a-z]+$/.test(word)) return 0;
  return word.length <= 8 ? 1 : 2;
}

/** How much a word found only as a typo of it counts towards a hit's coverage (the index's jamo-neighbour guesses count as much). */
export { TYPO_CERTAINTY } from './spellings.ts';

/** Identifiers longer than this are not split or filed whole: such runs are hashes, data URLs or minified code, not names. */
export const MAX_IDENTIFIER_CHARS = 64;

/** English words whose stems are remembered (a build stems every word of every page; about 4 MB at most). */
export const MAX_STEM_CACHE = 50_000;

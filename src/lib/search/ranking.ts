import type { IndexField } from './contract.ts';

/**
 * Every tuned number of the search, in one place, each with why it has its value. The pipeline these numbers steer is
 * described stage by stage in content/search/search-ranking.md (its pipeline section); the modules that read them (contract.ts, coverage.ts,
 * search.ts, spellings.ts) re-export the ones callers imported from them before. Changing one that shapes the index
 * (FIELD_BOOSTS, COMMON_BODY_*, BM25) means bumping SEARCH_OPTIONS_VERSION; measure any change with `npm run eval:search`
 * on the dev halves, never on the held-out ones.
 */

// The first stage: BM25 over whole documents, per field.

/** Field weights, keeping the design's order title ≥ aliases > tags > headings > body. */
export const FIELD_BOOSTS: Readonly<Record<IndexField, number>> = { title: 8, aliases: 6, tags: 4, headings: 3, body: 1 };

/** BM25 parameters, MiniSearch's defaults; section ranking uses the same ones. */
export const BM25 = { k: 1.2, b: 0.7, d: 0.5 } as const;

/** Match weights of a term the user did not type exactly (MiniSearch's prefix/fuzzy weights). */
export const DERIVED_TERM_WEIGHTS = { fuzzy: 0.4, prefix: 0.6 } as const;

/** Weight of a term the query gained by loanword or glossary expansion. */
export const EXPANSION_WEIGHT = 0.5;

/** Weight of an English stem or an identifier's word standing for a typed word (see `derivedQueryTerms`). */
export const DERIVED_WEIGHT = 0.3;

/**
 * Body postings of a term found in more than this share of documents are left out of the index:
 * such terms (common bigrams like '컴포' in a React wiki) say little about which document is meant,
 * yet make up ~45 % of all postings. They still match titles, aliases, tags and headings, and the
 * section ranking counts them in the text of the candidates.
 */
export const COMMON_BODY_SHARE = 0.3;

/** Below this many documents nothing is left out: shares are noise in a small wiki. */
export const COMMON_BODY_MIN_DOCUMENTS = 100;

// The section stage: the best documents re-scored by their sections.

/**
 * How many of the best documents get their sections ranked (and may be reordered by them). 40 (was 20) once the
 * section counts came from the index: paraphrase recall@5 on ko-react-docs 0.75 → 0.83, no set or kind worse; 60 adds nothing.
 */
export const SECTION_RANK_DEPTH = 40;

/**
 * How much a section-ranked document's score grows with the share of query words it has (score × (1 + boost × share));
 * 2 measured best of 0–3 on the dev sets, and an unweighted share better than rarity-weighted or √-weighted ones.
 */
export const COVERAGE_BOOST = 2;

// What a result claims: coverage, match levels, how sure another spelling is.

/** A best hit covering at least this rarity-weighted share of the query is a full match. */
export const FULL_MATCH_COVERAGE = 0.75;

/** …and at least this share a partial one; below it the result says nothing matched. */
export const PARTIAL_MATCH_COVERAGE = 0.4;

/** A word matched only through a bigram one jamo away counts half: it may be a typo, or a different word. */
export const TYPO_CERTAINTY = 0.5;

// Several phrasings in one search, and what counts as a word a hit contains. The search ranks the phrasings joined into
// one query (fuse.ts); these two steer the baseline it is measured against (`npm run eval:search -- --fusion rrf`).

/**
 * Reciprocal rank fusion's constant: a document at rank r of one phrasing adds 1 / (RRF_K + r). 60 is the value of the
 * paper that introduced the method (Cormack, Clarke and Büttcher 2009), where it was robust across collections.
 */
export const RRF_K = 60;

/** How deep each phrasing's own ranking is read before fusing by rank: past 20, a document adds under 1/80. */
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

/** Shortest Hangul word whose one-jamo-off spellings (the index's typo guesses) may count as the word a hit contains. */
export const MIN_GUESSED_SYLLABLES = 3;

/** Identifiers longer than this are not split or filed whole: such runs are hashes, data URLs or minified code, not names. */
export const MAX_IDENTIFIER_CHARS = 64;

/** English words whose stems are remembered (a build stems every word of every page; about 4 MB at most). */
export const MAX_STEM_CACHE = 50_000;

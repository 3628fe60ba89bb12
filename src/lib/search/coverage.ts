import { processQueryTerm } from './contract.ts';
import { FULL_MATCH_COVERAGE, PARTIAL_MATCH_COVERAGE } from './ranking.ts';
export { PARTIAL_MATCH_COVERAGE } from './ranking.ts';
import { queryWordTerms } from './tokenize.ts';
import type { Alternative } from './expand.ts';

/**
 * How much of a query a hit answers. Each word the user typed is a unit (its index terms: Hangul
 * bigrams or a Latin word); a unit is as matched as the share of its terms the document contains, or
 * fully when one of its expansions (a loanword's other spelling, a glossary synonym, a typo's
 * neighbour) is matched in full. Units weigh by rarity, so a query is not "answered" by its common
 * words alone: '블록' and '규칙' of an off-topic question no longer carry it.
 */

/** Whether the best hit covers the query's main terms: `full` when it does, `partial` for part of them, `none` otherwise. */
export type MatchLevel = 'none' | 'partial' | 'full';

/** One word of the query with the index terms it stands for. */
export interface QueryUnit {
  /** The word as typed (trimmed of punctuation), reported in `matchedTerms`. */
  word: string;
  /** Its own index terms. */
  terms: readonly string[];
  /** Other spellings of it, any of which matched in full counts as the word (to its certainty). */
  alternatives: readonly Alternative[];
  /** Rarity weight (inverse document frequency of its terms). */
  weight: number;
}

/** The query's words and their index terms, in order; question words and stop words are left out. */
export function queryWords(query: string): { word: string; terms: string[]; parts?: string[] }[] {
  const out: { word: string; terms: string[]; parts?: string[] }[] = [];
  for (const raw of query.split(/\s+/)) {
    const word = raw.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
    // A word is there when its stem is ('memoization' on a page saying 'memoize': the stem counts for the word it
    // stands for); an identifier's words are another spelling of it (see `identifierAlternative`).
    const own = queryWordTerms(word);
    const terms = own.terms.filter((t) => processQueryTerm(t) !== null);
    const parts = own.parts.filter((t) => processQueryTerm(t) !== null);
    if (terms.length) out.push({ word, terms, ...(parts.length > 1 ? { parts } : {}) });
  }
  return out;
}

/** An identifier's words, all matched, stand for the identifier ('toCamelCaseKeys' ~ 'camel case keys'). */
export function identifierAlternative(word: { parts?: readonly string[] }): Alternative[] {
  return word.parts ? [{ terms: [...word.parts], certainty: 1, text: word.parts.join(' ') }] : [];
}

/** Rarity-weighted share of the query a document covers, and the words it matched. */
export function coverageOf(units: readonly QueryUnit[], has: (term: string) => boolean): { coverage: number; matched: string[] } {
  let total = 0;
  let covered = 0;
  const matched: string[] = [];
  // Counted in loops: the section stage asks this for every section of forty documents, and the arrays the filters
  // and spreads made were a tenth of a warm query's garbage.
  const share = (terms: readonly string[]) => {
    let n = 0;
    for (const t of terms) if (has(t)) n++;
    return terms.length ? n / terms.length : 0;
  };
  for (const u of units) {
    let m = share(u.terms);
    let whole = m === 1;
    for (const a of u.alternatives) {
      if (share(a.terms) !== 1) continue;
      whole = true;
      m = Math.max(m, a.certainty);
    }
    total += u.weight;
    covered += u.weight * m;
    // Only a word whose every term the document has (or one of its other spellings, whole): half a word's bigrams
    // is an overlap of a syllable or two, not the word. The words a result reports are checked against the hit's
    // text when the caller has it (truthful.ts); this is what is reported without it.
    if (whole) matched.push(u.word);
  }
  return { coverage: total ? Math.round((covered / total) * 1000) / 1000 : 0, matched };
}

/** The result's match level from its best hit's coverage (undefined when nothing was found). */
export function matchLevel(bestCoverage: number | undefined): MatchLevel {
  if (bestCoverage === undefined || bestCoverage < PARTIAL_MATCH_COVERAGE) return 'none';
  return bestCoverage >= FULL_MATCH_COVERAGE ? 'full' : 'partial';
}

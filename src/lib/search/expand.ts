import { processQueryTerm } from './contract.ts';
import { foldHangulVowels, stripKoreanSuffixes, stripQuerySuffixes } from './korean.ts';
import { isMarkedTerm, tokenize } from './tokenize.ts';
import type { SynonymMatcher } from './synonyms.ts';

/** What a query expands to: extra text to search for, and per query word the other spellings it stands for. */
export interface QueryExpansion {
  text: string;
  /** Per word of `queryWords(query)`: other spellings (as index terms) that, matched in full, count as that word to `certainty`. */
  alternatives: Alternative[][];
}

/** Another spelling of a query word, as index terms, and how surely it means the same (1 = surely). */
export interface Alternative {
  terms: string[];
  certainty: number;
  /** The spelling itself, to look for in a hit's text (see truthful.ts). */
  text?: string;
}

/** Other spellings of one query word (the next word given for spacing inside a loanword). */
export type SpellingsOf = (word: string, next: string | undefined) => { text: string; certainty: number }[];

/** Query terms of a text, as the index would see them. */
export function termsOf(text: string): string[] {
  // Without stems: another spelling stands for that one word, not every form of it.
  return [...new Set(tokenize(text).filter((t) => processQueryTerm(t) !== null && !isMarkedTerm(t)))];
}

/**
 * Expands a query by glossary synonyms (and mined glosses) and by each word's other spellings; every
 * expansion is attributed to the words it stands for, so coverage counts a word matched through it.
 */
export function expandQuery(
  query: string,
  words: readonly { word: string; terms: readonly string[] }[],
  matcher: SynonymMatcher,
  spellings: SpellingsOf,
): QueryExpansion {
  const alternatives: Alternative[][] = words.map(() => []);
  const extra: string[] = [];
  for (const group of matcher.mentions(query)) {
    const named = new Set(group.mentioned.flatMap(termsOf));
    let owners = words.flatMap((w, i) => (w.terms.every((t) => named.has(t)) ? [i] : []));
    if (!owners.length) owners = words.flatMap((w, i) => (w.terms.some((t) => named.has(t)) ? [i] : []));
    for (const other of group.others) {
      const terms = termsOf(other);
      if (!terms.length) continue;
      extra.push(other);
      for (const i of owners) alternatives[i]!.push({ terms, certainty: 1, text: other });
    }
  }
  words.forEach((w, i) => {
    for (const { text, certainty } of spellings(w.word, words[i + 1]?.word)) {
      const terms = termsOf(text);
      if (!terms.length || terms.every((t) => w.terms.includes(t))) continue;
      extra.push(text);
      alternatives[i]!.push({ terms, certainty, text });
    }
  });
  return { text: [...new Set(extra)].join(' '), alternatives };
}

/** A word's Hangul part as the index sees it before cutting: NFKC, lowercase, particles stripped, vowels folded. */
export function hangulStem(word: string, strip: (word: string) => string = stripKoreanSuffixes): string {
  const hangul =
    word
      .normalize('NFKC')
      .toLowerCase()
      .match(/\p{Script=Hangul}+/u)?.[0] ?? '';
  return foldHangulVowels(strip(hangul));
}

/** A query word's Hangul part as `tokenizeQuery` sees it (more endings stripped). */
export function queryStem(word: string): string {
  return hangulStem(word, stripQuerySuffixes);
}

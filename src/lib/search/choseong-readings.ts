import { queryAll } from './contract.ts';
import { bigrams } from './korean.ts';
import { choseongOf, choseongSearch } from './choseong.ts';
import type { LoadedSearch } from './index-load.ts';
import type { SearchDocument } from './index-schema.ts';

/**
 * Initials (초성) of a name written in Latin letters: 'ㄹㅇㅌ' is how a Korean typist starts '리액트', and the page is titled
 * 'React'. The Hangul reading comes from the content, never from a table of ours: a glossary or a mined gloss pairing the
 * name with a Hangul spelling ('에러 경계(Error Boundary)'), or a Hangul word the corpus writes somewhere whose loanword
 * sound is the name's ('리액트' in one post: the same sound matching that finds 'react' for a typed '리액트'). The
 * initials are read as such Hangul words, each turned into its Latin names, and documents whose title or an alias has
 * one of those names as words match.
 */

/** Most Hangul words one query's initials are read as (a chain of bigrams grows fast with common initials). */
const MAX_READINGS = 200;

/** Hangul bigrams of the index by their initials ('ㄹㅇ' → ['리액', '라이', …]) and by the first syllable and the second's initial ('리ㅇ'). */
interface BigramTable {
  byInitials: Map<string, string[]>;
  byStart: Map<string, string[]>;
}

const bigramTables = new WeakMap<ReadonlyMap<string, unknown>, BigramTable>();

function bigramTable(search: LoadedSearch): BigramTable {
  let table = bigramTables.get(search.sectionFrequency);
  if (!table) {
    table = { byInitials: new Map(), byStart: new Map() };
    for (const term of search.sectionFrequency.keys()) {
      if (!/^\p{Script=Hangul}{2}$/u.test(term)) continue;
      const initials = choseongOf(term);
      if (initials.length !== 2) continue;
      push(table.byInitials, initials, term);
      push(table.byStart, term[0]! + initials[1]!, term);
    }
    bigramTables.set(search.sectionFrequency, table);
  }
  return table;
}

function push(map: Map<string, string[]>, key: string, value: string): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** Hangul words of the corpus (one document has all their bigrams) whose initials are `initials`, at most MAX_READINGS. */
export function corpusWordsWithInitials(search: LoadedSearch, initials: string): string[] {
  const table = bigramTable(search);
  let words = (table.byInitials.get(initials.slice(0, 2)) ?? []).slice(0, MAX_READINGS);
  for (let i = 2; i < initials.length && words.length; i++) {
    const next: string[] = [];
    for (const w of words) for (const g of table.byStart.get(w.at(-1)! + initials[i]!) ?? []) if (next.length < MAX_READINGS) next.push(w + g[1]!);
    words = next;
  }
  return words.filter((w) => queryAll(search.index, bigrams(w)).length > 0);
}

/** The Latin names initials stand for: of glossary groups and glosses with a Hangul member of those initials, and of corpus words by sound. */
export function latinReadings(search: LoadedSearch, initials: string): string[] {
  const out = new Set<string>();
  for (const group of search.synonyms) {
    if (!group.some((m) => /\p{Script=Hangul}/u.test(m) && choseongOf(m) === initials)) continue;
    for (const m of group) if (/^[\p{Script=Latin}\p{N}\s._-]+$/u.test(m)) out.add(m.toLowerCase());
  }
  for (const word of corpusWordsWithInitials(search, initials)) {
    for (const s of search.spellings(word, undefined)) if (s.certainty === 1 && /^[a-z]+$/.test(s.text)) out.add(s.text);
  }
  return [...out];
}

/**
 * Documents whose title (or an alias) has one of `names` as whole words: a name at the start of the title first, then
 * titles the name is more of. Scored below choseongSearch's direct matches of the same length, which read the title itself.
 */
export function readingMatches(documents: readonly SearchDocument[], names: readonly string[]): { doc: number; score: number }[] {
  if (!names.length) return [];
  const hits: { doc: number; score: number }[] = [];
  documents.forEach((d, doc) => {
    let best = 0;
    for (const [text, weight] of [[d.title, 1.5], ...d.aliases.map((a) => [a, 0.75] as const)] as const) {
      const words = wordsOf(text);
      for (const name of names) {
        const want = wordsOf(name);
        const at = indexOfRun(words, want);
        if (at < 0) continue;
        best = Math.max(best, weight * (at === 0 ? 2 : 1) * (1 + want.length / words.length));
      }
    }
    if (best > 0) hits.push({ doc, score: Math.round(best * 1000) / 1000 });
  });
  return hits;
}

function wordsOf(text: string): string[] {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

function indexOfRun(words: readonly string[], run: readonly string[]): number {
  for (let i = 0; i + run.length <= words.length; i++) if (run.every((w, j) => words[i + j] === w)) return i;
  return -1;
}

/**
 * A query of initials answered from titles and aliases: as their own Hangul initials (choseong.ts) and, for one word
 * with the whole index (the MCP server, the build), as Latin names read in Hangul.
 */
export function choseongMatches(search: LoadedSearch, query: string): { doc: number; score: number }[] {
  const best = new Map<number, number>();
  // The site's split index reads its initials file, where the build wrote the Latin names' Hangul readings beside the
  // titles (initials-readings.ts): the same names whether or not a document's details are fetched yet.
  const names = search.shards?.initials();
  const direct = choseongSearch(names ? names.map(([title = '', ...aliases]) => ({ title, aliases })) : search.documents, query);
  const initials = query.trim();
  const read = /\s/.test(initials) || search.shards ? [] : readingMatches(search.documents, latinReadings(search, initials));
  for (const m of [...direct, ...read]) best.set(m.doc, Math.max(best.get(m.doc) ?? 0, m.score));
  return [...best].map(([doc, score]) => ({ doc, score })).sort((a, b) => b.score - a.score || a.doc - b.doc);
}

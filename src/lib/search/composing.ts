import { foldHangulVowels } from './korean.ts';
import type { SearchResult } from './search.ts';

/**
 * Search while a Korean word is still being typed. An IME shows every step of a word (ㄹ → 리 → 링 → 리애 → 리액 →
 * 리액ㅌ → 리액트): a step is rarely a word of the text, and one syllable makes no bigram for the index to find. The
 * word being typed is therefore read as the start of a word, letter by letter (jamo): `링` and `리애` both start
 * `리액트` once split into ㄹㅣㅇㅐ…. What it may become comes from the index's own terms (Hangul bigrams, already
 * loaded with the index), and the query asks for the likeliest of them instead: no extra file, no extra fetch.
 */

const FIRST = 0xac00;
const LAST = 0xd7a3;
const INITIALS = 'ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ';
const MEDIALS = ['ㅏ', 'ㅐ', 'ㅑ', 'ㅒ', 'ㅓ', 'ㅔ', 'ㅕ', 'ㅖ', 'ㅗ', 'ㅗㅏ', 'ㅗㅐ', 'ㅗㅣ', 'ㅛ', 'ㅜ', 'ㅜㅓ', 'ㅜㅔ', 'ㅜㅣ', 'ㅠ', 'ㅡ', 'ㅡㅣ', 'ㅣ'];
const FINALS = [
  '',
  'ㄱ',
  'ㄲ',
  'ㄱㅅ',
  'ㄴ',
  'ㄴㅈ',
  'ㄴㅎ',
  'ㄷ',
  'ㄹ',
  'ㄹㄱ',
  'ㄹㅁ',
  'ㄹㅂ',
  'ㄹㅅ',
  'ㄹㅌ',
  'ㄹㅍ',
  'ㄹㅎ',
  'ㅁ',
  'ㅂ',
  'ㅂㅅ',
  'ㅅ',
  'ㅆ',
  'ㅇ',
  'ㅈ',
  'ㅊ',
  'ㅋ',
  'ㅌ',
  'ㅍ',
  'ㅎ',
];
/** Compatibility jamo an IME shows alone that stand for two letters. */
const COMPOUND: Record<string, string> = {
  ㄳ: 'ㄱㅅ',
  ㄵ: 'ㄴㅈ',
  ㄶ: 'ㄴㅎ',
  ㄺ: 'ㄹㄱ',
  ㄻ: 'ㄹㅁ',
  ㄼ: 'ㄹㅂ',
  ㄽ: 'ㄹㅅ',
  ㄾ: 'ㄹㅌ',
  ㄿ: 'ㄹㅍ',
  ㅀ: 'ㄹㅎ',
  ㅄ: 'ㅂㅅ',
  ㅘ: 'ㅗㅏ',
  ㅙ: 'ㅗㅐ',
  ㅚ: 'ㅗㅣ',
  ㅝ: 'ㅜㅓ',
  ㅞ: 'ㅜㅔ',
  ㅟ: 'ㅜㅣ',
  ㅢ: 'ㅡㅣ',
};
const JAMO = /[\u3131-\u318e]/;
const HANGUL = /[\uac00-\ud7a3\u3131-\u318e]/;

/** A Hangul text as the letters typed for it, compound vowels and final clusters split (`리액트` → `ㄹㅣㅇㅐㄱㅌㅡ`). */
export function toJamo(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC')) {
    const code = ch.charCodeAt(0);
    if (code >= FIRST && code <= LAST) {
      const n = code - FIRST;
      out += INITIALS[Math.floor(n / 588)]! + MEDIALS[Math.floor((n % 588) / 28)]! + FINALS[n % 28]!;
    } else out += COMPOUND[ch] ?? ch;
  }
  return out;
}

/** The last word of a query when it is Hangul (syllables and bare jamo only), else undefined. */
export function typingWord(query: string): string | undefined {
  const last = query.normalize('NFC').trimEnd().split(/\s+/).pop() ?? '';
  return last && [...last].every((c) => HANGUL.test(c)) ? last : undefined;
}

/** True when the word is unfinished as typed: a bare jamo in it, or one syllable (too short for the index's bigrams). */
export function isUnfinished(word: string): boolean {
  return JAMO.test(word) || [...word].length === 1;
}

interface Term {
  term: string;
  jamo: string;
  /** How much the term names things: sections with it in a title or alias weigh most, then headings, then prose. */
  weight: number;
}

/** The index's Hangul bigrams, sorted by their letters for prefix lookups. */
export interface TermTable {
  terms: Term[];
}

/** Weight of a section with the term, per field in INDEX_FIELDS order (title, aliases, tags, headings, body). */
const FIELD_WEIGHTS = [10, 10, 3, 3, 1];

/** Builds the table once per loaded index from its per-term section counts (`LoadedSearch.sectionFrequency`). */
export function termTable(frequency: Iterable<readonly [string, readonly number[]]>): TermTable {
  const terms: Term[] = [];
  for (const [term, counts] of frequency)
    if (/^[\uac00-\ud7a3]{2}$/.test(term)) terms.push({ term, jamo: toJamo(term), weight: counts.reduce((s, n, i) => s + n * (FIELD_WEIGHTS[i] ?? 1), 0) });
  terms.sort((a, b) => (a.jamo < b.jamo ? -1 : a.jamo > b.jamo ? 1 : 0));
  return { terms };
}

/**
 * The bigrams of `table` that `typed` (one syllable, or two, the last maybe unfinished) may become, at most `max`:
 * those that start with its syllables as they stand first, then those a further letter would make, each by weight.
 */
export function completions(table: TermTable, typed: string, max = 5): string[] {
  const folded = foldHangulVowels(typed);
  const prefix = toJamo(folded);
  const { terms } = table;
  let lo = 0;
  let hi = terms.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (terms[mid]!.jamo < prefix) lo = mid + 1;
    else hi = mid;
  }
  const found: Term[] = [];
  for (let i = lo; i < terms.length && terms[i]!.jamo.startsWith(prefix); i++) found.push(terms[i]!);
  // The syllables as typed come first (`리` → 리엑, 리스 before 립트 of 스크립트, which only the next letter could make).
  const exact = (t: Term) => (t.term.startsWith(folded) ? 0 : 1);
  found.sort((a, b) => exact(a) - exact(b) || b.weight - a.weight || (a.term < b.term ? -1 : 1));
  return found.slice(0, max).map((t) => t.term);
}

/**
 * The query to run for what is on screen: unchanged unless its last word is unfinished Hangul (see `isUnfinished`)
 * or, with `composing` (an IME composition is open), any Hangul word. Then the word's last two letters, the pair
 * the index knows as a bigram, are replaced by the bigrams they may become (`리액ㅌ` → `리액 엑트`, vowels folded as
 * the index folds them); a one-letter word by those starting with it (`리` → `리엑 리스 …`). Undefined when nothing
 * was changed. `table` may be a function, called only when a word needs completing (the table costs a pass over the
 * index's terms, which a finished query never pays).
 */
export function composedQuery(table: TermTable | (() => TermTable), query: string, composing: boolean): string | undefined {
  const word = typingWord(query);
  if (!word || !(composing || isUnfinished(word))) return undefined;
  const letters = [...word];
  const tail = letters.slice(-2).join('');
  const found = completions(typeof table === 'function' ? table() : table, tail);
  if (found.length === 0 || (found.length === 1 && found[0] === foldHangulVowels(tail))) return undefined;
  const head = query.normalize('NFC').trimEnd().slice(0, -word.length);
  // The complete syllables before the tail still find their own bigrams.
  const before = letters.length > 2 ? [letters.slice(0, -1).join('')] : [];
  return `${head}${[...before, ...found].join(' ')}`;
}

/** One search of `query`; `present`, when given, is how its results will be shown (so early, ranked-only ones can be too). */
export type RunQuery = (query: string, present?: (result: SearchResult) => SearchResult) => SearchResult | Promise<SearchResult>;

/**
 * The site's rule for a query as it stands on screen, for the search box and for tests that compare with it. A word
 * still being composed is searched as its completions (`composedQuery`). Outside a composition a short last word
 * (`컴`, `법`) may be a word of its own: it is completed only when the query as typed finds nothing, and that empty
 * answer is never shown. For a one-word query the completions stand for that word, so any hit answers it in full.
 */
export async function searchAsTyped(query: string, composing: boolean, table: TermTable | (() => TermTable), run: RunQuery): Promise<SearchResult> {
  const composed = composedQuery(table, query, composing);
  const typed = composed && !composing ? await run(query) : undefined;
  if (!composed || (typed && typed.hits.length)) return typed ?? run(query, (r) => r);
  const single = query.trim().split(/\s+/).length === 1;
  const answer = (r: SearchResult): SearchResult => ({ ...r, query, ...(single && r.hits.length ? { match: 'full' as const } : {}) });
  return answer(await run(composed, answer));
}

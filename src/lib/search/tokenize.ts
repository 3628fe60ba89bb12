import { bigrams, foldHangulVowels, isBareSuffix, stripKoreanSuffixes, stripQuerySuffixes } from './korean.ts';
import { camelWords, identifierWords, stemOf } from './identifiers.ts';
import { MAX_IDENTIFIER_CHARS } from './ranking.ts';

/** Runs of Hangul, runs of other CJK scripts, and runs of other letters/digits, split at script changes. */
const RUN =
  /(\p{Script=Hangul}+)|([\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]+)|([[\p{L}\p{N}]--[\p{Script=Hangul}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]]+)/gv;

/** Latin words joined by `_ - . /` into one name (`use_state`, `vite.config`, `src/lib`), with at least one letter. */
const JOINED = /[\p{Script=Latin}\p{N}]+(?:[_\-./][\p{Script=Latin}\p{N}]+)+/gu;

/**
 * Turns text into index terms: Latin/digit words whole (lowercased) and, for identifiers, their words and the
 * identifier joined (see identifiers.ts); an English word whose stem differs from it also gives `~stem` (see
 * `STEM_MARK`); Hangul words with particles and verb endings stripped, sound-alike vowels folded, then cut into
 * syllable bigrams so that '상태끌어올리기' and '상태 끌어올리기' share terms. Other CJK is cut into bigrams too.
 */
export function tokenize(text: string): string[] {
  return tokenizeWith(text, stripKoreanSuffixes);
}

/**
 * Query-side tokenizing: the same terms, with more verb endings stripped (see `stripQuerySuffixes`), and for each
 * English word its stem both marked and bare ('rendering' → '~render', 'render'), so that it meets every form of the
 * word; other spellings are added by `expandQuery`, from the corpus.
 */
export function tokenizeQuery(text: string): string[] {
  return tokenizeWith(text, stripQuerySuffixes, { surface: new Set(), derived: new Map(), wholes: new Set() });
}

/**
 * Terms of a query that stand for part of what was typed, not for a typed word, each with the typed word it stands for:
 * English stems ('~memoiz' of 'memoization') and the words of an identifier ('camel' of 'toCamelCase', standing for
 * itself). They are matched exactly and count less than typed words: a stem reaches every page with any form of the word,
 * and the words of 'useStat' every page saying 'use'.
 */
export function derivedQueryTerms(text: string): Map<string, string> {
  const found: Found = { surface: new Set(), derived: new Map(), wholes: new Set() };
  tokenizeWith(text, stripQuerySuffixes, found);
  for (const t of found.surface) found.derived.delete(t);
  return found.derived;
}

/**
 * The terms a query word must have to count as matched (coverage.ts): its surface terms, no stems (a matched stem
 * counts for the word it stands for, see `derivedQueryTerms`); for an identifier also its words (`parts`), which
 * matched all together count as the identifier ('toCamelCaseKeys' on a page saying 'camel case keys').
 */
export function queryWordTerms(word: string): { terms: string[]; parts: string[] } {
  const found: Found = { surface: new Set(), derived: new Map(), wholes: new Set() };
  const all = tokenizeWith(word, stripQuerySuffixes, found);
  const isStem = (t: string) => !found.surface.has(t) && found.derived.get(t) !== undefined && found.derived.get(t) !== t;
  const terms = [...new Set(all.filter((t) => !isStem(t) && (found.surface.has(t) || !found.derived.has(t))))];
  const parts = found.wholes.size ? [...new Set(all.filter((t) => !isStem(t) && !found.wholes.has(t)))] : [];
  return { terms, parts };
}

/** What a query's tokenizing records: typed terms, derived ones (→ the term they stand for), and identifiers typed whole. */
interface Found {
  surface: Set<string>;
  derived: Map<string, string>;
  wholes: Set<string>;
}

/** Marks a stem term, so that a stem never collides with a word ('render' the word, '~render' every form of it). */
export const STEM_MARK = '~';

function tokenizeWith(text: string, strip: (word: string) => string, query?: Found): string[] {
  const terms: string[] = [];
  let latinEnd = -1;
  const normal = text.normalize('NFKC');
  for (const m of normal.matchAll(RUN)) {
    // A particle glued to an English word ('props로') belongs to that word, not to the index.
    if (m[1] && m.index === latinEnd && isBareSuffix(m[1])) continue;
    if (m[3]) latinEnd = m.index + m[3].length;
    if (m[1]) {
      const grams = bigrams(foldHangulVowels(strip(m[1].toLowerCase())));
      for (const g of grams) query?.surface.add(g);
      terms.push(...grams);
    } else if (m[2]) terms.push(...bigrams(m[2].toLowerCase()));
    else if (m[3]) terms.push(...latinTerms(m[3], query));
  }
  for (const m of normal.matchAll(JOINED)) {
    if (m[0].length > MAX_IDENTIFIER_CHARS || !/\p{L}/u.test(m[0])) continue;
    const whole = identifierWords(m[0])[0]!;
    query?.surface.add(whole);
    query?.wholes.add(whole);
    terms.push(whole);
  }
  return terms;
}

/**
 * A run of Latin letters and digits: the word lowercase with its stem term; a camelCase or PascalCase identifier also
 * gives its words marked (`^camel`, see `PART_MARK`). A query asks for each typed word's marked form too, and for an
 * identifier's words both marked and bare, all as derived terms.
 */
function latinTerms(run: string, query?: Found): string[] {
  const lower = run.toLowerCase();
  query?.surface.add(lower);
  if (run.length > MAX_IDENTIFIER_CHARS) return [lower];
  const words = camelWords(run);
  if (words.length < 2) {
    if (!query) return [lower, ...stemTerms(lower)];
    query.derived.set(PART_MARK + lower, lower);
    return [lower, ...stemTerms(lower, query), PART_MARK + lower];
  }
  if (!query) return [lower, ...words.map((w) => PART_MARK + w)];
  query.wholes.add(lower);
  for (const w of words) query.derived.set(w, w).set(PART_MARK + w, w);
  return [lower, ...words.flatMap((w) => [w, PART_MARK + w])];
}

/**
 * Marks a word of an identifier ('^render' of 'onRender'): a page naming `onRender` is not a page about rendering,
 * so a typed 'render' meets it only as a derived term, and 'camel case keys' still finds `toCamelCaseKeys`.
 */
export const PART_MARK = '^';

/** A word's stem terms: the index files `~stem` when the stem differs; a query asks for `~stem` and the bare stem. */
function stemTerms(word: string, query?: Found): string[] {
  const stem = stemOf(word);
  if (!query) return stem === word ? [] : [STEM_MARK + stem];
  const out = stem === word ? [STEM_MARK + stem] : [STEM_MARK + stem, stem];
  for (const t of out) if (!query.derived.has(t)) query.derived.set(t, word);
  return out;
}

/** Words that say what kind of question it is, not what it is about; dropped from queries only (English ones also by their stem). */
export const QUERY_STOP_WORDS: ReadonlySet<string> = new Set(
  [
    // Hangul stop words arrive as bigrams after tokenizing.
    '어떻',
    '떻게',
    '방법',
    '무엇',
    '언제',
    '어디',
    '경우',
    '이유',
    '하는',
    '있나',
    '없나',
    '사용',
    '하나',
    'how',
    'to',
    'the',
    'a',
    'an',
    'of',
    'in',
    'for',
    'and',
    'or',
    'what',
    'why',
    'is',
    'do',
    'i',
  ].flatMap((w) => (/^[a-z]/.test(w) ? [w, stemOf(w), STEM_MARK + stemOf(w), PART_MARK + w] : [w])),
);

/** True for a stem or identifier-word term (see STEM_MARK, PART_MARK): what other spellings of a word leave out. */
export function isMarkedTerm(term: string): boolean {
  return term.startsWith(STEM_MARK) || term.startsWith(PART_MARK);
}

/** True for terms in a script where prefix and typo-tolerant matching make sense (Latin words). */
export function isLatinTerm(term: string): boolean {
  return /^[a-z]/.test(term);
}

import { bigrams, foldHangulVowels, isBareSuffix, stripKoreanSuffixes } from './korean.ts';

/** Runs of Hangul, runs of other CJK scripts, and runs of other letters/digits, split at script changes. */
const RUN =
  /(\p{Script=Hangul}+)|([\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]+)|([[\p{L}\p{N}]--[\p{Script=Hangul}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]]+)/gv;

/**
 * Turns text into index terms: Latin/digit words whole (lowercased), Hangul words with particles
 * and verb endings stripped, sound-alike vowels folded, then cut into syllable bigrams so that
 * '상태끌어올리기' and '상태 끌어올리기' share terms. Other CJK is cut into bigrams too.
 */
export function tokenize(text: string): string[] {
  return tokenizeWith(text);
}

function tokenizeWith(text: string): string[] {
  const terms: string[] = [];
  let latinEnd = -1;
  for (const m of text.normalize('NFKC').toLowerCase().matchAll(RUN)) {
    // A particle glued to an English word ('props로') belongs to that word, not to the index.
    if (m[1] && m.index === latinEnd && isBareSuffix(m[1])) continue;
    if (m[3]) latinEnd = m.index + m[3].length;
    if (m[1]) {
      const word = foldHangulVowels(stripKoreanSuffixes(m[1]));
      terms.push(...bigrams(word));
    } else if (m[2]) terms.push(...bigrams(m[2]));
    else if (m[3]) terms.push(m[3]);
  }
  return terms;
}

/** Words that say what kind of question it is, not what it is about; dropped from queries only. */
export const QUERY_STOP_WORDS: ReadonlySet<string> = new Set([
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
]);

/** True for terms in a script where prefix and typo-tolerant matching make sense (Latin words). */
export function isLatinTerm(term: string): boolean {
  return /^[a-z]/.test(term);
}

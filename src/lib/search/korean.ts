/** Hangul syllables block: 가 (U+AC00) … 힣 (U+D7A3). */
const HANGUL_FIRST = 0xac00;
const HANGUL_LAST = 0xd7a3;
const JUNGSEONG_COUNT = 21;
const JONGSEONG_COUNT = 28;

/**
 * Vowels that Korean writers confuse because they sound alike: ㅐ/ㅔ, ㅒ/ㅖ, ㅙ/ㅚ/ㅞ.
 * Folding them makes '랜더링' find '렌더링' and '이팩트' find '이펙트'.
 */
const VOWEL_FOLD: Readonly<Record<number, number>> = { 1: 5, 3: 7, 10: 11, 15: 11 };
/** The same table by vowel index (-1: unchanged), for the hot loop below. */
const FOLD_BY_VOWEL = Int8Array.from({ length: JUNGSEONG_COUNT }, (_, v) => VOWEL_FOLD[v] ?? -1);

/**
 * Folds sound-alike vowels in every Hangul syllable; the result has the same length. Works on UTF-16
 * code units (Hangul syllables are all in the BMP, so surrogate pairs pass through untouched) and
 * builds the result once, since this runs over every document at build time and over the Markdown of
 * each search's candidates.
 */
export function foldHangulVowels(text: string): string {
  let codes: Uint16Array | undefined;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    let folded = code;
    if (code >= HANGUL_FIRST && code <= HANGUL_LAST) {
      const vowel = (((code - HANGUL_FIRST) / JONGSEONG_COUNT) | 0) % JUNGSEONG_COUNT;
      const to = FOLD_BY_VOWEL[vowel]!;
      if (to >= 0) folded = code + (to - vowel) * JONGSEONG_COUNT;
    }
    if (folded !== code && !codes) {
      codes = new Uint16Array(text.length);
      for (let j = 0; j < i; j++) codes[j] = text.charCodeAt(j);
    }
    if (codes) codes[i] = folded;
  }
  return codes ? fromCodes(codes) : text;
}

const UTF16 = new TextDecoder('utf-16le');

/** A string from UTF-16 code units; typed arrays are little-endian on every platform Node and browsers run on. */
function fromCodes(codes: Uint16Array): string {
  return UTF16.decode(codes);
}

/**
 * Verb endings that carry no search meaning in a question ('초기화하려면' → '초기화').
 * Longest first so the longest ending is removed.
 */
const ENDINGS = [
  '하려면',
  '하는법',
  '하나요',
  '되나요',
  '인가요',
  '합니까',
  '하세요',
  '입니다',
  '됩니다',
  '할때',
  '하는',
  '하기',
  '하면',
  '되는',
  '되면',
  '에서는',
  '으로는',
  '에게서',
  '이라는',
  '이란',
  '이라',
  '나요',
  '려면',
  '는지',
  '할까',
  '해야',
].sort((a, b) => b.length - a.length);

/** Postpositions (조사) commonly attached to nouns; longest first. */
const PARTICLES = [
  '에서',
  '에게',
  '으로',
  '까지',
  '부터',
  '처럼',
  '보다',
  '이나',
  '이랑',
  '하고',
  '에는',
  '로는',
  '과의',
  '와의',
  '에서의',
  '으로의',
  '은',
  '는',
  '이',
  '가',
  '을',
  '를',
  '의',
  '에',
  '로',
  '와',
  '과',
  '도',
  '만',
  '랑',
  '요',
].sort((a, b) => b.length - a.length);

/** True when a whole word is only a particle or an ending, as in 'useState를' or 'props로'. */
export function isBareSuffix(word: string): boolean {
  return (
    PARTICLES.includes(word) ||
    ENDINGS.includes(word) ||
    PARTICLES.some((p) => ENDINGS.some((e) => e + p === word)) ||
    ['하기', '하는', '하면', '해서', '할', '한', '된', '될'].includes(word)
  );
}

function stripOne(word: string, suffixes: readonly string[]): string {
  for (const s of suffixes) {
    if (word.length - s.length >= 2 && word.endsWith(s)) return word.slice(0, -s.length);
  }
  return word;
}

/** Removes one verb ending and then one particle, never leaving fewer than two syllables. */
export function stripKoreanSuffixes(word: string): string {
  return stripOne(stripOne(word, ENDINGS), PARTICLES);
}

/** Connective and final endings (연결·종결 어미) of two syllables or more that attach to any verb stem. */
const VERB_ENDINGS = [
  '지만',
  '어도',
  '아도',
  '여도',
  '어서',
  '아서',
  '면서',
  '으면서',
  '는데',
  '은데',
  '도록',
  '려고',
  '으려고',
  '으려면',
  '으면',
  '거나',
  '든지',
  '다면',
  '는다',
  '었다',
  '았다',
  '겠다',
  '었던',
  '았던',
  '었을',
  '았을',
  '을까',
  '을지',
  '는가',
  '니까',
  '으니까',
  '더라도',
  '어야',
  '아야',
  '게끔',
  '어요',
  '아요',
  '습니다',
  '었는데',
  '았는데',
];
/** What 하다 and 되다 turn into before an ending ('설정하지만', '설정해도', '설정했던'). */
const LIGHT_VERB_FORMS = ['하', '되', '해', '돼', '했', '됐', '한', '된', '할', '될'];
const LIGHT_VERB_ENDINGS = ['게', '고', '며', '여', '지', '도', '서', '야', '던', '다', '데', '진', '졌', '요'];

/**
 * Endings a query word may carry that the index keeps (it cuts only the most common ones): stripped
 * from queries alone, since a word's stem has a subset of its bigrams, so documents with any ending
 * still match ('기억하지만' → '기억', '복사해' → '복사', '부드럽게' stays whole).
 */
const QUERY_ENDINGS = [
  ...new Set([...ENDINGS, ...VERB_ENDINGS, ...LIGHT_VERB_FORMS.flatMap((v) => [...VERB_ENDINGS, ...LIGHT_VERB_ENDINGS].map((e) => v + e))]),
].sort((a, b) => b.length - a.length);

/** Query-side stripping: one ending of the longer list, then one particle, never leaving fewer than two syllables. */
export function stripQuerySuffixes(word: string): string {
  return stripOne(stripOne(word, QUERY_ENDINGS), PARTICLES);
}

/** Overlapping two-character grams; a one-character word is its own gram. */
export function bigrams(word: string): string[] {
  const chars = [...word];
  if (chars.length < 2) return chars.length ? [word] : [];
  const out: string[] = [];
  for (let i = 0; i < chars.length - 1; i++) out.push(chars[i]! + chars[i + 1]!);
  return out;
}

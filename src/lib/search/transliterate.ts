/**
 * Sound keys for matching a Hangul loanword with the English word it spells ('렌더' ~ 'render',
 * '타입스크립트' ~ 'typescript', '가비지' ~ 'garbage'), by the Korean loanword spelling rules in
 * reverse: consonants fall into the classes Korean keeps apart (ㄱ/ㅋ → K, ㄷ/ㅌ → T, ㅂ/ㅍ → P (f, v
 * too), ㅅ/ㅈ/ㅊ → S (s, z, j, ch, sh), ㄹ → L (l, r), ㅁ, ㄴ, ㅇ-final → G (ng), ㅎ → H), every vowel is
 * V, the epenthetic ㅡ (스-트-) and an r after a vowel (non-rhotic: server → 서버) disappear, and a
 * final vowel is dropped (test → 테스트, message → 메시지). Vowel typos ('디스페치') fall out of the key.
 */

const VOWEL = 'V';

/** Initial consonants (19, syllable order) → class; ㅇ is silent. */
const INITIAL_CLASS = ['K', 'K', 'N', 'T', 'T', 'L', 'M', 'P', 'P', 'S', 'S', '', 'S', 'S', 'S', 'K', 'T', 'P', 'H'];
/** Final consonants (28, index 0 = none) → class; a final ㅅ is how loanwords write t (로봇, 인터넷). */
const FINAL_CLASS = ['', 'K', 'K', 'K', 'N', 'N', 'N', 'T', 'L', 'L', 'L', 'L', 'L', 'L', 'L', 'L', 'M', 'P', 'P', 'T', 'T', 'G', 'T', 'T', 'K', 'T', 'P', 'T'];
/** ㅡ (vowel 18) is the vowel Korean inserts between consonants; it carries no sound of the original. */
const SILENT_VOWEL = 18;

/** The sound key of a Hangul word (other characters are skipped); '' when it has no Hangul syllable. */
export function hangulKey(word: string): string {
  let key = '';
  for (const ch of word) {
    const code = ch.charCodeAt(0) - 0xac00;
    if (code < 0 || code > 11171) continue;
    key += INITIAL_CLASS[Math.floor(code / 588)]! + (Math.floor(code / 28) % 21 === SILENT_VOWEL ? '' : VOWEL) + FINAL_CLASS[code % 28]!;
  }
  return finish(key);
}

/** Tense initials ㄲ ㄸ ㅃ ㅆ ㅉ: loanword spelling writes no tense consonant (서비스, not 써비스). */
const TENSE_INITIALS = new Set([1, 4, 8, 10, 13]);
/** The only finals loanword spelling uses: none, ㄱ ㄴ ㄹ ㅁ ㅂ ㅅ ㅇ (로봇, 커밋, 캐시). */
const LOANWORD_FINALS = new Set([0, 1, 4, 8, 16, 17, 19, 21]);

/**
 * False for a Hangul word that Korean loanword spelling could not have produced: one with a tense
 * consonant or a final outside ㄱ ㄴ ㄹ ㅁ ㅂ ㅅ ㅇ ('바꾸기', '때마다', '값', '찾아'). Such words are
 * native, so a sound key shared with an English word is chance. Other characters are ignored.
 */
export function mayBeLoanword(word: string): boolean {
  for (const ch of word) {
    const code = ch.charCodeAt(0) - 0xac00;
    if (code < 0 || code > 11171) continue;
    if (TENSE_INITIALS.has(Math.floor(code / 588)) || !LOANWORD_FINALS.has(code % 28)) return false;
  }
  return true;
}

/** Spellings in which English writes one sound, longest first; each maps to a key fragment. */
const CLUSTERS: [RegExp, string][] = [
  [/tch|dge|sch|ch|sh/g, 'S'],
  [/ph/g, 'P'],
  [/ck|qu?|kh/g, 'K'],
  [/x/g, 'KS'],
  [/wh/g, VOWEL],
  [/^kn/g, 'N'],
  [/gh/g, ''],
  [/[ts]i(?=[aeiou])/g, 'S'],
  [/c(?=[eiy])/g, 'S'],
  [/ng/g, 'G'],
];

/** The sound keys an English word may have (its r and th read both ways); [] for words that are not plain letters. */
export function latinKeys(word: string): string[] {
  if (!/^[a-z]{2,}$/.test(word)) return [];
  // Korean drops the English plural: 'components' → 컴포넌트.
  if (/[^s]s$/.test(word)) return [...new Set([...keysOf(word.slice(0, -1)), ...keysOf(word)])];
  return keysOf(word);
}

function keysOf(word: string): string[] {
  const keys = new Set<string>();
  for (const th of ['T', 'S']) {
    for (const softG of [false, true]) {
      let w = word;
      for (const [re, to] of CLUSTERS) w = w.replace(re, to.toLowerCase() === to ? to : `{${to}}`);
      w = w.replace(/th/g, `{${th}}`);
      // A soft g mostly ends a word ('image' → 이미지, 'garbage' → 가비지); elsewhere it is as often hard ('girls').
      if (softG) w = w.replace(/ge$/g, '{S}');
      // Non-rhotic r: gone after a vowel unless a vowel follows ('server' → 서버, 'reducer' → 리듀서); the variant drops it before vowels too ('rendering' → 렌더링).
      for (const rBeforeVowel of [false, true]) {
        const r = rBeforeVowel ? w.replace(/([aeiouy])r+/g, '$1') : w.replace(/([aeiouy])r+(?![aeiouy])/g, '$1');
        keys.add(finish(r.replace(/\{(\w*)\}|([a-z])/g, (_m, fixed: string | undefined, letter: string | undefined) => fixed ?? LETTER_CLASS[letter!] ?? '')));
      }
    }
  }
  return [...keys].filter((k) => k.length > 1);
}

const LETTER_CLASS: Readonly<Record<string, string>> = {
  a: VOWEL,
  e: VOWEL,
  i: VOWEL,
  o: VOWEL,
  u: VOWEL,
  y: VOWEL,
  w: VOWEL,
  b: 'P',
  p: 'P',
  f: 'P',
  v: 'P',
  d: 'T',
  t: 'T',
  k: 'K',
  g: 'K',
  c: 'K',
  q: 'K',
  s: 'S',
  z: 'S',
  j: 'S',
  l: 'L',
  r: 'L',
  m: 'M',
  n: 'N',
  h: 'H',
};

/** Merges repeated classes (ll, 엘리 → L; 이 after a vowel) and drops a final vowel. */
function finish(key: string): string {
  return key.replace(/(.)\1+/g, '$1').replace(/V$/, '');
}

/** Every key one deletion away, for near matches of long keys (a silent e, a dropped consonant). */
export function deletions(key: string): string[] {
  const out = new Set<string>();
  for (let i = 0; i < key.length; i++) out.add(key.slice(0, i) + key.slice(i + 1));
  return [...out];
}

/** Keys shorter than this match exactly only: short keys meet too many native words one sound away. */
export const NEAR_KEY_LENGTH = 7;

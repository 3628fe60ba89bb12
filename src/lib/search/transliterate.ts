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

/**
 * The English vowel groups a Hangul vowel may spell in a loanword, by the group's first letter; a capital is a vowel
 * a final silent e makes long ('type' Y, 'page' A, 'node' O, 'module' U). Broad on purpose (English spells a sound
 * many ways: 'a' is ㅐ in 'cat', ㅗ in 'all', ㅣ in 'image'); it rules out pairs no loanword makes, ㅣ for 'o' or ㅜ for 'a'.
 */
const VOWEL_LETTERS: Readonly<Record<string, string>> = {
  ㅏ: 'ao',
  ㅐ: 'aeA',
  ㅑ: 'yiea',
  ㅒ: 'yeaiA',
  ㅓ: 'aeiouU',
  ㅔ: 'eaA',
  ㅕ: 'ieyuU',
  ㅖ: 'eayiA',
  ㅗ: 'oaO',
  ㅘ: 'ouaw',
  ㅙ: 'ouaew',
  ㅚ: 'ouew',
  ㅛ: 'yi',
  ㅜ: 'uowU',
  ㅝ: 'wuoa',
  ㅞ: 'wuea',
  ㅟ: 'wuie',
  ㅠ: 'uyeiU',
  ㅡ: '',
  ㅢ: 'aeiouyw',
  ㅣ: 'ieyaAI',
};
/** Hangul vowels in syllable order. */
const VOWEL_JAMO = 'ㅏㅐㅑㅒㅓㅔㅕㅖㅗㅘㅙㅚㅛㅜㅝㅞㅟㅠㅡㅢㅣ';
/**
 * A vowel followed by a silent-initial 이 or 우 is one English vowel ('타입' type, '게이트' gate, '윈도우' window), by
 * the two vowels.
 */
const GLIDE_LETTERS: Readonly<Record<string, string>> = {
  ㅏㅣ: 'iyaeIY',
  ㅐㅣ: 'aeA',
  ㅔㅣ: 'aeA',
  ㅖㅣ: 'aeA',
  ㅗㅣ: 'oO',
  ㅏㅜ: 'oa',
  ㅗㅜ: 'oO',
  ㅞㅣ: 'wuaeA',
};
/** After ㅅ ㅈ ㅊ a y-vowel is how Korean writes sh, j or ch before the plain one ('스냅샷' snapshot, '쇼' show). */
const PALATAL_PLAIN: Readonly<Record<string, string>> = { ㅑ: 'ㅏ', ㅒ: 'ㅐ', ㅕ: 'ㅓ', ㅖ: 'ㅔ', ㅛ: 'ㅗ', ㅠ: 'ㅜ' };
/**
 * ㅅ ㅆ ㅈ ㅉ ㅊ: a final 이 after them is the vowel Korean adds to an English sh, ch or ge ('캐시' cache, '이미지' image;
 * also 위, as in the common '캐쉬').
 */
const ADDED_I_INITIALS = new Set([9, 10, 12, 13, 14]);
const SILENT_INITIAL = 11;
/** Particles written after a closed syllable: 이, 의, 에, 과 (as syllable codes). */
const PARTICLES = new Set(['이', '의', '에', '과'].map((ch) => ch.charCodeAt(0) - 0xac00));

interface HangulVowels {
  /** The letters each vowel may spell, in order. */
  units: string[];
  /** The word ends in a spoken vowel (not ㅡ); `added` when that vowel is the 이 Korean adds after ㅅ, ㅈ or ㅊ. */
  open: boolean;
  added: boolean;
  /** The last vowel is an 어 after another vowel: how Korean writes an English vowel's r ('웨어' ware, '스토어' store). */
  rVowel: boolean;
}

function hangulVowels(word: string): HangulVowels {
  const units: string[] = [];
  let open = false;
  let added = false;
  let rVowel = false;
  // The vowel of the syllable before when that syllable has no final: a silent-initial syllable may glide from it.
  let openVowel: string | undefined;
  const syllables = [...word].map((ch) => ch.charCodeAt(0) - 0xac00).filter((code) => code >= 0 && code <= 11171);
  // A particle after a closed syllable ('빈이', '힙의', '훅과') is not part of the word it follows.
  if (syllables.length > 1 && syllables.at(-2)! % 28 !== 0 && PARTICLES.has(syllables.at(-1)!)) syllables.pop();
  syllables.forEach((code, i) => {
    const initial = Math.floor(code / 588);
    const vowel = VOWEL_JAMO[Math.floor(code / 28) % 21]!;
    const final = code % 28;
    const afterVowel = initial === SILENT_INITIAL ? openVowel : undefined;
    open = i === syllables.length - 1 && final === 0 && vowel !== 'ㅡ';
    added = open && (vowel === 'ㅣ' || vowel === 'ㅟ') && ADDED_I_INITIALS.has(initial) && units.length > 0;
    rVowel = open && vowel === 'ㅓ' && afterVowel !== undefined;
    const glide = afterVowel === undefined ? undefined : GLIDE_LETTERS[afterVowel + vowel];
    const palatal = ADDED_I_INITIALS.has(initial) ? PALATAL_PLAIN[vowel] : undefined;
    if (glide !== undefined) units[units.length - 1] = glide;
    else if (vowel !== 'ㅡ' && !added) units.push(VOWEL_LETTERS[vowel]! + (palatal ? VOWEL_LETTERS[palatal]! : ''));
    openVowel = final === 0 ? vowel : undefined;
  });
  return { units, open, added, rVowel };
}

/**
 * An English word's vowel groups (a 'y' or 'w' gliding into a vowel starts one), whether it ends in a spoken vowel, and
 * whether in a vowel's r (which Korean writes as a vowel, '서버', or leaves with the stem, '컴파일' for compiler).
 */
function latinVowels(spelled: string): { groups: string[]; open: boolean; rEnd: boolean } {
  // A silent u after b or g ('build' 빌드, 'guide' 가이드) and a silent final gh ('through' 스루).
  const word = spelled.replace(/([bg])u(?=i)/g, '$1').replace(/([aeiou])gh$/, '$1');
  // ai, ay, ei, ey are the long a ('main' 메인, 'key' 키): never ㅓ, as their first letter alone would allow.
  const groups = (word.match(/(?:[wy](?=[aeiouy]))?[aeiouy]+(?:w(?![aeiouy]))?/g) ?? []).map((g) => (/^[ae][iy]/.test(g) ? `A${g.slice(2)}` : g));
  // A final e after a consonant is silent ('type', 'image'), unless it is the only vowel; one vowel letter before
  // one consonant and that e is long ('node', 'page'): written as a capital.
  const silentE = groups.length > 1 && /[^aeiouy]e$/.test(word);
  if (silentE) {
    groups.pop();
    if (/[^aeiouy][aiouy][^aeiouyw]e$/.test(word)) groups[groups.length - 1] = groups.at(-1)!.replace(/[aiouy]$/, (v) => v.toUpperCase());
  }
  const rEnd = /[aeiouy]r+e?$/.test(word);
  return { groups, open: !silentE && /[aeiouyw]$/.test(word), rEnd };
}

/**
 * Whether a Hangul word and an English word with the same sound key (see `hangulKey`) also agree in their vowels, as
 * loanword spelling writes them: the first vowels match, each vowel of the shorter one matches one of the longer's in
 * order (up to two of the longer's left over: 'typescript' has an e that '타입스크립트' drops), and a spoken final
 * vowel of either is the other's too. The keys leave vowels out so that a vowel typo ('디스페치') still meets its word; this keeps
 * out native words that only share consonants with an English one ('다시' and 'this', '입력' and 'africa').
 */
export function vowelsAgree(hangul: string, latin: string): boolean {
  const lower = latin.toLowerCase();
  const h = hangulVowels(hangul);
  // A plural s after a vowel or a vowel's r leaves the word ending as the singular does ('values' 밸류, 'servers' 서버;
  // 'focus' and 'alias' end in their s).
  const end = latinVowels(/(?:[aeiouy][ey]|[aeiouy]r|[^aeiou]y)s$/.test(lower) ? lower.slice(0, -1) : lower);
  // A spoken final vowel is written ('data' 데이터); a final vowel in Hangul spells one, or a vowel's r ('server' 서버).
  if (end.open && !h.open) return false;
  if (h.open && !h.added && !end.open && !end.rEnd) return false;
  const variants = /[^s]s$/.test(lower) ? [lower, lower.slice(0, -1)] : [lower];
  // A vowel's r written as a last 어 ('미들웨어' middleware) may stand beside the vowel rather than for one.
  const units = h.rVowel && end.rEnd ? [h.units, h.units.slice(0, -1)] : [h.units];
  return variants.some((word) => units.some((u) => alignVowels(u, latinVowels(word).groups)));
}

/** The first units meet, and every unit of the shorter list meets a later one of the longer, leaving at most two of it. */
function alignVowels(units: readonly string[], groups: readonly string[]): boolean {
  if (!units.length || !groups.length) return units.length === groups.length;
  if (Math.abs(units.length - groups.length) > 2) return false;
  const fits = (u: number, g: number) => units[u]!.includes(groups[g]![0]!);
  const latinLonger = groups.length >= units.length;
  const [short, long] = latinLonger ? [units.length, groups.length] : [groups.length, units.length];
  const pairFits = (i: number, j: number) => (latinLonger ? fits(i, j) : fits(j, i));
  // met[j]: the short list's first i units are met within the long list's first j, the first with the first.
  let met = Array.from({ length: long + 1 }, (_, j) => j === 0);
  for (let i = 0; i < short; i++) {
    const next = new Array<boolean>(long + 1).fill(false);
    for (let j = i + 1; j <= long; j++) next[j] = next[j - 1]! || (met[j - 1]! && pairFits(i, j - 1));
    met = next;
  }
  return met[long]!;
}

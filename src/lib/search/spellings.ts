import { bigrams } from './korean.ts';
import { TYPO_CERTAINTY } from './ranking.ts';
import { jamoNeighbourIndex } from './jamo-neighbours.ts';
import { queryStem, type SpellingsOf } from './expand.ts';
import { deletions, hangulKey, latinKeys, mayBeLoanword, NEAR_KEY_LENGTH, vowelsAgree } from './transliterate.ts';

/** What the corpus offers to spell a query word otherwise: its own words and their frequencies. */
export interface Vocabulary {
  /** Latin index terms (lowercase words). */
  latin: readonly string[];
  /** Hangul words people name things by (titles, aliases, tags, headings), particles stripped. */
  hangul: readonly string[];
  /** Hangul syllable bigrams of the index. */
  bigrams: readonly string[];
  /** How many sections contain a term (for preferring common spellings). */
  frequency: (term: string) => number;
  /** Whether the index has a term. */
  has: (term: string) => boolean;
  /** Of the documents having all of `a` or all of `b` (the smaller set), the share that has both. */
  together: (a: readonly string[], b: readonly string[]) => number;
}

/**
 * When both spellings occur in the corpus and the key is short, the pair must also share documents: a Korean wiki that
 * writes '렌더링' writes 'render' on the same pages, while '설치' and 'girls' (one key, SVLS) never meet.
 */
export const TOGETHER_SHARE = 0.35;
/** Keys this long rarely meet by chance ('모달' MVTVL ~ modal, '버블링' PVPLVG ~ bubbling), so they need no shared pages. */
export const TRUSTED_KEY_LENGTH = 5;

const trusted = (key: string) => key.length >= TRUSTED_KEY_LENGTH;

/** Shorter words missing a bigram are more often a typo ('탐삭') or a rare native word ('아무나' = '아무' + '나'?) than two words. */
const MIN_COMPOUND_LENGTH = 4;

/** Most other spellings one query word gets from each source. */
const MAX_SPELLINGS = 3;
/** Keys shorter than this are too short to tell a loanword from a native word ('훅' HVK vs '학'). */
const MIN_KEY_LENGTH = 3;
/**
 * Keys longer than this are neither tabled nor looked up. The longest loanwords have keys of about 17
 * ('internationalization', '인터내셔널라이제이션'), and a key's one-deletion variants cost its length squared, so an
 * unbounded key (a 100,000-letter word in a heading or body) would stall the first search for hours.
 */
const MAX_KEY_LENGTH = 32;
/** Latin words longer than this are not keyed: no loanword is, and keying reads the word a dozen times over. */
const MAX_LATIN_LETTERS = 2 * MAX_KEY_LENGTH;
/** Hangul prefixes are tabled up to this many syllables (the longest loanwords have about 10), so a long run costs no more than a short one. */
const MAX_PREFIX_SYLLABLES = 20;

/**
 * Other spellings of query words, all found in the corpus itself rather than in a hand list: a Hangul
 * word's English original by sound key ('렌더링' → rendering, '디스페치' → dispatch), the same for two
 * Hangul words written apart ('타입 스크립트' → typescript), an English word's Hangul spelling among the
 * titles and headings ('commit' → 커밋), and for a Hangul bigram the index lacks, the bigrams one jamo
 * away ('탐삭' → 탐색). Key tables are built on first use.
 */
export function createSpellings(vocabulary: Vocabulary): SpellingsOf {
  let tables: ReturnType<typeof buildTables> | undefined;
  // A Hangul word is in the corpus when one document has all its bigrams ('디스페치' is not, though '페치' is).
  const inCorpus = (hangul: string) => bigrams(hangul).every((g) => vocabulary.has(g)) && vocabulary.together(bigrams(hangul), bigrams(hangul)) > 0;
  // A part of a compound is a word of the corpus when it is in the corpus (one syllable: indexed on its own).
  const isWord = (part: string) => (part.length === 1 ? vocabulary.has(part) : inCorpus(part));
  return (word, next) => {
    tables ??= buildTables(vocabulary);
    // Only a word the corpus does not have (a typo, an unusual spelling) may match a key one sound away.
    const t = tables;
    const out = new Set<string>();
    const guesses = new Set<string>();
    const stem = queryStem(word);
    const latinWord = word.toLowerCase();
    if (/^[a-z]{3,}$/.test(latinWord)) {
      if (latinWord.length > MAX_LATIN_LETTERS) return [];
      const candidates = lookup(t.hangul, latinKeys(latinWord), vocabulary.frequency, false, (h) => mayBeLoanword(h) && vowelsAgree(h, latinWord));
      for (const h of choose(
        candidates,
        (h) => (vocabulary.has(latinWord) && inCorpus(h) ? vocabulary.together([latinWord], bigrams(h)) : -1),
        (h) => hangulKey(h),
      ))
        out.add(h);
    } else if (stem) {
      const pairs = (hangul: string, parts?: readonly [string, string]) => {
        if (!mayBeLoanword(hangul)) return;
        const known = inCorpus(hangul);
        let candidates = lookup(t.latin, [hangulKey(hangul)], vocabulary.frequency, !known, (l) => vowelsAgree(hangul, l));
        if (parts) candidates = candidates.filter((l) => spellsBothParts(l, parts));
        const chosen = choose(
          candidates,
          (l) => (known ? vocabulary.together([l], bigrams(hangul)) : -1),
          () => hangulKey(hangul),
        );
        // Korean marks no plural, and writes an English -r as a vowel: '컴포넌트' is 'component' rather than 'components',
        // '업데이트' 'update' rather than 'updater', when the corpus has both.
        for (const l of chosen) out.add(/[^s]s$|[aeiou]r$|[^aeiou]er$/.test(l) && candidates.includes(l.slice(0, -1)) ? l.slice(0, -1) : l);
      };
      pairs(stem);
      const nextStem = next ? queryStem(next) : '';
      // A loanword written in two parts ('타입 스크립트'); a one-syllable part is far more often a native word ('두 번', '빈 배열').
      if (stem.length >= 2 && nextStem.length >= 2 && /^\p{Script=Hangul}+$/u.test(next!)) pairs(stem + nextStem, [stem, nextStem]);
      const missing = bigrams(stem).flatMap((gram, i) => (gram.length === 2 && !t.bigramSet.has(gram) ? [i] : []));
      // Words of the corpus written together ('우선순위큐' for '우선순위 큐'): each missing bigram is a space, not a typo.
      const pieces = missing.length ? [...missing, stem.length - 1].map((end, k) => stem.slice(k ? missing[k - 1]! + 1 : 0, end + 1)) : [];
      if (stem.length >= MIN_COMPOUND_LENGTH && pieces.length && pieces.every(isWord)) out.add(pieces.join(' '));
      else for (const i of missing) for (const n of neighbours(stem.slice(i, i + 2), t.jamoNeighbours, vocabulary)) guesses.add(n);
    }
    return [
      ...[...out].map((text) => ({ text, certainty: 1 })),
      ...[...guesses].filter((g) => !out.has(g)).map((text) => ({ text, certainty: TYPO_CERTAINTY })),
    ];
  };
}

/**
 * A loanword written in two parts sounds like both of them in order: its key starts with the first part's and ends
 * with the second part's ('타입' TVP + '스크립트' SKLVPT → typescript TVPVSKLVPT). The one-sound tolerance of a long
 * key would otherwise let any two native words side by side ('다시' + '결정') stand for an English word ('decision').
 */
function spellsBothParts(latin: string, [first, second]: readonly [string, string]): boolean {
  const head = hangulKey(first);
  const tail = hangulKey(second);
  return latinKeys(latin).some((key) => key.startsWith(head) && key.endsWith(tail));
}

/**
 * Picks among words with the same key: those sharing pages with the query word (share ≥ TOGETHER_SHARE)
 * when any does; otherwise those with a long key; `share` is -1 when one side is not in the corpus.
 */
function choose(candidates: readonly string[], share: (w: string) => number, key: (w: string) => string): string[] {
  const shares = candidates.map((w) => ({ w, share: share(w), trusted: trusted(key(w)) }));
  const best = Math.max(0, ...shares.map((s) => s.share));
  const together = shares.filter((s) => s.share >= (s.trusted ? TOGETHER_SHARE / 2 : TOGETHER_SHARE) && s.share >= 0.6 * best);
  if (together.length) return together.sort((a, b) => b.share - a.share).map((s) => s.w);
  // Nothing shares pages: a long key still stands for its most frequent word (a typo, a spelling the corpus lacks).
  return shares
    .filter((s) => s.trusted)
    .map((s) => s.w)
    .slice(0, 1);
}

interface KeyTable {
  exact: Map<string, string[]>;
  /** Keys one deletion away from a long key → words. */
  near: Map<string, string[]>;
}

function buildTables(v: Vocabulary): { latin: KeyTable; hangul: KeyTable; bigramSet: Set<string>; jamoNeighbours: (gram: string) => string[] } {
  const latin = table();
  for (const term of v.latin) if (term.length <= MAX_LATIN_LETTERS && /^[a-z]{3,}$/.test(term)) for (const key of latinKeys(term)) add(latin, key, term);
  const hangul = table();
  for (const word of v.hangul) {
    // Every run of two or more syllables from the start: an English 'render' meets '렌더' of '렌더링'.
    for (let end = 2; end <= Math.min(word.length, MAX_PREFIX_SYLLABLES); end++) add(hangul, hangulKey(word.slice(0, end)), word.slice(0, end));
  }
  return { latin, hangul, bigramSet: new Set(v.bigrams), jamoNeighbours: jamoNeighbourIndex(v.bigrams) };
}

function table(): KeyTable {
  return { exact: new Map(), near: new Map() };
}

function add(t: KeyTable, key: string, word: string): void {
  if (key.length < MIN_KEY_LENGTH || key.length > MAX_KEY_LENGTH) return;
  push(t.exact, key, word);
  if (key.length >= NEAR_KEY_LENGTH) for (const d of deletions(key)) push(t.near, d, word);
}

function push(map: Map<string, string[]>, key: string, word: string): void {
  const list = map.get(key);
  if (!list) map.set(key, [word]);
  else if (!list.includes(word)) list.push(word);
}

/** Words with one of the keys that `accept` takes: exact matches, else (for long keys) those one deletion away either side. */
function lookup(t: KeyTable, keys: readonly string[], frequency: (term: string) => number, near: boolean, accept: (word: string) => boolean): string[] {
  const found = new Set<string>();
  // Near keys list a word many times over: each is judged once.
  const judged = new Set<string>();
  const take = (words: readonly string[] | undefined) => {
    for (const w of words ?? []) {
      if (judged.has(w)) continue;
      judged.add(w);
      if (accept(w)) found.add(w);
    }
  };
  for (const key of keys) if (key.length >= MIN_KEY_LENGTH) take(t.exact.get(key));
  if (!found.size && near) {
    for (const key of keys) {
      // A tabled key is at most MAX_KEY_LENGTH long, so a key longer by two or more meets none (and its deletions cost its length squared).
      if (key.length < NEAR_KEY_LENGTH || key.length > MAX_KEY_LENGTH + 1) continue;
      take(t.near.get(key));
      for (const d of deletions(key)) {
        take(t.exact.get(d));
        take(t.near.get(d));
      }
    }
  }
  return [...found].sort((a, b) => frequency(b) - frequency(a) || a.localeCompare(b)).slice(0, MAX_SPELLINGS);
}

/** Index bigrams one jamo (initial, vowel or final of one syllable) away from `gram`, most frequent first. */
function neighbours(gram: string, jamoNeighbours: (gram: string) => string[], v: Vocabulary): string[] {
  return jamoNeighbours(gram)
    .sort((x, y) => v.frequency(y) - v.frequency(x) || x.localeCompare(y))
    .slice(0, 2);
}

import { foldHangulVowels, isBareSuffix, stripQuerySuffixes } from './korean.ts';
import { camelWords, identifierWords, stemOf } from './identifiers.ts';
import { QUERY_STOP_WORDS } from './tokenize.ts';
import { MIN_GUESSED_SYLLABLES, TYPO_CERTAINTY, TYPO_DISTANCE } from './ranking.ts';
import type { QueryUnit } from './coverage.ts';

/**
 * Which of a query's words a hit really contains. The index matches by pieces (Hangul bigrams, English stems, prefixes,
 * typo neighbours), and pieces can all be somewhere on a page without the word being there: '연말정산' has the bigrams
 * '연말', '말정', '정산' spread over a page about state, 'tax' is the end of 'syntax'. So the words a result reports are
 * checked against the hit's own text: a word counts when the text has it (particles and endings stripped, sound-alike
 * vowels or a missing space allowed), the same English stem, a one-letter typo of it in a long word, or one of its
 * other spellings (a loanword's English, a glossary synonym); whenever the text says it otherwise than the query did,
 * the hit names the spelling it has (`{ term: '파드', as: 'pod' }`). Every piece of `as` (or the term) occurs in the text.
 */

/** A query word found in a hit under another spelling: `as` is what the hit's text says (pieces separated by spaces). */
export interface Spelling {
  term: string;
  as: string;
}

/** A hit's text made ready for checking words against it (see `prepareHitText`). */
export interface HitText {
  /** NFKC, lowercase. */
  readonly text: string;
  /** `text` with sound-alike vowels folded (same length). */
  readonly folded: string;
  /** `folded` without whitespace, and for each of its characters the position in `text`. */
  readonly compact: string;
  readonly compactAt: Int32Array;
  /** Latin words of the text (whole identifiers and their words), lowercase, by English stem. */
  readonly stems: ReadonlyMap<string, string>;
  readonly words: ReadonlySet<string>;
}

/** The text a verdict is made on: what read_knowledge returns for the hit (its Markdown with the front matter). */
export function prepareHitText(raw: string): HitText {
  const normal = raw.normalize('NFKC');
  const text = normal.toLowerCase();
  const folded = foldHangulVowels(text);
  // One pass over code units, no string built a character at a time: that made about 30 bytes of garbage per character,
  // most of what a search allocated at 10,000 documents.
  const compact = folded.replace(/\s/g, '');
  const at = new Int32Array(compact.length);
  for (let i = 0, n = 0; n < compact.length; i++) if (folded.charCodeAt(i) === compact.charCodeAt(n)) at[n++] = i;
  const words = new Set<string>();
  const stems = new Map<string, string>();
  // Only what the text says literally (lowercase): a name written with separators ('use-sync') is its parts, and a
  // camelCase name is itself and its words; never a joined form the text does not contain.
  const add = (w: string) => {
    words.add(w);
    const s = stemOf(w);
    if (!stems.has(s)) stems.set(s, w);
  };
  for (const m of normal.matchAll(LATIN_WORD)) {
    add(m[0].toLowerCase());
    for (const part of m[0].split(/[_\-.]+/).filter(Boolean)) {
      add(part.toLowerCase());
      for (const w of camelWords(part)) add(w);
    }
  }
  return { text, folded, compact, compactAt: at, stems, words };
}

const LATIN_WORD = /[\p{Script=Latin}\p{N}_]+(?:[-.][\p{Script=Latin}\p{N}_]+)*/gu;

/** A piece of a query word as the text has it, and how surely it is that word (1, or TYPO_CERTAINTY for a typo). */
interface Found {
  form: string;
  certainty: number;
}

/** Where a query word (or a piece of one) appears in the text, in the text's own spelling; undefined when it does not. */
function findPiece(piece: string, hit: HitText): Found | undefined {
  const sure = (form: string | undefined) => (form === undefined ? undefined : { form, certainty: 1 });
  if (/^\p{Script=Hangul}+$/u.test(piece)) return sure(findHangul(piece, hit));
  if (/^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]+$/u.test(piece))
    return sure(hit.text.includes(piece.toLowerCase()) ? piece.toLowerCase() : undefined);
  return findLatin(piece, hit);
}

function findHangul(word: string, hit: HitText): string | undefined {
  const stem = stripQuerySuffixes(word);
  if (hit.text.includes(stem)) return stem;
  const folded = foldHangulVowels(stem);
  const at = hit.folded.indexOf(folded);
  if (at >= 0) return hit.text.slice(at, at + folded.length);
  // Written with a space the query left out ('상태끌어올리기' on a page saying '상태 끌어올리기').
  const c = hit.compact.indexOf(folded);
  if (c >= 0) return hit.text.slice(hit.compactAt[c], hit.compactAt[c + folded.length - 1]! + 1);
  return undefined;
}

function findLatin(piece: string, hit: HitText): Found | undefined {
  const lower = piece.toLowerCase();
  if (hit.words.has(lower)) return { form: lower, certainty: 1 };
  const stemmed = hit.stems.get(stemOf(lower));
  if (stemmed) return { form: stemmed, certainty: 1 };
  // An identifier typed whole ('toCamelCaseKeys') is there when each of its words is.
  const parts = identifierWords(piece).filter((w) => w !== lower && !QUERY_STOP_WORDS.has(w));
  if (parts.length > 1) {
    const found = parts.map((p) => (hit.words.has(p) ? p : hit.stems.get(stemOf(p))));
    if (found.every(Boolean)) return { form: found.join(' '), certainty: 1 };
  }
  // A typo of a long word, the first letter right: it may as well be another word ('starter'/'started'), so it counts half.
  const max = TYPO_DISTANCE(lower);
  if (max > 0) {
    for (const w of hit.words) {
      if (w[0] === lower[0] && Math.abs(w.length - lower.length) <= max && withinEdits(lower, w, max)) return { form: w, certainty: TYPO_CERTAINTY };
    }
  }
  return undefined;
}

/** The pieces of a typed word the index reads: Latin runs and Hangul runs, a particle glued to an English word dropped. */
function piecesOf(word: string): string[] {
  const out: string[] = [];
  let latinEnd = -1;
  for (const m of word
    .normalize('NFKC')
    .matchAll(
      /(\p{Script=Hangul}+)|([\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]+)|([[\p{L}\p{N}]--[\p{Script=Hangul}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]]+)/gv,
    )) {
    if (m[1] && m.index === latinEnd && isBareSuffix(m[1])) continue;
    if (m[3]) latinEnd = m.index + m[3].length;
    out.push(m[0]);
  }
  return out;
}

/** A phrase (a word or another spelling of it) as the hit's text says it, or undefined when some piece of it is missing. */
export function findPhrase(phrase: string, hit: HitText): Found | undefined {
  const found: string[] = [];
  let certainty = 1;
  for (const word of phrase.split(/\s+/)) {
    for (const piece of piecesOf(word)) {
      const f = findPiece(piece, hit);
      if (f === undefined) return undefined;
      found.push(f.form);
      certainty = Math.min(certainty, f.certainty);
    }
  }
  return found.length ? { form: found.join(' '), certainty } : undefined;
}

/** Syllables of a word's Hangul stem (0 for a word with no Hangul). */
function hangulLength(word: string): number {
  const h = word.normalize('NFKC').match(/\p{Script=Hangul}+/u)?.[0];
  return h ? stripQuerySuffixes(h).length : 0;
}

/** The verdict on one hit: the query words its text has (in query order), the ones it spells otherwise, and their rarity-weighted share. */
export interface Verdict {
  matched: string[];
  spelledAs: Spelling[];
  coverage: number;
}

/** Checks each query word against the hit's text (see the module comment). */
export function verifyUnits(units: readonly QueryUnit[], hit: HitText): Verdict {
  let total = 0;
  let covered = 0;
  const matched: string[] = [];
  const spelledAs: Spelling[] = [];
  for (const u of units) {
    total += u.weight;
    let found = findPhrase(u.word, hit);
    // Another spelling counts when it spells the whole word: the jamo neighbours of one bigram of '연말정산' ('정한')
    // are a guess at a typo inside the word, and found alone they are two syllables of some other word.
    const length = hangulLength(u.word);
    for (const a of u.alternatives) {
      if (!a.text || (found && found.certainty >= a.certainty)) continue;
      const other = hangulLength(a.text);
      // One jamo off a two-syllable word is as often another word ('공제'/'공개', '교정'/'과정') as a typo of it.
      if (length && other && (other < length || (a.certainty < 1 && length < MIN_GUESSED_SYLLABLES))) continue;
      const f = findPhrase(a.text, hit);
      if (f && (!found || f.certainty * a.certainty > found.certainty)) found = { form: f.form, certainty: f.certainty * a.certainty };
    }
    if (!found) continue;
    covered += u.weight * found.certainty;
    matched.push(u.word);
    if (found.form !== norm(u.word)) spelledAs.push({ term: u.word, as: found.form });
  }
  return { matched, spelledAs, coverage: total ? Math.round((covered / total) * 1000) / 1000 : 0 };
}

function norm(s: string): string {
  return s.normalize('NFKC').toLowerCase();
}

/** True when `a` turns into `b` with at most `max` single-letter edits. */
export function withinEdits(a: string, b: string, max: number): boolean {
  if (Math.abs(a.length - b.length) > max) return false;
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      best = Math.min(best, next[j]!);
    }
    if (best > max) return false;
    row = next;
  }
  return row[b.length]! <= max;
}

/** Texts prepared for checking, for the last HIT_TEXTS_KEPT documents asked about (a server answers the same pages often). */
const HIT_TEXTS_KEPT = 256;
const preparedTexts = new Map<string, HitText>();

/** `prepareHitText` of a raw text, remembered by the text itself. */
export function hitTextOf(raw: string): HitText {
  const known = preparedTexts.get(raw);
  if (known) {
    preparedTexts.delete(raw);
    preparedTexts.set(raw, known);
    return known;
  }
  const made = prepareHitText(raw);
  preparedTexts.set(raw, made);
  if (preparedTexts.size > HIT_TEXTS_KEPT) preparedTexts.delete(preparedTexts.keys().next().value!);
  return made;
}

/**
 * Glosses a corpus writes itself — '에러 경계(Error Boundary)', 'Mutual exclusion (상호 배제)' — mined at
 * build time into synonym pairs, so a query in one language finds the page that glosses it in the other.
 * The side outside the parentheses takes as many words as the gloss has (at most two for Hangul, four
 * for English; as many as the Hangul gloss has the other way), which is how such glosses are written.
 * Code names, abbreviations and names glossed many ways are left out.
 */

// Both sides start at a word's start: 'Sätteri(기본)' is no gloss of 'tteri'. `glossMatches` relies on the lookbehind
// seeing every letter, digit and underscore before the run it cuts (see BEFORE_PAREN).
const HANGUL_BEFORE_LATIN =
  /(?<![\p{L}\p{N}_])((?:[\p{Script=Hangul}\w]+ ){0,3}\p{Script=Hangul}+) ?\(([A-Za-z][A-Za-z0-9'-]*(?: [A-Za-z][A-Za-z0-9'-]*){0,3})\)/gu;
const LATIN_BEFORE_HANGUL = /(?<![\p{L}\p{N}_])((?:[A-Za-z][A-Za-z0-9'-]* ){0,3}[A-Za-z][A-Za-z0-9'-]*) ?\((\p{Script=Hangul}+(?: \p{Script=Hangul}+)?)\)/gu;

/** The two gloss patterns, for tests that compare `glossMatches` with `matchAll`. */
export const GLOSS_PATTERNS: readonly RegExp[] = [HANGUL_BEFORE_LATIN, LATIN_BEFORE_HANGUL];

/** English words of a gloss: plain words, not code names (ProductRow, useState) or abbreviations (RSC). */
const PLAIN_ENGLISH = /^(?:[A-Z]?[a-z]+(?:-[a-z]+)*'?[a-z]*)(?: [A-Z]?[a-z]+(?:-[a-z]+)*)*$/;
/**
 * A Hangul side ending like a verb or with a case particle (-는, -던, -된, -거나; -에서, -에게, -으로…) is the phrase around
 * a term, not a term: '실행되거나 않는 (over-fire, under-fire)' would make the everyday '않는' stand for 'under-fire'.
 */
const PREDICATE_END = /(?:는|던|된|거나|에서|에게|으로|부터|까지|처럼|보다)$/;
/** A name glossed by more than this many different words is a category ('컴포넌트(Board)', '컴포넌트(Square)'), not a translation. */
const MAX_GLOSSES_PER_NAME = 1;

/** Synonym pairs [Hangul, English] found in the texts, each once, in order of first appearance. */
export function mineGlosses(texts: Iterable<string>): [string, string][] {
  return combineGlosses([glossCandidates(texts)]);
}

/**
 * The gloss pairs the texts write, before the corpus-wide rule (each pair once, names glossed one way only) is applied:
 * what one document adds, cached with its other index work (`index-contribution.ts`). Each pair once, in order.
 */
export function glossCandidates(texts: Iterable<string>): [string, string][] {
  const pairs = new Map<string, [string, string]>();
  const add = (hangul: string, latin: string) => {
    const h = hangul.trim();
    const l = latin.trim();
    if (h.replace(/\s/g, '').length < 2 || l.replace(/[^A-Za-z]/g, '').length < 3 || !PLAIN_ENGLISH.test(l) || PREDICATE_END.test(h)) return;
    const key = `${h.toLowerCase()}\t${l.toLowerCase()}`;
    if (!pairs.has(key)) pairs.set(key, [h, l]);
  };
  for (const text of texts) {
    for (const m of glossMatches(text, HANGUL_BEFORE_LATIN)) {
      const english = m[2]!.split(' ');
      const words = m[1]!.split(' ');
      add(words.slice(-Math.min(english.length, 2)).join(' '), m[2]!);
    }
    for (const m of glossMatches(text, LATIN_BEFORE_HANGUL)) {
      const hangul = m[2]!.split(' ');
      const words = m[1]!.split(' ');
      add(m[2]!, words.slice(-hangul.length).join(' '));
    }
  }
  return [...pairs.values()];
}

/** The synonym pairs of a corpus from its documents' `glossCandidates`, in document order: `mineGlosses` of all their texts. */
export function combineGlosses(candidates: Iterable<readonly (readonly [string, string])[]>): [string, string][] {
  const pairs = new Map<string, [string, string]>();
  for (const list of candidates) {
    for (const [h, l] of list) {
      const key = `${h.toLowerCase()}\t${l.toLowerCase()}`;
      if (!pairs.has(key)) pairs.set(key, [h, l]);
    }
  }
  const all = [...pairs.values()];
  const count = new Map<string, number>();
  for (const [h, l] of all) for (const name of [h, l.toLowerCase()]) count.set(name, (count.get(name) ?? 0) + 1);
  return all.filter(([h, l]) => count.get(h)! <= MAX_GLOSSES_PER_NAME && count.get(l.toLowerCase())! <= MAX_GLOSSES_PER_NAME);
}

/**
 * A character a gloss's words before the parenthesis may hold (both patterns' classes, and the space between them), and
 * every other letter and digit, so the patterns' lookbehind sees a word a run starts inside ('Sätteri').
 */
const BEFORE_PAREN = /[\p{L}\p{N}_ '-]/u;

/**
 * What `text.matchAll(pattern)` finds, without running the pattern over the whole text (a tenth of the artifacts'
 * build at 10,000 documents): every match holds one '(' and starts within the run of word characters and spaces just
 * before it, so the pattern runs only on that run up to the next ')'. Matches cannot overlap: a gloss holds no '(' and
 * a ')' ends each run. `index-build.test.ts` compares the two on generated text.
 */
export function glossMatches(text: string, pattern: RegExp): RegExpExecArray[] {
  const out: RegExpExecArray[] = [];
  for (let open = text.indexOf('('); open >= 0; open = text.indexOf('(', open + 1)) {
    const close = text.indexOf(')', open);
    if (close < 0) break;
    let start = open;
    while (start > 0 && BEFORE_PAREN.test(text[start - 1]!)) start--;
    pattern.lastIndex = 0;
    const m = pattern.exec(text.slice(start, close + 1));
    if (m && m.index <= open - start) out.push(m);
  }
  pattern.lastIndex = 0;
  return out;
}

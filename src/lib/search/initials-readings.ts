import { stripKoreanSuffixes } from './korean.ts';
import { hangulKey, latinKeys, mayBeLoanword, vowelsAgree } from './transliterate.ts';

/**
 * The Hangul readings of names written in Latin letters, for the site's 초성 initials (`initials.json`): the site's
 * split index cannot read '리액트' into 'React' while someone types 'ㄹㅇㅌ' (the MCP server does, with the whole
 * index: choseong-readings.ts), so the build writes the reading beside the title. A reading is a Hangul word the
 * content itself writes whose loanword sound and vowels are the name's (the rules search spells words by,
 * transliterate.ts), and, for a short sound that native words share by chance, that a document writes beside the
 * name. Nothing comes from a table of ours: without a Hangul spelling in the content a name has no reading.
 */

/** A name's reading (the content's Hangul for a Latin word), or undefined when the content gives none. */
export type ReadLatin = (word: string) => string | undefined;

/** Sound keys this long rarely meet by chance, so they need no document writing both (as spellings.ts's TRUSTED_KEY_LENGTH). */
const TRUSTED_KEY_LENGTH = 5;
/** Documents remembered per Hangul word, for the check that they write the name too. */
const DOCUMENTS_KEPT = 50;
/** Of those, the share that must (as spellings.ts's TOGETHER_SHARE). */
const TOGETHER_SHARE = 0.35;
/** Shorter names and sounds are not read: 'in', 'of' and the like meet native words ('이는', '오프'). */
const MIN_LETTERS = 3;
const MIN_KEY_LENGTH = 3;

/** Reads names against `texts` (the documents' Markdown, one per document). */
export function latinReader(texts: readonly string[]): ReadLatin {
  let words: Map<string, { count: number; docs: number[] }> | undefined;
  let byKey: Map<string, string[]> | undefined;
  const known = new Map<string, string | undefined>();
  const index = () => {
    words = new Map();
    byKey = new Map();
    // Per distinct run as written ('리액트를'), its word: undefined for one that is not a loanword's spelling.
    const stems = new Map<string, string | undefined>();
    texts.forEach((text, doc) => {
      for (const [run] of text.matchAll(/\p{Script=Hangul}{2,}/gu)) {
        let word = stems.get(run);
        if (word === undefined && !stems.has(run)) {
          const stem = stripKoreanSuffixes(run);
          stems.set(run, (word = mayBeLoanword(stem) ? stem : undefined));
        }
        if (word === undefined) continue;
        let seen = words!.get(word);
        if (!seen) {
          words!.set(word, (seen = { count: 0, docs: [] }));
          const key = hangulKey(word);
          const same = byKey!.get(key);
          if (same) same.push(word);
          else byKey!.set(key, [word]);
        }
        seen.count++;
        if (seen.docs.at(-1) !== doc && seen.docs.length < DOCUMENTS_KEPT) seen.docs.push(doc);
      }
    });
    return { words, byKey };
  };
  return (name) => {
    const w = name.toLowerCase();
    if (known.has(w)) return known.get(w);
    const t = words && byKey ? { words, byKey } : index();
    let reading: string | undefined;
    if (w.length >= MIN_LETTERS) {
      const writes = new RegExp(`(^|[^a-z])${w}([^a-z]|$)`, 'i');
      // Of the documents writing the Hangul word, the share writing the name too (a native word shares a short sound by chance).
      const besideName = (h: string) => {
        const { docs } = t.words.get(h)!;
        return docs.filter((doc) => writes.test(texts[doc]!)).length / docs.length >= TOGETHER_SHARE;
      };
      const candidates = latinKeys(w).flatMap((key) =>
        key.length < MIN_KEY_LENGTH ? [] : (t.byKey.get(key) ?? []).filter((h) => vowelsAgree(h, w) && (key.length >= TRUSTED_KEY_LENGTH || besideName(h))),
      );
      // The spelling the content uses most.
      reading = candidates.sort((a, b) => t.words.get(b)!.count - t.words.get(a)!.count)[0];
    }
    known.set(w, reading);
    return reading;
  };
}

/** A name with each Latin word the content reads in Hangul replaced by its reading; undefined when none is. */
export function readName(name: string, read: ReadLatin): string | undefined {
  let changed = false;
  const out = name.replace(/[A-Za-z]{2,}/g, (w) => {
    const r = read(w);
    if (r) changed = true;
    return r ?? w;
  });
  return changed ? out : undefined;
}

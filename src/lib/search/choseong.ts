import type { SearchDocument } from './index-schema.ts';

/** Initial consonants (초성) in syllable order, as Hangul Compatibility Jamo (what a keyboard types). */
const INITIALS = 'ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ';
const HANGUL_FIRST = 0xac00;
const HANGUL_LAST = 0xd7a3;
const SYLLABLES_PER_INITIAL = 21 * 28;

/** True for a query of two or more initial consonants and spaces only ('ㅅㅌ', 'ㅈㄱㅂ ㄹㄷㄹ'). */
export function isChoseongQuery(query: string): boolean {
  const letters = query.replace(/\s+/g, '');
  return letters.length >= 2 && [...letters].every((c) => INITIALS.includes(c));
}

/** The initial consonants of the Hangul syllables of a text, in order; everything else is left out. */
export function choseongOf(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC')) {
    const code = ch.charCodeAt(0);
    if (code >= HANGUL_FIRST && code <= HANGUL_LAST) out += INITIALS[Math.floor((code - HANGUL_FIRST) / SYLLABLES_PER_INITIAL)];
  }
  return out;
}

/**
 * Documents whose title or an alias has the query's consonants as the initials of consecutive syllables
 * (spaces ignored): titles before aliases, a match at the start before one inside, shorter names first.
 */
export function choseongSearch(documents: readonly Pick<SearchDocument, 'title' | 'aliases'>[], query: string): { doc: number; score: number }[] {
  const want = query.replace(/\s+/g, '');
  const hits: { doc: number; score: number }[] = [];
  documents.forEach((d, doc) => {
    let best = 0;
    for (const [name, weight] of [[d.title, 2], ...d.aliases.map((a) => [a, 1] as const)] as const) {
      const initials = choseongOf(name);
      const at = initials.indexOf(want);
      if (at < 0) continue;
      // Start of the name, then how much of the name the query covers.
      const score = weight * (at === 0 ? 2 : 1) * (1 + want.length / initials.length);
      best = Math.max(best, score);
    }
    if (best > 0) hits.push({ doc, score: Math.round(best * 1000) / 1000 });
  });
  return hits.sort((a, b) => b.score - a.score || a.doc - b.doc);
}

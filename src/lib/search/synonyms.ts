import { foldHangulVowels } from './korean.ts';

/** Synonym groups prepared for matching against queries. */
export interface SynonymMatcher {
  /** Text to add to a query: the other names of every group the query mentions. */
  expand(query: string): string;
  /** Each group the query mentions: the names it mentioned and the group's other names. */
  mentions(query: string): { mentioned: string[]; others: string[] }[];
}

const normalize = (s: string) => foldHangulVowels(s.normalize('NFKC').toLowerCase()).trim();

/** Builds a matcher: a Hangul name matches anywhere in the query, a Latin name as a whole word. */
export function synonymMatcher(groups: readonly (readonly string[])[]): SynonymMatcher {
  // With glosses mined from the corpus there are hundreds of names per query. A Latin name is found with indexOf and
  // a check of its neighbours, not a RegExp per name: V8 compiles each Unicode RegExp on first use (~1 ms apiece).
  const prepared = groups.map((g) =>
    g
      .map((name) => ({ name, norm: normalize(name) }))
      .filter((m) => m.norm.length > 0)
      .map((m) => ({ ...m, bare: m.norm.replace(/\s+/g, ''), word: !/\p{Script=Hangul}/u.test(m.norm) })),
  );
  // Hangul names match whatever the spacing: '우선순위큐' mentions '우선순위 큐', '상태 관리' mentions '상태관리'.
  const mentions = (q: string, bare: string, m: { norm: string; bare: string; word: boolean }) => (m.word ? hasWord(q, m.norm) : bare.includes(m.bare));
  const groupsIn = (query: string) => {
    const q = normalize(query);
    const bare = q.replace(/\s+/g, '');
    return prepared.flatMap((group) => {
      const hit = group.filter((m) => mentions(q, bare, m));
      return hit.length ? [{ mentioned: hit.map((m) => m.name), others: group.filter((m) => !hit.includes(m)).map((m) => m.name) }] : [];
    });
  };
  return {
    expand: (query) => [...new Set(groupsIn(query).flatMap((g) => g.others))].join(' '),
    mentions: groupsIn,
  };
}

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** True when `word` occurs in `text` with no letter or digit right before or after it. */
function hasWord(text: string, word: string): boolean {
  for (let at = text.indexOf(word); at !== -1; at = text.indexOf(word, at + 1)) {
    const before = at > 0 ? String.fromCodePoint(codePointBefore(text, at)) : '';
    const after = at + word.length < text.length ? String.fromCodePoint(text.codePointAt(at + word.length)!) : '';
    if (!LETTER_OR_DIGIT.test(before) && !LETTER_OR_DIGIT.test(after)) return true;
  }
  return false;
}

/** The code point that ends right before index `at` (a surrogate pair counts as one). */
function codePointBefore(text: string, at: number): number {
  const low = text.charCodeAt(at - 1);
  if (low >= 0xdc00 && low <= 0xdfff && at >= 2) {
    const high = text.charCodeAt(at - 2);
    if (high >= 0xd800 && high <= 0xdbff) return text.codePointAt(at - 2)!;
  }
  return low;
}

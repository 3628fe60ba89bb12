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
  // Each name's test is built once: with glosses mined from the corpus there are hundreds of names per query.
  const prepared = groups.map((g) =>
    g
      .map((name) => ({ name, norm: normalize(name) }))
      .filter((m) => m.norm.length > 0)
      .map((m) => ({
        ...m,
        word: /\p{Script=Hangul}/u.test(m.norm)
          ? undefined
          : new RegExp(`(^|[^\\p{L}\\p{N}])${m.norm.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\p{L}\\p{N}])`, 'u'),
      })),
  );
  const mentions = (q: string, m: { norm: string; word: RegExp | undefined }) => (m.word ? m.word.test(q) : q.includes(m.norm));
  const groupsIn = (query: string) => {
    const q = normalize(query);
    return prepared.flatMap((group) => {
      const hit = group.filter((m) => mentions(q, m));
      return hit.length ? [{ mentioned: hit.map((m) => m.name), others: group.filter((m) => !hit.includes(m)).map((m) => m.name) }] : [];
    });
  };
  return {
    expand: (query) => [...new Set(groupsIn(query).flatMap((g) => g.others))].join(' '),
    mentions: groupsIn,
  };
}

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
        bare: m.norm.replace(/\s+/g, ''),
        word: /\p{Script=Hangul}/u.test(m.norm)
          ? undefined
          : new RegExp(`(^|[^\\p{L}\\p{N}])${m.norm.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\p{L}\\p{N}])`, 'u'),
      })),
  );
  // Hangul names match whatever the spacing: '우선순위큐' mentions '우선순위 큐', '상태 관리' mentions '상태관리'.
  const mentions = (q: string, bare: string, m: { bare: string; word: RegExp | undefined }) => (m.word ? m.word.test(q) : bare.includes(m.bare));
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

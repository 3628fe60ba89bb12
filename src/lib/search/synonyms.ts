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
  const prepared = groups.map((g) => g.map((name) => ({ name, norm: normalize(name) })).filter((m) => m.norm.length > 0));
  const mentions = (q: string, norm: string) =>
    /\p{Script=Hangul}/u.test(norm) ? q.includes(norm) : new RegExp(`(^|[^\\p{L}\\p{N}])${norm.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\p{L}\\p{N}])`, 'u').test(q);
  const groupsIn = (query: string) => {
    const q = normalize(query);
    return prepared.flatMap((group) => {
      const hit = group.filter((m) => mentions(q, m.norm));
      return hit.length ? [{ mentioned: hit.map((m) => m.name), others: group.filter((m) => !hit.includes(m)).map((m) => m.name) }] : [];
    });
  };
  return {
    expand: (query) => [...new Set(groupsIn(query).flatMap((g) => g.others))].join(' '),
    mentions: groupsIn,
  };
}

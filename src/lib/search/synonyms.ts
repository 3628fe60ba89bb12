import { foldHangulVowels } from './korean.ts';

/** Synonym groups prepared for matching against queries. */
export interface SynonymMatcher {
  /** Text to add to a query: the other names of every group the query mentions. */
  expand(query: string): string;
}

const normalize = (s: string) => foldHangulVowels(s.normalize('NFKC').toLowerCase()).trim();

/** Builds a matcher: a Hangul name matches anywhere in the query, a Latin name as a whole word. */
export function synonymMatcher(groups: readonly (readonly string[])[]): SynonymMatcher {
  const prepared = groups.map((g) => g.map((name) => ({ name, norm: normalize(name) })).filter((m) => m.norm.length > 0));
  const mentions = (q: string, norm: string) =>
    /\p{Script=Hangul}/u.test(norm) ? q.includes(norm) : new RegExp(`(^|[^\\p{L}\\p{N}])${norm.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\p{L}\\p{N}])`, 'u').test(q);
  return {
    expand(query) {
      const q = normalize(query);
      const extra = new Set<string>();
      for (const group of prepared) {
        const hit = group.filter((m) => mentions(q, m.norm));
        if (!hit.length) continue;
        for (const m of group) if (!hit.includes(m)) extra.add(m.name);
      }
      return [...extra].join(' ');
    },
  };
}

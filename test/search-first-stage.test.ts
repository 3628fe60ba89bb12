// The first stage (src/lib/search/first-stage.ts) must score exactly as MiniSearch.search did: same documents,
// bit-identical scores, same matched terms. It is compared here with MiniSearch itself on a real corpus.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { buildWikiSearch } from '../scripts/lib/eval-corpus.ts';
import { GENERATED_QUERIES } from '../scripts/lib/generate-corpus.ts';
import { EXPANSION_WEIGHT, fuzzyFor, prefixFor, queryAll, queryDocuments, type DocumentMatch, type SearchIndex } from '../src/lib/search/contract.ts';
import { EvalSetSchema } from '../src/lib/search/evaluate.ts';
import { expandQuery } from '../src/lib/search/expand.ts';
import { queryWords } from '../src/lib/search/coverage.ts';
import type { LoadedSearch } from '../src/lib/search/index-load.ts';
import { tokenize } from '../src/lib/search/tokenize.ts';
import { ROOT } from './helpers/astro.ts';

const CORPUS = resolve(ROOT, '../shared/corpora/ko-react-docs');

/** What queryDocuments did before the first stage: MiniSearch.search with the contract's per-term options. */
function miniSearchReference(index: SearchIndex, query: string, expansion: string): DocumentMatch[] {
  const typed = new Set(tokenize(query));
  const boostTerm = (term: string) => (typed.has(term) ? 1 : EXPANSION_WEIGHT);
  const prefix = (term: string) => typed.has(term) && prefixFor(term);
  const fuzzy = (term: string) => (typed.has(term) ? fuzzyFor(term) : false);
  return index
    .search(expansion ? `${query} ${expansion}` : query, { boostTerm, prefix, fuzzy })
    .map((r) => ({ doc: Number(r.id), score: r.score, terms: r.terms, queryTerms: r.queryTerms }));
}

/** Comparable form: sorted by score then position (MiniSearch breaks ties by insertion order), term lists as sorted sets. */
function normalised(matches: readonly DocumentMatch[]) {
  return [...matches]
    .sort((a, b) => b.score - a.score || a.doc - b.doc)
    .map((m) => ({ doc: m.doc, score: m.score, terms: [...m.terms].sort(), queryTerms: [...m.queryTerms].sort() }));
}

function compare(search: LoadedSearch, query: string): number {
  const expansion = expandQuery(query, queryWords(query), search.matcher, search.spellings).text;
  const mine = queryDocuments(search.index, query, expansion);
  const reference = miniSearchReference(search.index, query, expansion);
  expect(normalised(mine), query).toEqual(normalised(reference));
  // Already best first, ties by position, as rankDocuments expects.
  expect(mine.map((m) => m.doc)).toEqual(normalised(mine).map((m) => m.doc));
  return mine.length;
}

describe.runIf(existsSync(CORPUS))('first stage against MiniSearch.search on ko-react-docs', () => {
  let search: LoadedSearch;
  beforeAll(() => {
    search = buildWikiSearch(CORPUS).search;
  });

  test('every eval query, the generated-corpus queries and prefix, typo, repeated and stop-word queries: identical answers', () => {
    const set = EvalSetSchema.parse(JSON.parse(readFileSync(resolve(ROOT, 'test/fixtures/eval/ko-react-docs.queries.json'), 'utf8')));
    const extra = ['usestat', 'componnt rendr', 'suspense boundary fallback', '상태 상태 상태', '어떻게 하는 방법', 'useEffect 의존성 배열', 'a', 'ref'];
    const queries = [...set.queries.map((q) => q.q), ...GENERATED_QUERIES, ...extra];
    const counts = queries.map((q) => compare(search, q));
    // The comparison must have had something to compare: most queries match many documents.
    expect(counts.filter((n) => n >= 20).length).toBeGreaterThan(queries.length / 2);
  });

  test('queryAll intersects exactly as MiniSearch AND did, for single terms, pairs, words that tokenize to several terms and stop words', () => {
    const cases = [['컴포'], ['컴포', '넌트'], ['state', '상태'], ['usestate'], ['렌더링'], ['컴포', '어떻'], [], ['없는말xyz'], ['effect', 'cleanup', '정리']];
    for (const terms of cases) {
      const reference = search.index.search({ combineWith: 'AND', queries: [...terms] }, { prefix: false, fuzzy: false }).map((r) => Number(r.id));
      expect(
        queryAll(search.index, terms).sort((a, b) => a - b),
        terms.join(' '),
      ).toEqual(reference.sort((a, b) => a - b));
    }
    expect(queryAll(search.index, ['컴포']).length).toBeGreaterThan(10);
  });

  test('a query of stop words only, or of nothing indexable, matches nothing', () => {
    expect(queryDocuments(search.index, '어떻게', '')).toEqual([]);
    expect(queryDocuments(search.index, '!!! ...', '')).toEqual([]);
  });
});

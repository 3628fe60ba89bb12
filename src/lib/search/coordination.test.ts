import { describe, expect, test } from 'vitest';
import { forUnansweredQuery } from './coordination.ts';
import { buildSearch } from './index-build.ts';
import { searchSync } from './search.ts';
import type { QueryUnit } from './coverage.ts';
import type { RankTerm } from './section-rank.ts';
import { testSource } from './test-source.ts';

const source = (id: string, title: string, body: string) => testSource(id, title, { lead: body });

const term = (t: string, source = t): RankTerm => ({ term: t, source, weight: 1, frequency: [] });

test('forUnansweredQuery gives every term the query word it belongs to, weighted by how rare that word is', () => {
  const units: QueryUnit[] = [
    { word: '타입스크립트', terms: ['타입', '입스', '스크'], alternatives: [{ terms: ['typescript'], certainty: 1 }], weight: 4 },
    { word: 'render', terms: ['render'], alternatives: [], weight: 1 },
  ];
  const terms = forUnansweredQuery([term('타입'), term('스크'), term('typescript'), term('rendering', 'render'), term('other')], units);
  expect(terms.map((t) => [t.source, t.weight])).toEqual([
    ['\u00000', 1],
    ['\u00000', 1],
    ['\u00000', 1],
    // A quarter as rare as the rarest word: (1/4)^0.5.
    ['\u00001', 0.5],
    ['other', 1],
  ]);
});

describe('a query nothing covers is ranked by how many of its words a page has', () => {
  const filler = (n: number) => Array.from({ length: n }, (_, i) => `문장${i}`).join(' ');
  const loaded = buildSearch([
    source('long-word', '안내', `타임라인정리도구 ${filler(5)}`),
    source('three-words', '안내 둘', `예전 기록 보관 ${filler(5)}`),
    source('other', '무관', filler(8)),
    source('other-2', '무관 둘', `날씨 ${filler(8)}`),
  ]);
  const ids = (q: string) => searchSync(loaded, q).hits.map((h) => h.document.id);

  // Counting bigrams, the one long word (six bigrams) outweighed three of the query's words.
  test('three of its words beat one long word', () => {
    const result = searchSync(loaded, '타임라인정리도구 예전 기록 보관 남기는 팀의 습관 규칙 알려줘');
    expect(result.match).toBe('none');
    expect(result.hits.map((h) => h.document.id)).toEqual(['three-words', 'long-word']);
  });

  test('a query a page covers in part keeps the usual ranking', () => {
    expect(searchSync(loaded, '타임라인정리도구 예전 기록').match).toBe('partial');
    expect(ids('타임라인정리도구 예전 기록')).toEqual(['long-word', 'three-words']);
  });
});

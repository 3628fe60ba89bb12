import { expect, test } from 'vitest';
import type { SearchHit } from '../search/search.ts';
import { alternativeQueries, guessQuery, hitHref, parseSearchState, searchParams, toFilters, toSegments } from './search-view.ts';

const hit = (anchor: string, path: string[], terms: string[]): SearchHit => ({
  document: {
    id: 'a',
    title: 'A',
    project: 'p',
    category: 'c',
    tags: [],
    aliases: [],
    updatedAt: '',
    url: '/base/docs/a/',
    summary: '요약 토크나이저 설명',
    sections: [],
  },
  score: 1,
  section: { anchor, path },
  terms,
  matchedTerms: [],
  coverage: 1,
});

test('toSegments splits text at highlight ranges', () => {
  expect(toSegments({ text: '한국어 토크나이저를 쓴다', highlights: [[4, 9]] })).toEqual([
    { text: '한국어 ', mark: false },
    { text: '토크나이저', mark: true },
    { text: '를 쓴다', mark: false },
  ]);
  expect(toSegments({ text: 'ab', highlights: [[0, 2]] })).toEqual([{ text: 'ab', mark: true }]);
  expect(toSegments({ text: '', highlights: [] })).toEqual([]);
});

test('hitHref deep-links to the encoded section anchor', () => {
  expect(hitHref(hit('조사-처리-규칙', ['조사 처리 규칙'], []))).toBe('/base/docs/a/#%EC%A1%B0%EC%82%AC-%EC%B2%98%EB%A6%AC-%EA%B7%9C%EC%B9%99');
  expect(hitHref(hit('', [], []))).toBe('/base/docs/a/');
});

test('search state round-trips through URL params', () => {
  const state = parseSearchState(new URLSearchParams('q=%ED%86%A0%ED%81%AC&project=search&tag='));
  expect(state).toEqual({ q: '토크', project: 'search', category: '', tag: '' });
  expect(searchParams(state).toString()).toBe('q=%ED%86%A0%ED%81%AC&project=search');
  expect(toFilters(state)).toEqual({ project: 'search', category: undefined, tags: undefined });
  expect(toFilters({ ...state, tag: '검색' }).tags).toEqual(['검색']);
});

test.each([
  ['배포 미리보기 설정', ['배포', '미리보기', '설정', '배포미리보기설정']],
  ['반응형데이터', ['반응형 데이터', '반응형']],
  ['mcp', []],
  ['  ', []],
])('alternativeQueries(%s)', (q, want) => {
  expect(alternativeQueries(q)).toEqual(want);
});

test.each([
  ['/pr/1/docs/search-tokeniser/', '/pr/1/', 'search tokeniser'],
  ['/docs/%EA%B2%80%EC%83%89-%EC%88%9C%EC%9C%84/', '/', '검색 순위'],
  ['/pr/1/docs/a/index.html', '/pr/1/', 'a'],
  ['/', '/', ''],
])('guessQuery(%s)', (path, base, want) => {
  expect(guessQuery(path, base)).toBe(want);
});

import { describe, expect, test } from 'vitest';
import { applyListing, facetCounts, filterItems, listingParams, parseListingState, sortItems, type ListingItem } from './listing.ts';

const item = (id: string, title: string, updatedAt: string, extra: Partial<ListingItem> = {}): ListingItem => ({
  id,
  title,
  project: 'p',
  category: 'guide',
  tags: [],
  updatedAt: `${updatedAt}T00:00:00.000Z`,
  ...extra,
});
const A = item('a', '배포 가이드', '2026-11-01', { project: 'ops', tags: ['배포', 'ci'] });
const B = item('b', 'ADR: 검색', '2026-11-20', { category: 'decision', tags: ['검색'] });
const C = item('c', '가나다', '2026-11-20', { tags: ['ci'] });
const ITEMS = [A, B, C];

describe('sortItems', () => {
  test('date puts the newest first, ties by title', () => {
    expect(sortItems(ITEMS, 'date').map((d) => d.id)).toEqual(['c', 'b', 'a']);
  });
  test('title uses Korean collation (Hangul before Latin)', () => {
    expect(sortItems(ITEMS, 'title').map((d) => d.id)).toEqual(['c', 'a', 'b']);
    expect(sortItems([A, C], 'title').map((d) => d.id)).toEqual(['c', 'a']);
  });
  test('does not mutate its input', () => {
    const input = [A, B];
    sortItems(input, 'title');
    expect(input).toEqual([A, B]);
  });
});

test.each([
  [{ project: 'ops', category: '', tag: '' }, ['a']],
  [{ project: '', category: 'decision', tag: '' }, ['b']],
  [{ project: '', category: '', tag: 'ci' }, ['a', 'c']],
  [{ project: 'p', category: 'guide', tag: 'ci' }, ['c']],
  [{ project: '', category: '', tag: '' }, ['a', 'b', 'c']],
])('filterItems %o', (state, want) => {
  expect(filterItems(ITEMS, state).map((d) => d.id)).toEqual(want);
});

test('applyListing filters then sorts', () => {
  expect(applyListing(ITEMS, { project: '', category: '', tag: 'ci', sort: 'date' }).map((d) => d.id)).toEqual(['c', 'a']);
});

test('facetCounts counts values, most frequent first', () => {
  expect(facetCounts(ITEMS, 'tags')).toEqual([
    { value: 'ci', count: 2 },
    { value: '검색', count: 1 },
    { value: '배포', count: 1 },
  ]);
  expect(facetCounts(ITEMS, 'project')).toEqual([
    { value: 'p', count: 2 },
    { value: 'ops', count: 1 },
  ]);
});

test('listing state round-trips through URL params, defaults omitted', () => {
  const state = { project: '', category: 'guide', tag: '배포', sort: 'title' as const };
  const params = listingParams(state);
  expect(params.toString()).toBe('category=guide&tag=%EB%B0%B0%ED%8F%AC&sort=title');
  expect(parseListingState(params)).toEqual(state);
  expect(listingParams(parseListingState(new URLSearchParams('sort=bogus'))).toString()).toBe('');
});

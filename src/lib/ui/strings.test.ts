import { expect, test } from 'vitest';
import { categoryLabel, getStrings, reasonLabels } from './strings.ts';

test('Korean and English have the same keys', () => {
  expect(Object.keys(getStrings('en')).sort()).toEqual(Object.keys(getStrings('ko')).sort());
  expect(Object.keys(getStrings('en').reasons).sort()).toEqual(Object.keys(getStrings('ko').reasons).sort());
});

test('backlinks heading and reason labels are Korean by default', () => {
  const ko = getStrings('ko');
  expect(ko.backlinks).toBe('이 문서를 언급한 문서');
  expect(reasonLabels(ko, ['related', 'links-to', 'linked-from', 'shared-tags', 'similar'])).toEqual([
    '직접 연결',
    '이 문서가 언급',
    '이 문서를 언급',
    '같은 태그',
    '비슷한 내용',
  ]);
  expect(ko.searchNoResults('토크')).toBe('‘토크’에 맞는 문서가 없습니다.');
});

test.each([
  ['ko', 'decision', '결정'],
  ['en', 'decision', 'Decision'],
  ['ko', 'runbook', 'runbook'],
] as const)('categoryLabel(%s, %s) = %s', (lang, id, want) => {
  expect(categoryLabel(getStrings(lang), id)).toBe(want);
});

test('counts of a large wiki carry thousands separators in both languages', () => {
  const ko = getStrings('ko');
  const en = getStrings('en');
  expect(ko.docCount(10000)).toBe('문서 10,000개');
  expect(ko.searchResultsRange(5137, 1, 8)).toBe('문서 5,137개 중 1–8');
  expect(ko.shownCount(1200, 10000)).toBe('10,000개 중 1,200개');
  expect(ko.docCount(44)).toBe('문서 44개');
  expect(en.docCount(10000)).toBe('10,000 documents');
  expect(en.searchResultsRange(5137, 1, 8)).toBe('1–8 of 5,137 documents');
  expect(en.docCount(1)).toBe('1 document');
});

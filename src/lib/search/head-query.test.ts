import { expect, test } from 'vitest';
import { calledFirst, headForms, isCalled } from './head-query.ts';
import { buildSearch } from './index-build.ts';
import { searchSync } from './search.ts';
import { testSource } from './test-source.ts';

const unit = (word: string, ...others: [text: string, certainty: number][]) => ({
  word,
  terms: [],
  weight: 1,
  alternatives: others.map(([text, certainty]) => ({ text, certainty, terms: [] })),
});

test('a one-word query names a page by the word, its stem and its sure other spellings, never a guessed one', () => {
  expect([...headForms(unit('서스펜스를', ['suspense', 1], ['서스팬스', 0.5]))]).toEqual(['서스펜스를', '서스펜스', 'suspense']);
});

test.each([
  { title: '<Suspense>', aliases: [], called: true },
  { title: 'style', aliases: ['Suspense'], called: true },
  { title: 'Suspense 경계', aliases: [], called: false },
])('title $title, aliases $aliases: called by the word is $called', ({ title, aliases, called }) => {
  expect(isCalled({ title, aliases }, headForms(unit('서스펜스', ['suspense', 1])))).toBe(called);
});

test('the called pages come first, each group in its own order', () => {
  expect(calledFirst([1, 2, 3, 4, 5], (n) => n % 2 === 0)).toEqual([2, 4, 1, 3, 5]);
});

test('a page called by the word in another spelling outranks one that says the word as typed; a longer query is ranked as before', () => {
  const loaded = buildSearch([
    testSource('style', 'style', { lead: '스타일시트가 로딩되는 동안 서스펜스할 수 있습니다. 서스펜스 경계 안에서.' }),
    testSource('suspense', '<Suspense>', { lead: 'Suspense lets you display a fallback until its children have finished loading.' }),
    testSource('other', 'fallback', { lead: 'A fallback shows while loading.' }),
  ]);
  expect(searchSync(loaded, '서스펜스').hits.map((h) => h.document.id)).toEqual(['suspense', 'style']);
  expect(searchSync(loaded, '서스펜스 경계').hits[0]!.document.id).toBe('style');
});

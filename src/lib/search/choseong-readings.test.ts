import { expect, test } from 'vitest';
import { buildSearch } from './index-build.ts';
import { searchSync } from './search.ts';
import { testSource } from './test-source.ts';

const pages = (extra: string) => [
  testSource('react', 'React', { lead: 'React is a library for user interfaces. React components render.' }),
  testSource('react-dom', 'React DOM 컴포넌트', { lead: `React DOM renders components in the browser. ${extra}` }),
  testSource('post', '서버 소식', { lead: `React server components. ${extra}` }),
  testSource('state', '상태 관리', { lead: '상태를 다루는 방법.' }),
];

test('initials find a page titled in Latin letters when the content writes the name in Hangul somewhere', () => {
  const hits = searchSync(buildSearch(pages('리액트 서버 컴포넌트.')), 'ㄹㅇㅌ').hits.map((h) => h.document.id);
  expect(hits).toEqual(['react', 'react-dom']);
});

test('without a Hangul reading in the content, initials do not guess one', () => {
  expect(searchSync(buildSearch(pages('서버 컴포넌트를 소개합니다.')), 'ㄹㅇㅌ').hits).toEqual([]);
});

test("a title's own Hangul initials still come first", () => {
  const hits = searchSync(buildSearch(pages('리액트 서버 컴포넌트.')), 'ㅅㅂ').hits.map((h) => h.document.id);
  expect(hits[0]).toBe('post');
});

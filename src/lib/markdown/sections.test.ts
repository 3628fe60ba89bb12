import { expect, test } from 'vitest';
import { findHeading, makeSnippet } from './sections.ts';

const headings = [
  { depth: 2, text: '배포', anchor: '배포', line: 3 },
  { depth: 3, text: '롤백 순서', anchor: '롤백-순서', line: 5 },
  { depth: 2, text: '<form>', anchor: 'form', line: 9 },
  { depth: 2, text: 'React DOM: <form> 액션', anchor: 'react-dom-form-액션', line: 12 },
  { depth: 2, text: '배포 > 롤백 순서', anchor: '배포--롤백-순서', line: 15 },
];

test('findHeading: by anchor, by heading text, then by heading path', () => {
  expect(findHeading(headings, '#롤백-순서')?.line).toBe(5);
  expect(findHeading(headings, '롤백 순서')?.line).toBe(5);
  expect(findHeading(headings, '배포 >롤백 순서')?.line).toBe(5);
  expect(findHeading(headings, '없는 제목')).toBeUndefined();
});

test('findHeading: a heading whose own text holds ">" is found by that text, before any path reading', () => {
  expect(findHeading(headings, '<form>')?.anchor).toBe('form');
  expect(findHeading(headings, 'react dom: <FORM> 액션')?.anchor).toBe('react-dom-form-액션');
  expect(findHeading(headings, '배포 > 롤백 순서')?.line).toBe(15);
});

test('findHeading: heading text in another Unicode normal form still matches', () => {
  expect(findHeading(headings, '롤백 순서'.normalize('NFD'))?.line).toBe(5);
});

test('a snippet window starts and ends on grapheme boundaries', () => {
  const family = '👨‍👩‍👧';
  // 40 units of lead-in, the match, then families: a 30-unit window lands inside one at either end.
  const text = `${family.repeat(5)}needle${family.repeat(5)}`;
  const { text: snippet, highlights } = makeSnippet(text, ['needle'], 30);
  expect(snippet).toBe(`…${family}needle${family.repeat(2)}…`);
  expect(highlights).toEqual([[9, 15]]);
});

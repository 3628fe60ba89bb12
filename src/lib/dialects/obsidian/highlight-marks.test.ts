import { expect, test } from 'vitest';
import { stripHighlightMarks } from './highlight-marks.ts';

test.each([
  ['a highlight', '==하이라이트== 텍스트', '하이라이트 텍스트'],
  ['two in a line, one inside a word', 'a ==b== c x==y==z', 'a b c xyz'],
  ['a comparison with spaces', 'a == b == c', 'a == b == c'],
  ['a space after the opening', '== 공백== 뒤', '== 공백== 뒤'],
  ['three or more =', 'a === b ==== c', 'a === b ==== c'],
  ['an opening never closed on its line', '==열림\n닫힘==', '==열림\n닫힘=='],
  ['an empty pair', '====', '===='],
])('%s', (_, text, expected) => {
  expect(stripHighlightMarks(text)).toBe(expected);
});

test('a long line of openers never closed takes one pass', () => {
  const text = '==a '.repeat(200_000);
  const started = performance.now();
  expect(stripHighlightMarks(text)).toBe(text);
  expect(performance.now() - started).toBeLessThan(1000);
});

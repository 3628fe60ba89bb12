import { expect, test } from 'vitest';
import { withoutColours } from './code-style.ts';

test.each([
  ['color:#A6ACCD;', undefined],
  ['color:#89DDFF;text-decoration:underline', 'text-decoration:underline'],
  ['background-color:#24292e; color:#e1e4e8; overflow-x: auto;', 'overflow-x: auto'],
  ['BACKGROUND: #000; font-weight: bold', 'font-weight: bold'],
  ['--shiki-dark:#E1E4E8;font-style:italic', 'font-style:italic'],
  ['', undefined],
])('withoutColours(%j) = %j', (style, want) => {
  expect(withoutColours(style)).toBe(want);
});

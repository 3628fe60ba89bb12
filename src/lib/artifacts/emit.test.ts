import { expect, test } from 'vitest';
import { utf8Length } from './emit.ts';

test('the manifest counts a file in the bytes UTF-8 writes, as TextEncoder does', () => {
  expect(utf8Length('')).toBe(0);
  expect(utf8Length('manifest.json')).toBe(13);
  expect(utf8Length('é')).toBe(2);
  expect(utf8Length('한글 문서')).toBe(13);
  expect(utf8Length('\u07ff\u0800\uffff')).toBe(8);
  expect(utf8Length('x😀y')).toBe(6);
  // A lone surrogate is written as U+FFFD, three bytes.
  expect(utf8Length('a\ud800b')).toBe(5);
  expect(utf8Length('\udc00\ud83d')).toBe(6);
  const mixed = 'React의 useState(상태) — 😀 \ud800 끝';
  expect(utf8Length(mixed)).toBe(new TextEncoder().encode(mixed).length);
});

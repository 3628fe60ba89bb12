import { expect, test } from 'vitest';
import { imageFile, isLocalImage, missingImageText } from './missing-image.ts';

test.each([
  ['흐름도', './a.png', '[이미지 없음: 흐름도]'],
  ['', './images/a.png', '[이미지 없음: ./images/a.png]'],
  [undefined, '/b.svg', '[이미지 없음: /b.svg]'],
  ['  ', 'c.png', '[이미지 없음: c.png]'],
])('missingImageText(%j, %j) = %j', (alt, url, want) => {
  expect(missingImageText(alt, url)).toBe(want);
});

test.each([
  ['./images/a.png', true],
  ['/images/a.png', true],
  ['a%20b.png', true],
  ['https://example.com/a.png', false],
  ['data:image/png;base64,AA', false],
  ['//cdn.example.com/a.png', false],
  ['#top', false],
  ['', false],
])('isLocalImage(%j) = %s', (url, want) => {
  expect(isLocalImage(url)).toBe(want);
});

test.each([
  ['./a%20b.png?v=2#x', './a b.png'],
  ['./%E0%A4%A.png', './%E0%A4%A.png'],
  ['/images/그림.png', '/images/그림.png'],
])('imageFile(%j) = %j', (url, want) => {
  expect(imageFile(url)).toBe(want);
});

import { describe, expect, test } from 'vitest';
import { isReadableImage } from './image-file.ts';

const bytes = (...parts: (string | number[])[]) => new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...Buffer.from(p, 'latin1')] : p)));
const u32 = (n: number) => [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];

/** The first bytes of a PNG of `width` × `height`: signature and IHDR, all a reader needs for its size. */
const png = (width: number, height: number) => bytes([0x89], 'PNG\r\n\x1a\n', u32(13), 'IHDR', u32(width), u32(height), [8, 2, 0, 0, 0]);
/** A JPEG start: SOI, a JFIF segment, then the frame header (SOF0) holding height and width. */
const jpeg = bytes([0xff, 0xd8, 0xff, 0xe0, 0, 16], 'JFIF\0', [1, 1, 0, 0, 1, 0, 1, 0, 0], [0xff, 0xc0, 0, 17, 8, 0, 30, 0, 40, 3]);

describe('isReadableImage: what Astro can place, so the rest shows the missing-image placeholder', () => {
  test.each([
    ['a PNG header', png(40, 30)],
    ['a JPEG with its frame header', jpeg],
    ['a GIF', bytes('GIF89a', [40, 0, 30, 0])],
    ['an SVG with a size', bytes('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="40" height="30"></svg>')],
    ['an SVG with a viewBox only', bytes('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 30"><rect/></svg>')],
  ])('%s is readable', (_, data) => {
    expect(isReadableImage(data)).toBe(true);
  });

  test.each([
    ['an empty file', bytes()],
    ['a PNG signature cut off before its size (the 16-byte fake diagram.png)', png(40, 30).subarray(0, 16)],
    ['a PNG that says it is 0 × 0', png(0, 0)],
    ['text named .png', bytes('hello, I am text\n')],
    ['a JPEG cut off before its frame header', jpeg.subarray(0, 12)],
    ['an SVG that is not XML', bytes('this is not xml\n')],
    ['an SVG without a size or viewBox', bytes('<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>')],
    ['HTML saved as .svg', bytes('<!doctype html><html><body>404 Not Found</body></html>')],
  ])('%s is not', (_, data) => {
    expect(isReadableImage(data)).toBe(false);
  });
});

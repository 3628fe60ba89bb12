import { describe, expect, test } from 'vitest';
import { cacheControlFor, etagOf, isCompressible, isNotModified, negotiateEncoding } from './http-static.ts';

describe('negotiateEncoding', () => {
  test.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['identity', undefined],
    ['br;q=0, gzip;q=0', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('Accept-Encoding %j → %s', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });
});

test('text formats are compressed, images and fonts are not', () => {
  expect(
    ['text/html; charset=utf-8', 'application/json; charset=utf-8', 'text/javascript; charset=utf-8', 'image/svg+xml', 'text/markdown; charset=utf-8'].map(
      isCompressible,
    ),
  ).toEqual([true, true, true, true, true]);
  expect(['image/png', 'font/woff2', 'application/octet-stream'].map(isCompressible)).toEqual([false, false, false]);
});

test('hashed assets are immutable for a year; pages and artifacts revalidate', () => {
  expect(cacheControlFor('_astro/Base.Bx1a2b3c.css')).toBe('public, max-age=31536000, immutable');
  expect(cacheControlFor('docs/deploy/index.html')).toBe('no-cache');
  expect(cacheControlFor('_wiki/search-index.json')).toBe('no-cache');
  expect(cacheControlFor('docs/_astro/x.css')).toBe('no-cache');
});

describe('isNotModified', () => {
  const etag = etagOf(1234, 1_700_000_000_500, 'br');
  test('ETags compare weakly, lists and * match, another encoding does not', () => {
    expect(etag).toBe('W/"4d2-18bcfe569f4-br"'); // 1234 and 1_700_000_000_500 in hex
    expect(isNotModified({ ifNoneMatch: etag }, etag, 0)).toBe(true);
    expect(isNotModified({ ifNoneMatch: `"x", ${etag.slice(2)}` }, etag, 0)).toBe(true);
    expect(isNotModified({ ifNoneMatch: '*' }, etag, 0)).toBe(true);
    expect(isNotModified({ ifNoneMatch: etagOf(1234, 1_700_000_000_500, 'gzip') }, etag, 0)).toBe(false);
  });
  test('If-Modified-Since in whole seconds, ignored when If-None-Match is present', () => {
    const mtime = Date.parse('2026-11-30T10:00:00.700Z');
    expect(isNotModified({ ifModifiedSince: 'Mon, 30 Nov 2026 10:00:00 GMT' }, etag, mtime)).toBe(true);
    expect(isNotModified({ ifModifiedSince: 'Mon, 30 Nov 2026 09:59:59 GMT' }, etag, mtime)).toBe(false);
    expect(isNotModified({ ifNoneMatch: '"other"', ifModifiedSince: 'Mon, 30 Nov 2026 10:00:00 GMT' }, etag, mtime)).toBe(false);
    expect(isNotModified({ ifModifiedSince: 'not a date' }, etag, mtime)).toBe(false);
  });
});

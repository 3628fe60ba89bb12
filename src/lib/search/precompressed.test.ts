import { gzipSync } from 'node:zlib';
import { expect, test } from 'vitest';
import { gzipCopyOf, hostCompresses, isGzip, isPrecompressed } from './precompressed.ts';

test('the search files have gzip copies; pages, the catalog and the whole index do not', () => {
  expect(
    [
      '_wiki/search/base.json',
      '_wiki/search/terms-12.json',
      '_wiki/search/text/guide/a b.json',
      '_wiki/catalog.json',
      '_wiki/search-index.json',
      '_wiki/search/base.json.gz',
      'docs/a/index.html',
    ].map(isPrecompressed),
  ).toEqual([true, true, true, false, false, false, false]);
  expect(gzipCopyOf('_wiki/search/base.json')).toBe('_wiki/search/base.json.gz');
});

test('gzip bytes are told from JSON that a host has inflated already', () => {
  expect(isGzip(new Uint8Array(gzipSync('{"a":1}')))).toBe(true);
  expect(isGzip(new TextEncoder().encode('{"a":1}'))).toBe(false);
  expect(isGzip(new Uint8Array([0x1f, 0x8b]))).toBe(false);
});

test("a host compresses when the page's own scripts or styles arrived smaller than they are", () => {
  const origin = 'https://wiki.example';
  const file = (name: string, encodedBodySize: number, decodedBodySize: number) => ({ name: `${origin}${name}`, encodedBodySize, decodedBodySize });
  // `maru start` (brotli): the page's script arrived at a fifth of its size.
  expect(hostCompresses([file('/_astro/Base.js', 9_000, 45_000)], origin)).toBe(true);
  // GitHub Pages without compression, or nginx compressing only HTML: scripts and styles as they are on disk.
  expect(hostCompresses([file('/_astro/Base.js', 45_000, 45_000), file('/_astro/Base.css', 20_000, 20_000)], origin)).toBe(false);
  // Nothing to judge by: a tiny file, a file from the memory cache (no sizes), another origin's script, a JSON file.
  expect(
    hostCompresses(
      [
        file('/_astro/x.js', 300, 900),
        file('/_astro/y.js', 0, 45_000),
        { name: 'https://cdn.example/z.js', encodedBodySize: 1_000, decodedBodySize: 9_000 },
        file('/nav/a.json', 1_000, 9_000),
      ],
      origin,
    ),
  ).toBe(false);
  expect(hostCompresses([], origin)).toBe(false);
});

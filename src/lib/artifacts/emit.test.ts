import { expect, test } from 'vitest';
import { emitWiki, toCatalogArtifact, utf8Length, type CatalogMemo } from './emit.ts';
import { createDevParseCache } from '../wiki/dev-update.ts';
import { buildWiki } from '../wiki/pipeline.ts';

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

// Any digest that tells texts apart does here (src/lib takes no node:crypto).
const digest = (text: string) => [...text].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7).toString(16);
const ctx = { sha256: digest, generatedAt: '2026-12-01T00:00:00.000Z', commit: null, site: null, title: 'T', description: '' };
const file = (path: string, id: string, body: string) => ({
  path,
  mtime: '2026-12-01T00:00:00.000Z',
  text: `---\nid: ${id}\ntitle: ${id}\n---\n\n${body}\n`,
});

test("a catalog memo (maru dev) gives the same catalog, and a changed document's new digest", () => {
  const options = { categories: [], base: '/' };
  const cache = createDevParseCache();
  const memo: CatalogMemo = new WeakMap();
  const before = [file('a.md', 'a', '첫 글'), file('b.md', 'b', '둘째 글')];
  const first = toCatalogArtifact(buildWiki(before, options, cache), ctx, memo).catalog;
  expect(first).toEqual(toCatalogArtifact(buildWiki(before, options), ctx).catalog);
  const after = [before[0]!, file('b.md', 'b', '고친 글')];
  const second = toCatalogArtifact(buildWiki(after, options, cache), ctx, memo).catalog;
  expect(second).toEqual(toCatalogArtifact(buildWiki(after, options), ctx).catalog);
  expect(second.documents.map((d) => [d.id, d.sha256 === first.documents.find((f) => f.id === d.id)!.sha256])).toEqual([
    ['a', true],
    ['b', false],
  ]);
});

test('a sink takes the search files (the whole index, snippet texts, split index) as they are made; with the files kept, they are the same files and bytes as without it', () => {
  const wiki = buildWiki([file('a.md', 'a', '## 배포\n\n첫 글은 [[b]]를 가리킵니다.'), file('b.md', 'b', '## Redis timeout\n\n둘째 글')], {
    categories: [],
    base: '/',
  });
  const whole = emitWiki(wiki, ctx);
  const sunk = new Map<string, string>();
  const streamed = emitWiki(wiki, ctx, (path, text) => {
    expect(sunk.has(path)).toBe(false);
    sunk.set(path, text);
  });
  expect([...sunk.keys()].sort()).toEqual([...whole.files.keys()].filter((p) => p.startsWith('_wiki/search')).sort());
  expect(streamed.sunk).toBe(sunk.size);
  expect(whole.sunk).toBe(0);
  expect(new Map([...streamed.files, ...sunk])).toEqual(whole.files);
  expect([...streamed.files.keys()].some((p) => p.startsWith('_wiki/search'))).toBe(false);
  expect(streamed.files.get('_wiki/manifest.json')).toBe(whole.files.get('_wiki/manifest.json'));
});

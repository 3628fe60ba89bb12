import { describe, expect, test } from 'vitest';
import type { RawFile } from './document.ts';
import { createMemoryParseCache } from './memory-parse-cache.ts';
import { buildWiki, type WikiOptions } from './pipeline.ts';

const options: WikiOptions = { categories: ['guide', 'reference'], base: '/' };
const file = (path: string, body: string, mtime = '2026-11-01T00:00:00.000Z'): RawFile => ({
  path,
  text: `---\nid: ${path.replace(/\.md$/, '')}\ntitle: ${path}\ncategory: guide\n---\n\n${body}\n`,
  mtime,
});

describe('createMemoryParseCache', () => {
  test('answers for the same file and categories, not after the text, dates or categories change', () => {
    const cache = createMemoryParseCache();
    const a = file('a.md', '본문 [[b]]');
    expect(cache.get(a, options)).toBeUndefined();
    const wiki = buildWiki([a, file('b.md', '둘째')], options, cache);
    expect(cache.get(a, options)?.doc?.title).toBe('a.md');
    expect(cache.get(file('a.md', '바뀐 본문'), options)).toBeUndefined();
    expect(cache.get(file('a.md', '본문 [[b]]', '2026-11-02T00:00:00.000Z'), options)).toBeUndefined();
    expect(cache.get(a, { ...options, categories: ['guide'] })).toBeUndefined();
    expect(wiki.documents.map((d) => d.source.id)).toEqual(['a', 'b']);
  });

  test('a build from the cache equals a build without one, and changing what it handed out changes nothing kept', () => {
    const cache = createMemoryParseCache();
    const files = [file('a.md', '## 배포\n\n캐시를 비운다. [[b]]'), file('b.md', '## 롤백\n\n이전 빌드로 되돌린다.')];
    const plain = buildWiki(files, options);
    buildWiki(files, options, cache);
    const handed = cache.get(files[0]!, options)!;
    handed.doc!.title = '바꿈';
    const cached = buildWiki(files, options, cache);
    expect(JSON.stringify(cached.documents)).toBe(JSON.stringify(plain.documents));
    expect(cached.problems).toEqual(plain.problems);
  });
});

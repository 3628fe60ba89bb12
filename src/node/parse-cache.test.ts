import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { RawFile } from '../lib/wiki/document.ts';
import { buildWiki } from '../lib/wiki/pipeline.ts';
import { openParseCache } from './parse-cache.ts';

const options = { categories: ['concept'], base: '/' };
const file = (path: string, text: string): RawFile => ({ path, text, mtime: '2026-11-01T00:00:00.000Z' });
const FILES = [file('a.md', '---\ntitle: 가\n---\n\n[[b]]\n'), file('b.md', '---\ntitle: 나\n---\n\n## 절\n\n본문.\n')];

describe('openParseCache', () => {
  test('a second build with the same files parses nothing and builds the same wiki', () => {
    const dir = mkdtempSync(join(tmpdir(), 'maru-parse-cache-'));
    const first = openParseCache(dir, 'code-1');
    const a = buildWiki(FILES, options, first);
    first.save();
    expect([first.hits, first.misses]).toEqual([0, 2]);
    const second = openParseCache(dir, 'code-1');
    const b = buildWiki(FILES, options, second);
    expect([second.hits, second.misses]).toEqual([2, 0]);
    expect(JSON.parse(JSON.stringify(b.documents))).toEqual(JSON.parse(JSON.stringify(a.documents)));
  });

  test('an edited file is parsed again, and other code empties the cache', () => {
    const dir = mkdtempSync(join(tmpdir(), 'maru-parse-cache-'));
    const first = openParseCache(dir, 'code-1');
    buildWiki(FILES, options, first);
    first.save();
    const edited = openParseCache(dir, 'code-1');
    const wiki = buildWiki([FILES[0]!, file('b.md', '---\ntitle: 나\n---\n\n## 바뀐 절\n')], options, edited);
    expect([edited.hits, edited.misses]).toEqual([1, 1]);
    expect(wiki.documents.find((d) => d.source.id === 'b')!.source.markdown.headings.map((h) => h.text)).toEqual(['바뀐 절']);
    const otherCode = openParseCache(dir, 'code-2');
    buildWiki(FILES, options, otherCode);
    expect([otherCode.hits, otherCode.misses]).toEqual([0, 2]);
  });
});

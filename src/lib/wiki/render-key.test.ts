import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import type { RawFile } from './document.ts';
import { createDevParseCache, keepUnchanged } from './dev-update.ts';
import { buildWiki, type Wiki } from './pipeline.ts';
import { renderKeys, type RenderKeyMemo } from './render-key.ts';

const hash = (text: string) => createHash('sha256').update(text).digest('hex');
const file = (path: string, text: string): RawFile => ({ path, text, mtime: '2026-11-01T00:00:00.000Z' });
const BASE = [
  file('a.md', '---\ntitle: 검색 계약\n---\n\n[[b#토크나이저]]를 보세요.\n'),
  file('b.md', '---\ntitle: 토크나이저\n---\n\n## 토크나이저\n\n본문.\n'),
  file('c.md', '---\ntitle: 배포\n---\n\n[[b]]와 무관한 문단.\n'),
];

function keys(files: RawFile[], options: { base?: string; lang?: string; code?: string } = {}): Map<string, string> {
  const wiki = buildWiki(files, { categories: ['concept'], base: options.base ?? '/' });
  const texts = new Map(files.map((f) => [f.path, f.text ?? '']));
  return renderKeys(wiki, (d) => texts.get(d.source.sourcePath)!, { lang: options.lang ?? 'ko', code: options.code ?? 'v1' }, hash);
}

const edit = (path: string, text: string) => BASE.map((f) => (f.path === path ? file(path, text) : f));

describe('renderKeys: a page is rendered again exactly when its article can change', () => {
  const before = keys(BASE);

  test('editing one body changes that document key only', () => {
    const after = keys(edit('c.md', '---\ntitle: 배포\n---\n\n[[b]]와 무관한 문단. 한 줄 더.\n'));
    expect([...after].filter(([id, k]) => before.get(id) !== k).map(([id]) => id)).toEqual(['c']);
  });

  test('renaming a heading changes the pages whose link labels read it', () => {
    const after = keys(edit('b.md', '---\ntitle: 토크나이저\n---\n\n## 형태소 분석\n\n본문.\n'));
    expect(
      [...after]
        .filter(([id, k]) => before.get(id) !== k)
        .map(([id]) => id)
        .sort(),
    ).toEqual(['a', 'b', 'c']);
  });

  test('a new document changes every key: a broken link elsewhere may now resolve to it', () => {
    const added = keys([...BASE, file('d.md', '---\ntitle: 새 문서\n---\n\n본문.\n')]);
    expect(['a', 'b', 'c'].filter((id) => added.get(id) === before.get(id))).toEqual([]);
  });

  test('gaining a backlink changes the page around the article, not the article: the key stays', () => {
    const after = keys(edit('c.md', '---\ntitle: 배포\n---\n\n[[b]]와 [[a]].\n'));
    expect(after.get('a')).toBe(before.get('a'));
    expect(after.get('c')).not.toBe(before.get('c'));
  });

  test('the base path, the UI language and the pipeline code are part of every key', () => {
    const based = keys(BASE, { base: '/pr-preview/pr-3/' });
    const english = keys(BASE, { lang: 'en' });
    const plugins = keys(BASE, { code: 'v2' });
    for (const id of ['a', 'b', 'c']) {
      expect(based.get(id)).not.toBe(before.get(id));
      expect(english.get(id)).not.toBe(before.get(id));
      expect(plugins.get(id)).not.toBe(before.get(id));
    }
  });

  test('a picture broken or fixed in place changes the key of the page showing it, though no path changes', () => {
    const files = [...BASE, file('d.md', '---\ntitle: 그림\n---\n\n![흐름](./flow.png)\n')];
    const withImage = (status: 'ok' | 'unreadable') => {
      const wiki = buildWiki(files, { categories: ['concept'], base: '/', fileExists: () => true, imageStatus: () => status });
      return renderKeys(wiki, (d) => files.find((f) => f.path === d.source.sourcePath)!.text!, { lang: 'ko', code: 'v1' }, hash);
    };
    const [ok, broken] = [withImage('ok'), withImage('unreadable')];
    expect(['a', 'b', 'c', 'd'].filter((id) => ok.get(id) !== broken.get(id))).toEqual(['d']);
  });

  test('the same wiki gives the same keys', () => {
    expect(keys(BASE)).toEqual(before);
  });
});

describe('renderKeys with a memo (maru dev: the documents a save did not change are the same objects)', () => {
  test('the keys a fresh computation gives, also for a kept document whose linked document changed its headings', () => {
    const cache = createDevParseCache();
    const memo: RenderKeyMemo = new WeakMap();
    const keysOf = (files: RawFile[], previous?: Wiki) => {
      const wiki = keepUnchanged(previous, buildWiki(files, { categories: ['concept'], base: '/' }, cache));
      const texts = new Map(files.map((f) => [f.path, f.text ?? '']));
      return { wiki, keys: renderKeys(wiki, (d) => texts.get(d.source.sourcePath)!, { lang: 'ko', code: 'v1' }, hash, memo) };
    };
    const first = keysOf(BASE);
    expect(first.keys).toEqual(keys(BASE));
    // b's heading renamed: a (the same object, its text unchanged) links to b's heading, so its key changes too.
    const renamed = edit('b.md', '---\ntitle: 토크나이저\n---\n\n## 형태소 분석\n\n본문.\n');
    const second = keysOf(renamed, first.wiki);
    expect(second.wiki.documents.find((d) => d.source.id === 'c')).toBe(first.wiki.documents.find((d) => d.source.id === 'c'));
    expect(second.keys).toEqual(keys(renamed));
    expect(second.keys.get('a')).not.toBe(first.keys.get('a'));
  });
});

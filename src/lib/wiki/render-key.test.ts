import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import type { RawFile } from './document.ts';
import { buildWiki } from './pipeline.ts';
import { renderKeys } from './render-key.ts';
import { LINKING_WIKI, wikiFile as file } from '../../../test/helpers/linking-wiki.ts';

const hash = (text: string) => createHash('sha256').update(text).digest('hex');
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

  test('renaming a heading changes the pages whose links read it, not a page whose label shows only the title', () => {
    const after = keys(edit('b.md', '---\ntitle: 토크나이저\n---\n\n## 형태소 분석\n\n본문.\n'));
    expect(
      [...after]
        .filter(([id, k]) => before.get(id) !== k)
        .map(([id]) => id)
        .sort(),
    ).toEqual(['a', 'b']);
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

/** The ids whose key differs between two key maps, among those both have. */
const changed = (before: Map<string, string>, after: Map<string, string>) =>
  [...before.keys()].filter((id) => after.has(id) && after.get(id) !== before.get(id)).sort();

describe("renderKeys: another document changes a page's key only through what its render reads", () => {
  const keysOf = (files: readonly RawFile[], attachments: string[] = []) => {
    const wiki = buildWiki(files, { categories: ['concept'], base: '/', attachments, fileExists: (p) => attachments.includes(p) });
    const texts = new Map(files.map((f) => [f.path, f.text ?? '']));
    return renderKeys(wiki, (d) => texts.get(d.source.sourcePath)!, { lang: 'ko', code: 'v1' }, hash);
  };
  const before = keysOf(LINKING_WIKI);

  test('a new document that fixes a broken link changes the key of the page with the link, and no other', () => {
    const after = keysOf([...LINKING_WIKI, file('색인.md', '---\ntitle: 색인\n---\n\n본문.\n')]);
    expect(changed(before, after)).toEqual(['a']);
  });

  test('a title change changes the pages whose link labels show it (a wikilink, a mention), and no other', () => {
    const after = keysOf(LINKING_WIKI.map((f) => (f.path === 'b.md' ? file('b.md', '---\ntitle: 형태소 분석기\n---\n\n## 규칙\n\n본문.\n') : f)));
    expect(changed(before, after)).toEqual(['a', 'b', 'e']);
  });

  test('a rename changes the pages whose links went to it (now broken), and no other', () => {
    const after = keysOf(LINKING_WIKI.map((f) => (f.path === 'b.md' ? file('b2.md', f.text!) : f)));
    expect(changed(before, after)).toEqual(['a', 'c', 'e']);
    expect(after.has('b2')).toBe(true);
  });

  test('an attachment added changes the page that links to it, and no other', () => {
    const after = keysOf(LINKING_WIKI, ['files/report.pdf']);
    expect(changed(before, after)).toEqual(['d']);
  });

  test('a draft a link names is part of its key: the link shows why it is broken', () => {
    const after = keysOf([...LINKING_WIKI, file('색인.md', '---\ntitle: 색인\nstatus: draft\n---\n\n본문.\n')]);
    expect(changed(before, after)).toEqual(['a']);
  });
});

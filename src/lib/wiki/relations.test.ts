import { describe, expect, test } from 'vitest';
import { buildWiki } from './pipeline.ts';

const file = (path: string, text: string) => ({ path, text, mtime: '2026-01-01T00:00:00.000Z' });
const FILES = [
  file(
    'a.md',
    '---\nid: a\ntitle: 알파\ntags: [검색, 한국어]\nrelated: [c]\n---\n[[b]]와 [[b#둘째|둘째 절]]을 보세요.\n\n## 첫째\n\n토크나이저 바이그램 조사 처리',
  ),
  file('b.md', '---\nid: b\ntitle: 베타\ntags: [검색]\n---\n## 둘째\n\n[알파](./a.md) 참고.'),
  file('c.md', '---\nid: c\ntitle: 감마\n---\n토크나이저 바이그램 조사 처리 설명'),
  file('d.md', '---\nid: d\ntitle: 델타\nstatus: draft\n---\n[[a]]'),
];

describe('catalog relations', () => {
  const wiki = buildWiki(FILES, { categories: ['concept', 'reference'], base: '/' });
  const byId = new Map<string, (typeof wiki.documents)[number]>(wiki.documents.map((d) => [d.source.id, d]));

  test('drafts are dropped and logged, and their links do not count', () => {
    expect(wiki.documents.map((d) => d.source.id)).toEqual(['a', 'b', 'c']);
    expect(wiki.dropped).toEqual([{ path: 'd.md', id: 'd', reason: 'draft' }]);
    expect(byId.get('a')!.backlinks).toEqual(['b']);
  });

  test('links and backlinks by id', () => {
    expect(byId.get('a')!.linkIds).toEqual(['b']);
    expect(byId.get('b')!.linkIds).toEqual(['a']);
    expect(byId.get('b')!.backlinks).toEqual(['a']);
    expect(byId.get('c')!.backlinks).toEqual([]);
  });

  test('related documents carry every reason', () => {
    const related = byId.get('a')!.related;
    expect(related.map((r) => [r.id, r.reasons])).toEqual([
      ['b', ['links-to', 'linked-from', 'shared-tags']],
      ['c', ['related', 'similar']],
    ]);
    expect(related[0]!.sharedTags).toEqual(['검색']);
  });

  test('no problems for valid links, including wikilinks to a heading', () => {
    expect(wiki.problems).toEqual([]);
  });
});

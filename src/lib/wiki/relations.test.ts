import { describe, expect, test } from 'vitest';
import { buildWiki } from './pipeline.ts';
import { backlinksOf, relatedOf } from './relations.ts';

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

describe('relatedOf with a popular tag', () => {
  // Twelve documents share `공통`; some share a second or third tag with `hub`, one links to it.
  const vector = new Map<string, number>();
  const doc = (id: string, tags: string[], links: string[] = []) => ({ id, tags, related: [], links, vector });
  const docs = [
    doc('hub', ['공통', '둘', '셋']),
    ...['m', 'l', 'k', 'j', 'i', 'h', 'g', 'f', 'e'].map((id) => doc(id, ['공통'])),
    doc('two', ['셋', '공통']),
    doc('three', ['공통', '셋', '둘']),
    doc('linker', ['공통'], ['hub']),
  ];
  const related = relatedOf(docs, backlinksOf(docs)).get('hub')!;

  test('keeps the eight best: more shared tags first, then links, then ids in order', () => {
    expect(related.map((r) => [r.id, r.score])).toEqual([
      ['linker', 3.5],
      ['three', 3],
      ['two', 2],
      ['e', 1],
      ['f', 1],
      ['g', 1],
      ['h', 1],
      ['i', 1],
    ]);
  });

  test('each entry says which tags it shares, sorted, and why it is related', () => {
    expect(related[0]).toEqual({ id: 'linker', reasons: ['linked-from', 'shared-tags'], score: 3.5, sharedTags: ['공통'] });
    expect(related[1]).toEqual({ id: 'three', reasons: ['shared-tags'], score: 3, sharedTags: ['공통', '둘', '셋'] });
    expect(related[2]).toEqual({ id: 'two', reasons: ['shared-tags'], score: 2, sharedTags: ['공통', '셋'] });
  });
});

describe('relatedOf with a tag most of the wiki shares', () => {
  const none = new Map<string, number>();
  const doc = (id: string, tags: string[], extra: { links?: string[]; vector?: Map<string, number> } = {}) => ({
    id,
    tags,
    related: [],
    links: extra.links ?? [],
    vector: extra.vector ?? none,
  });
  // Thirty documents share only `흔함` with `hub`; the ones sharing more come last in the table, and the ids that
  // differ only in case sort differently by code unit ('B1' < 'a9') and by `localeCompare` ('a9' < 'b0' < 'B1').
  const crowd = Array.from({ length: 30 }, (_, i) => doc(`p${String(i).padStart(2, '0')}`, ['흔함']));
  const docs = [
    doc('B1', ['흔함']),
    doc('a9', ['흔함']),
    doc('b0', ['흔함']),
    doc('hub', ['흔함', '드묾', '희귀']),
    ...crowd,
    doc('x-two', ['드묾', '흔함']),
    doc('y-three', ['흔함', '희귀', '드묾']),
  ];
  const related = relatedOf(docs, backlinksOf(docs));

  test('the documents sharing most tags win even when they come last; ties go by id in locale order', () => {
    expect(related.get('hub')!.map((r) => [r.id, r.score])).toEqual([
      ['y-three', 3],
      ['x-two', 2],
      ['a9', 1],
      ['b0', 1],
      ['B1', 1],
      ['p00', 1],
      ['p01', 1],
      ['p02', 1],
    ]);
  });

  test('a crowd member keeps the eight best of thirty-four others', () => {
    expect(related.get('p29')!.map((r) => r.id)).toEqual(['a9', 'b0', 'B1', 'hub', 'p00', 'p01', 'p02', 'p03']);
    expect(related.get('p29')![3]).toEqual({ id: 'hub', reasons: ['shared-tags'], score: 1, sharedTags: ['흔함'] });
  });

  test('a link or similar text lifts a document above the crowd, with its shared tags counted too', () => {
    const v = new Map([['색인', 1]]);
    const linked = [
      ...docs.slice(0, -2),
      doc('zz-similar', ['흔함'], { vector: v }),
      doc('zz-linker', ['흔함'], { links: ['p05'] }),
      doc('p05-twin', [], { vector: v }),
    ];
    const r = relatedOf(linked, backlinksOf(linked));
    expect(r.get('p05')!.slice(0, 3)).toEqual([
      { id: 'zz-linker', reasons: ['linked-from', 'shared-tags'], score: 3.5, sharedTags: ['흔함'] },
      { id: 'a9', reasons: ['shared-tags'], score: 1, sharedTags: ['흔함'] },
      { id: 'b0', reasons: ['shared-tags'], score: 1, sharedTags: ['흔함'] },
    ]);
    expect(r.get('zz-similar')![0]).toEqual({ id: 'p05-twin', reasons: ['similar'], score: 2, similarity: 1 });
    expect(r.get('p05-twin')).toEqual([{ id: 'zz-similar', reasons: ['similar'], score: 2, similarity: 1 }]);
  });
});

import { describe, expect, test } from 'vitest';
import type { Catalog, CatalogEntry } from '../artifacts/schema.ts';
import { testEntry } from '../artifacts/test-entry.ts';
import { resolveSiteConfig } from '../wiki/config.ts';
import { aiGuideHref, changesPage, docPage, hasDiagram, homePage, isBlankArticle, listingPage, searchFilters, tagIndex, uiContext } from './page-data.ts';
import { routesFor } from './routes.ts';

const NOW = new Date('2026-11-30T09:00:00.000Z');

const entry = (id: string, over: Partial<CatalogEntry> = {}): CatalogEntry => testEntry(id, { url: `/b/docs/${id}/`, ...over });

const A = entry('a', {
  tags: ['검색', 'ci'],
  owner: '검색팀',
  headings: [
    { depth: 2, text: '개요', anchor: '개요', line: 10 },
    { depth: 3, text: '세부', anchor: '세부', line: 12 },
    { depth: 4, text: '더 세부', anchor: '더-세부', line: 14 },
  ],
  backlinks: ['b'],
  related: [
    { id: 'b', reasons: ['linked-from', 'shared-tags'], sharedTags: ['검색'], score: 3.5 },
    { id: 'gone', reasons: ['similar'], score: 1 },
  ],
});
const B = entry('b', {
  project: 'q',
  category: 'decision',
  tags: ['검색'],
  createdAt: '2026-11-27T00:00:00.000Z',
  updatedAt: '2026-11-27T00:00:00.000Z',
  links: ['a'],
});
const CATALOG: Catalog = {
  version: 1,
  documents: [A, B],
  projects: [
    { id: 'p', count: 1, categories: { guide: 1 }, updatedAt: '2026-11-27T00:00:00.000Z' },
    { id: 'q', count: 1, categories: { decision: 1 }, updatedAt: '2026-11-27T00:00:00.000Z' },
  ],
  categories: [
    { id: 'guide', count: 1 },
    { id: 'decision', count: 1 },
  ],
  tags: [
    { id: 'ci', count: 1 },
    { id: '검색', count: 2 },
  ],
};
const config = resolveSiteConfig({ projects: { p: { title: '피', description: '피 설명' } }, editUrl: 'https://git.example/edit/main/content' });
const ctx = uiContext({ catalog: CATALOG, config }, '/b', NOW);

test('routes respect the base and encode Korean segments', () => {
  const r = routesFor('/pr/1/');
  expect([r.home, r.doc('a/b'), r.tag('검색'), r.search('토크 나이저'), r.file('_wiki/docs/a.md')]).toEqual([
    '/pr/1/',
    '/pr/1/docs/a/b/',
    '/pr/1/tags/%EA%B2%80%EC%83%89/',
    '/pr/1/search/?q=%ED%86%A0%ED%81%AC%20%EB%82%98%EC%9D%B4%EC%A0%80',
    '/pr/1/_wiki/docs/a.md',
  ]);
});

describe('docPage', () => {
  const page = docPage(ctx, A);
  test('meta: project title, category label, both dates, reading time', () => {
    expect(page.card).toMatchObject({ projectTitle: '피', projectHref: '/b/projects/p/', categoryLabel: '가이드', categoryHref: '/b/categories/guide/' });
    expect(page.card.updated).toEqual({ iso: '2026-11-27T00:00:00.000Z', absolute: '2026년 11월 27일', relative: '3일 전' });
    expect(page.owner).toBe('검색팀');
    expect(page.minutes).toBe(2);
  });
  test('TOC keeps depths 2-3 with encoded hashes', () => {
    expect(page.toc).toEqual([
      { depth: 2, text: '개요', href: '#%EA%B0%9C%EC%9A%94' },
      { depth: 3, text: '세부', href: '#%EC%84%B8%EB%B6%80' },
    ]);
  });
  test('related entries get Korean reason labels and skip unknown ids; backlinks become cards', () => {
    expect(page.related.map((r) => [r.card.id, r.reasons, r.sharedTags])).toEqual([['b', ['이 문서를 언급', '같은 태그'], ['검색']]]);
    expect(page.backlinks.map((c) => c.href)).toEqual(['/b/docs/b/']);
  });
  test('edit and Markdown links', () => {
    expect(page.editHref).toBe('https://git.example/edit/main/content/p/a.md');
    expect(page.markdownHref).toBe('/b/_wiki/docs/a.md');
    expect(docPage(uiContext({ catalog: CATALOG, config: resolveSiteConfig({}) }, '/'), A).editHref).toBeUndefined();
  });
  test('side navigation lists the project documents by category, from the project sidebar file', () => {
    expect(page.sidebar.fileHref).toBe('/b/nav/p.json');
    expect(page.sidebar.list.entries).toEqual([
      {
        kind: 'group',
        key: 'guide',
        label: '가이드',
        count: 1,
        listingHref: '/b/projects/p/?category=guide',
        open: {
          key: 'guide',
          entries: [{ kind: 'doc', title: 'A', href: '/b/docs/a/', current: true }],
          before: 0,
          after: 0,
          moreHref: '/b/projects/p/?category=guide',
        },
      },
    ]);
    expect([page.prev, page.next]).toEqual([undefined, undefined]);
  });
  test('previous/next follow the side navigation top to bottom, across category groups, `order` first', () => {
    const docs = [entry('g2', { title: '둘째' }), entry('g1', { title: '첫째', order: 1 }), entry('d1', { title: '결정', category: 'decision' })];
    const c = uiContext({ catalog: { ...CATALOG, documents: docs }, config }, '/b', NOW);
    const nav = docPage(c, docs[0]!);
    const groups = nav.sidebar.list.entries.flatMap((g) => (g.kind === 'group' ? [g] : []));
    expect(groups.map((g) => [g.label, g.count, g.open?.entries.map((i) => (i.kind === 'doc' ? i.title : i.label))])).toEqual([
      ['결정', 1, undefined],
      ['가이드', 2, ['첫째', '둘째']],
    ]);
    expect([nav.prev, nav.next]).toEqual([{ title: '첫째', href: '/b/docs/g1/' }, undefined]);
    expect(docPage(c, docs[1]!).prev).toEqual({ title: '결정', href: '/b/docs/d1/' });
    expect(docPage(c, docs[2]!).prev).toBeUndefined();
  });
  test('a folder landing page comes first in its project, before documents with an `order`', () => {
    const docs = [entry('g1', { title: '첫째', order: 1 }), entry('intro', { title: '소개', sourcePath: 'p/README.md' })];
    const c = uiContext({ catalog: { ...CATALOG, documents: docs }, config }, '/b', NOW);
    const open = docPage(c, docs[0]!).sidebar.list.entries.flatMap((g) =>
      g.kind === 'group' ? [g.open?.entries.map((i) => (i.kind === 'doc' ? i.title : i.label))] : [],
    );
    expect(open).toEqual([['소개', '첫째']]);
    expect(docPage(c, docs[0]!).prev).toEqual({ title: '소개', href: '/b/docs/intro/' });
  });
  test('the lead is left out when the summary is the first paragraph, and a default category shows no badge', () => {
    expect([page.lead, page.showCategory]).toEqual(['a summary', true]);
    const derived = docPage(ctx, entry('x', { summarySource: 'derived', categorySource: 'default', category: 'reference' }));
    expect([derived.lead, derived.showCategory]).toEqual([undefined, false]);
  });
  test('a project without a configured title takes its landing page title', () => {
    const c = uiContext({ catalog: { ...CATALOG, projects: [{ ...CATALOG.projects[1]!, title: '큐 프로젝트' }] }, config }, '/b', NOW);
    expect(docPage(c, B).card.projectTitle).toBe('큐 프로젝트');
    // Else its folder name made readable.
    expect(docPage(ctx, B).card.projectTitle).toBe('Q');
  });
});

test('homePage: projects with descriptions and category links, recent documents', () => {
  const home = homePage(ctx);
  expect(home.total).toBe(2);
  expect(home.projects.map((p) => [p.label, p.description, p.count, p.categories.map((c) => c.href)])).toEqual([
    ['피', '피 설명', 1, ['/b/projects/p/?category=guide']],
    ['Q', '', 1, ['/b/projects/q/?category=decision']],
  ]);
  expect(home.categories.map((c) => c.value)).toEqual(['decision', 'guide']);
  expect(home.tags.map((t) => t.value)).toEqual(['검색', 'ci']);
  expect(home.recent.map((c) => c.id)).toEqual(['a', 'b']);
});

test('listingPage: documents of a tag with filters for the other fields', () => {
  const page = listingPage(ctx, 'tag', '검색');
  expect(page.title).toBe('#검색');
  expect(page.cards.map((c) => c.id)).toEqual(['a', 'b']);
  expect(page.filters.map((f) => [f.field, f.options.map((o) => o.value)])).toEqual([
    ['project', ['p', 'q']],
    ['category', ['decision', 'guide']],
    ['tag', ['ci']],
  ]);
  expect(listingPage(ctx, 'project', 'p')).toMatchObject({ title: '피', description: '피 설명' });
});

test('listingPage: a single tag still filters; no tags at all offers no tag drop-down', () => {
  expect(listingPage(ctx, 'project', 'q').filters.map((f) => [f.field, f.options.map((o) => o.value)])).toEqual([['tag', ['검색']]]);
  const untagged = uiContext({ catalog: { ...CATALOG, documents: [A, B].map((d) => ({ ...d, tags: [] })), tags: [] }, config }, '/b', NOW);
  expect(listingPage(untagged, 'project', 'p').filters).toEqual([]);
  expect(tagIndex(untagged)).toEqual([]);
});

test('changesPage: creations and later updates by day, newest first', () => {
  const { days } = changesPage(ctx);
  expect(days.map((d) => [d.day, d.relative, d.events.map((e) => `${e.kind}:${e.card.id}`)])).toEqual([
    ['2026-11-27', '3일 전', ['updated:a', 'added:b']],
    ['2026-11-01', '4주 전', ['added:a']],
  ]);
});

test("homePage: projects in the content's own order, then the largest first; no chip for the default category; the root documents named", () => {
  const docs = [
    entry('e1', { project: 'errors', category: 'reference', categorySource: 'default' }),
    ...['r1', 'r2', 'r3'].map((id) => entry(id, { project: 'reference', category: 'reference', categorySource: 'folder' })),
    ...['l1', 'l2'].map((id) => entry(id, { project: 'learn', category: 'guide', categorySource: 'folder' })),
    entry('home', { project: 'general', category: 'reference', categorySource: 'default' }),
  ];
  const project = (id: string, count: number, categories: Record<string, number>, order?: number) => ({
    id,
    count,
    categories,
    updatedAt: '2026-11-27T00:00:00.000Z',
    ...(order !== undefined ? { order } : {}),
  });
  const catalog: Catalog = {
    ...CATALOG,
    documents: docs,
    projects: [
      project('errors', 1, { reference: 1 }),
      project('general', 1, { reference: 1 }),
      project('learn', 2, { guide: 2 }, 1),
      project('reference', 3, { reference: 3 }),
    ],
  };
  const home = homePage(uiContext({ catalog, config }, '/b', NOW));
  expect(home.projects.map((p) => [p.label, p.categories.map((c) => c.label)])).toEqual([
    ['Learn', ['가이드']],
    ['Reference', []],
    ['Errors', []],
    ['최상위 문서', []],
  ]);
});

test('search filters and the tag index', () => {
  expect(searchFilters(ctx).projects.map((p) => p.label)).toEqual(['피', 'Q']);
  expect(tagIndex(ctx).map((t) => [t.value, t.count])).toEqual([
    ['검색', 2],
    ['ci', 1],
  ]);
});

test.each([
  ['```mermaid\nflowchart TD\n```', true],
  ['~~~ mermaid\n~~~', true],
  ['::: mermaid\ngraph TD; A-->B\n:::', true],
  ['::: tip\nmermaid\n:::', false],
  ['```ts\nmermaid\n```', false],
  [undefined, false],
])('hasDiagram(%j) = %s', (md, want) => {
  expect(hasDiagram(md)).toBe(want);
});

test('aiGuideHref: the MCP set-up guide when the wiki has one, else llms.txt', () => {
  expect(aiGuideHref(ctx)).toBe('/b/llms.txt');
  const guide = entry('connect-ai', { tags: ['mcp'], url: '/b/docs/connect-ai/' });
  expect(aiGuideHref(uiContext({ catalog: { ...CATALOG, documents: [A, guide] }, config }, '/b', NOW))).toBe('/b/docs/connect-ai/');
});

test.each([
  ['', true],
  ['\n  \n', true],
  ['<p>본문</p>', false],
  // Rendered by Astro itself (articles with local images): the page has content to show.
  [undefined, false],
])('isBlankArticle(%j) = %s', (html, want) => {
  expect(isBlankArticle(html)).toBe(want);
});

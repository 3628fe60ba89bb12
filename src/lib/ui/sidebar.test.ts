import { describe, expect, test } from 'vitest';
import type { Catalog, CatalogEntry } from '../artifacts/schema.ts';
import { testEntry } from '../artifacts/test-entry.ts';
import { resolveSiteConfig } from '../wiki/config.ts';
import { uiContext } from './page-data.ts';
import { isNavFile } from './nav-file.ts';
import { docSidebar, navFile, SIDEBAR_WINDOW } from './sidebar.ts';

const entry = (id: string, over: Partial<CatalogEntry> = {}): CatalogEntry => testEntry(id, { title: id, summary: '', wordCount: 100, ...over });

/** A project of `guides` guide documents g01… and `decisions` decision documents d01…, plus one other project. */
function wiki(guides: number, decisions = 2) {
  const pad = (i: number) => String(i + 1).padStart(2, '0');
  const documents = [
    ...Array.from({ length: guides }, (_, i) => entry(`g${pad(i)}`)),
    ...Array.from({ length: decisions }, (_, i) => entry(`d${pad(i)}`, { category: 'decision' })),
    entry('other', { project: 'q', category: 'concept' }),
  ];
  const catalog: Catalog = {
    version: 1,
    documents,
    projects: [
      { id: 'p', count: guides + decisions, categories: { guide: guides, decision: decisions }, updatedAt: '2026-11-27T00:00:00.000Z' },
      { id: 'q', count: 1, categories: { concept: 1 }, updatedAt: '2026-11-27T00:00:00.000Z' },
    ],
    categories: [
      { id: 'concept', count: 1 },
      { id: 'guide', count: guides },
      { id: 'decision', count: decisions },
    ],
    tags: [],
  };
  const ctx = uiContext({ catalog, config: resolveSiteConfig({}) }, '/', new Date('2026-11-30T00:00:00.000Z'));
  return { ctx, doc: (id: string) => documents.find((d) => d.id === id)! };
}

/** What a page shows of each group: `label count` and, for the open one, `before [titles, *current] after`. */
function shown(sidebar: ReturnType<typeof docSidebar>): string[] {
  return sidebar.groups.map((g) =>
    g.open
      ? `${g.label} ${g.count}: ${g.open.before} [${g.open.items.map((i) => (i.current ? `*${i.title}` : i.title)).join(' ')}] ${g.open.after}`
      : `${g.label} ${g.count}`,
  );
}

describe('docSidebar', () => {
  test('a small project: the current group open with all its documents, the other groups as headings only', () => {
    const { ctx, doc } = wiki(3);
    // Groups come in the configured category order (decision before guide), not the order of the documents.
    expect(shown(docSidebar(ctx, doc('g02')))).toEqual(['결정 2', '가이드 3: 0 [g01 *g02 g03] 0']);
    expect(shown(docSidebar(ctx, doc('d01')))).toEqual(['결정 2: 0 [*d01 d02] 0', '가이드 3']);
  });

  test('the groups link to the project listing filtered to their category, and the file is the project sidebar file', () => {
    const { ctx, doc } = wiki(3);
    const sidebar = docSidebar(ctx, doc('g01'));
    expect(sidebar.fileHref).toBe('/nav/p.json');
    expect(sidebar.groups.map((g) => g.listingHref)).toEqual(['/projects/p/?category=decision', '/projects/p/?category=guide']);
  });

  test.each([
    ['g01', '가이드 40: 0 [*g01 g02 g03 g04 g05] 35'],
    ['g02', '가이드 40: 0 [g01 *g02 g03 g04 g05] 35'],
    ['g20', '가이드 40: 17 [g18 g19 *g20 g21 g22] 18'],
    ['g39', '가이드 40: 35 [g36 g37 g38 *g39 g40] 0'],
    ['g40', '가이드 40: 35 [g36 g37 g38 g39 *g40] 0'],
  ])('a large group shows a window of documents around %s and counts the rest', (id, expected) => {
    const { ctx, doc } = wiki(40);
    expect(shown(docSidebar(ctx, doc(id), 5))[1]).toBe(expected);
  });

  test('what a page carries does not grow with the project: the same links at 30 and at 3,000 documents', () => {
    const links = (guides: number) => {
      const { ctx, doc } = wiki(guides, 200);
      const sidebar = docSidebar(ctx, doc('g10'));
      return sidebar.groups.flatMap((g) => g.open?.items ?? [{ href: g.listingHref }]).length;
    };
    expect(links(30)).toBe(SIDEBAR_WINDOW + 1);
    expect(links(3000)).toBe(SIDEBAR_WINDOW + 1);
  });

  test('previous/next cross group boundaries in reading order, even outside the shown window', () => {
    const { ctx, doc } = wiki(40);
    const g01 = docSidebar(ctx, doc('g01'), 5);
    expect([g01.prev, g01.next]).toEqual([
      { title: 'd02', href: '/docs/d02/' },
      { title: 'g02', href: '/docs/g02/' },
    ]);
    expect(docSidebar(ctx, doc('g40'), 5).prev?.title).toBe('g39');
    expect(docSidebar(ctx, doc('g40'), 5).next).toBeUndefined();
    expect(docSidebar(ctx, doc('d01')).prev).toBeUndefined();
    expect(docSidebar(ctx, doc('other')).next).toBeUndefined();
  });
});

describe('navFile', () => {
  test('holds every group of one project with all its documents, in the order the page shows them', () => {
    const { ctx } = wiki(3, 1);
    expect(navFile(ctx, 'p')).toEqual({
      project: 'p',
      groups: [
        { key: 'decision', label: '결정', items: [{ title: 'd01', href: '/docs/d01/' }] },
        {
          key: 'guide',
          label: '가이드',
          items: [
            { title: 'g01', href: '/docs/g01/' },
            { title: 'g02', href: '/docs/g02/' },
            { title: 'g03', href: '/docs/g03/' },
          ],
        },
      ],
    });
    expect(navFile(ctx, 'nobody')).toEqual({ project: 'nobody', groups: [] });
  });

  test('what the page opens in a group is a slice of the same file', () => {
    const { ctx, doc } = wiki(40);
    const window = docSidebar(ctx, doc('g20')).groups[1]!.open!;
    const all = navFile(ctx, 'p').groups[1]!.items;
    expect(window.items.map(({ title, href }) => ({ title, href }))).toEqual(all.slice(window.before, all.length - window.after));
  });
});

describe('isNavFile', () => {
  test.each([
    [{ project: 'p', groups: [{ key: 'guide', label: '가이드', items: [{ title: 'A', href: '/docs/a/' }] }] }, true],
    [{ project: 'p', groups: [] }, true],
    [{ project: 'p', groups: [{ key: 'guide', label: '가이드', items: [{ title: 'A' }] }] }, false],
    [{ project: 'p', groups: [{ key: 'guide', items: [] }] }, false],
    [{ groups: [] }, false],
    [[], false],
    [null, false],
    ['<html>', false],
  ])('%j → %s', (json, expected) => {
    expect(isNavFile(json)).toBe(expected);
  });
});

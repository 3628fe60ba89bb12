import { describe, expect, test } from 'vitest';
import type { Catalog, CatalogEntry } from '../artifacts/schema.ts';
import { testEntry } from '../artifacts/test-entry.ts';
import { resolveSiteConfig } from '../wiki/config.ts';
import { uiContext } from './page-data.ts';
import { isNavFile } from './nav-file.ts';
import { docSidebar, isUnlisted, navFile, SIDEBAR_WINDOW, type SidebarGroup, type SidebarLink, type SidebarList } from './sidebar.ts';

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

/** One entry as a page shows it: a title (`*` when current), a closed group `label count`, an open one `label count: before [entries] after`. */
function show(e: SidebarLink | SidebarGroup): string {
  if (e.kind === 'doc') return e.current ? `*${e.title}` : e.title;
  return e.open ? `${e.label} ${e.count}: ${e.open.before} [${e.open.entries.map(show).join(' ')}] ${e.open.after}` : `${e.label} ${e.count}`;
}

/** What a page shows of each top entry. */
function shown(sidebar: ReturnType<typeof docSidebar>): string[] {
  return sidebar.list.entries.map(show);
}

/** Every link and group heading a page carries. */
function carried(list: SidebarList): number {
  return list.entries.reduce((n, e) => n + 1 + (e.kind === 'group' && e.open ? carried(e.open) : 0), 0);
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
    expect(sidebar.list.entries.map((g) => (g.kind === 'group' ? g.listingHref : ''))).toEqual([
      '/projects/p/?category=decision',
      '/projects/p/?category=guide',
    ]);
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
      return carried(docSidebar(ctx, doc('g10')).list);
    };
    expect(links(30)).toBe(SIDEBAR_WINDOW + 2);
    expect(links(3000)).toBe(SIDEBAR_WINDOW + 2);
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
      items: [
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
    expect(navFile(ctx, 'nobody')).toEqual({ project: 'nobody', items: [] });
  });

  test('what the page opens in a group is a slice of the same file', () => {
    const { ctx, doc } = wiki(40);
    const window = (docSidebar(ctx, doc('g20')).list.entries[1] as SidebarGroup).open!;
    const all = (navFile(ctx, 'p').items[1] as { items: unknown[] }).items;
    expect(window.entries.map((e) => (e.kind === 'doc' ? { title: e.title, href: e.href } : e))).toEqual(all.slice(window.before, all.length - window.after));
  });
});

/** A docs set as folders: `reference/` with `react/` (a landing page and 30 hooks) and `react-dom/components/` (no landing). */
function docsSet(folders?: Catalog['folders']) {
  const d = (path: string, title: string, over: Partial<CatalogEntry> = {}) =>
    entry(path.replace(/\.md$/, ''), {
      title,
      project: 'reference',
      category: 'reference',
      sourcePath: path,
      url: `/docs/${path.replace(/\.md$/, '')}/`,
      ...over,
    });
  const hooks = Array.from({ length: 30 }, (_, i) => d(`reference/react/use-${String(i + 1).padStart(2, '0')}.md`, `use${String(i + 1).padStart(2, '0')}`));
  const documents = [
    d('reference/react/index.md', 'React 개요'),
    ...hooks,
    d('reference/react-dom/components/input.md', '<input>'),
    d('reference/react-dom/components/form.md', '<form>'),
    d('reference/react-dom/components/index.md', 'React DOM 컴포넌트'),
    d('reference/rules/purity.md', '순수성', { order: 2 }),
    d('reference/rules/hooks.md', 'Hook 규칙', { order: 1 }),
    d('reference/rsc-sandbox-test.md', 'RSC Sandbox Test'),
    d('reference/hidden.md', '숨김', { extra: { unlisted: true } }),
    d('reference/versions.md', 'Versions'),
  ];
  const catalog: Catalog = {
    version: 1,
    documents,
    projects: [{ id: 'reference', count: documents.length, categories: { reference: documents.length }, updatedAt: '2026-11-27T00:00:00.000Z' }],
    categories: [{ id: 'reference', count: documents.length }],
    tags: [],
    ...(folders ? { folders } : {}),
  };
  const ctx = uiContext({ catalog, config: resolveSiteConfig({}) }, '/', new Date('2026-11-30T00:00:00.000Z'));
  return { ctx, doc: (id: string) => documents.find((x) => x.id === id)! };
}

describe('folder groups', () => {
  test('sub-folders become nested groups titled by their landing page or readable name; the current branch is open', () => {
    const { ctx, doc } = docsSet();
    const sidebar = docSidebar(ctx, doc('reference/react-dom/components/input'));
    expect(shown(sidebar)).toEqual([
      'React 개요 31',
      'React dom 3: 0 [React DOM 컴포넌트 3: 0 [React DOM 컴포넌트 <form> *<input>] 0] 0',
      'Rules 2',
      'Versions',
    ]);
  });

  test('the breadcrumb names the folders above the document, linking those with a landing page', () => {
    const { ctx, doc } = docsSet();
    expect(docSidebar(ctx, doc('reference/react-dom/components/input')).crumbs).toEqual([
      { label: 'React dom' },
      { label: 'React DOM 컴포넌트', href: '/docs/reference/react-dom/components/index/' },
    ]);
    // A folder's landing page does not repeat its own folder.
    expect(docSidebar(ctx, doc('reference/react-dom/components/index')).crumbs).toEqual([{ label: 'React dom' }]);
    expect(docSidebar(ctx, doc('reference/versions')).crumbs).toEqual([]);
  });

  test('a collapsed folder leads to its first document without JavaScript; `order` comes before the title', () => {
    const { ctx, doc } = docsSet();
    const rules = docSidebar(ctx, doc('reference/versions')).list.entries.find((e) => e.kind === 'group' && e.key === 'reference/rules') as SidebarGroup;
    expect(rules.listingHref).toBe('/docs/reference/rules/hooks/');
    expect(shown(docSidebar(ctx, doc('reference/rules/purity')))[2]).toBe('Rules 2: 0 [Hook 규칙 *순수성] 0');
  });

  test('a folder whose `_category_` file says `collapsed: false` is drawn open on every page, nested ones too', () => {
    const { ctx, doc } = docsSet([
      { path: 'reference/react-dom', collapsed: false },
      { path: 'reference/react-dom/components', collapsed: false },
      { path: 'reference/rules', collapsed: true },
    ]);
    expect(shown(docSidebar(ctx, doc('reference/versions')))).toEqual([
      'React 개요 31',
      'React dom 3: 0 [React DOM 컴포넌트 3: 0 [React DOM 컴포넌트 <form> <input>] 0] 0',
      'Rules 2',
      '*Versions',
    ]);
    // Open groups not on the way add no breadcrumb, and a large one shows a window from its start.
    expect(docSidebar(ctx, doc('reference/versions')).crumbs).toEqual([]);
    const open = docsSet([{ path: 'reference/react', collapsed: false }]);
    expect(shown(docSidebar(open.ctx, open.doc('reference/rules/hooks'), 5))[0]).toBe('React 개요 31: 0 [React 개요 use01 use02 use03 use04] 26');
    // Without the file's word a folder off the way stays a heading.
    expect(shown(docSidebar(docsSet().ctx, doc('reference/versions')))[1]).toBe('React dom 3');
  });

  test('a large folder on the way shows a window around the document; the page carries the same amount at any size', () => {
    const { ctx, doc } = docsSet();
    expect(shown(docSidebar(ctx, doc('reference/react/use-20'), 5))[0]).toBe('React 개요 31: 18 [use18 use19 *use20 use21 use22] 8');
    expect(carried(docSidebar(ctx, doc('reference/react/use-20')).list)).toBe(4 + SIDEBAR_WINDOW);
  });

  test('sandbox and unlisted pages are kept out of the navigation and of previous/next', () => {
    const { ctx, doc } = docsSet();
    const file = JSON.stringify(navFile(ctx, 'reference'));
    expect([file.includes('RSC Sandbox Test'), file.includes('숨김'), file.includes('Versions')]).toEqual([false, false, true]);
    expect(docSidebar(ctx, doc('reference/versions')).prev?.title).toBe('순수성');
    expect(shown(docSidebar(ctx, doc('reference/rsc-sandbox-test')))).toEqual(['React 개요 31', 'React dom 3', 'Rules 2', 'Versions']);
    expect(
      [
        ['a/rsc-sandbox-test.md', {}],
        ['a/playground.md', {}],
        ['a/unit-test.md', {}],
        ['a/x.md', { sidebar: false }],
        ['a/x.md', { nav_exclude: true }],
      ].map(([sourcePath, extra]) => isUnlisted({ sourcePath: sourcePath as string, extra: extra as Record<string, unknown> })),
    ).toEqual([true, true, false, true, true]);
  });

  test('the sidebar file holds the whole tree with landing pages first in their groups', () => {
    const { ctx } = docsSet();
    const file = navFile(ctx, 'reference');
    expect(file.items.map((e) => ('items' in e ? `${e.key}: ${e.items.length}` : e.title))).toEqual([
      'reference/react: 31',
      'reference/react-dom: 1',
      'reference/rules: 2',
      'Versions',
    ]);
    expect(file.items[1]).toEqual({
      key: 'reference/react-dom',
      label: 'React dom',
      items: [
        {
          key: 'reference/react-dom/components',
          label: 'React DOM 컴포넌트',
          items: [
            { title: 'React DOM 컴포넌트', href: '/docs/reference/react-dom/components/index/' },
            { title: '<form>', href: '/docs/reference/react-dom/components/form/' },
            { title: '<input>', href: '/docs/reference/react-dom/components/input/' },
          ],
        },
      ],
    });
    expect(isNavFile(file)).toBe(true);
  });
});

describe("a dev server's next catalog (each save publishes one)", () => {
  /** The catalog of `ctx` with some rows replaced, as a save makes it: the other rows are the same objects. */
  const next = (ctx: ReturnType<typeof wiki>['ctx'], change: Record<string, Partial<CatalogEntry>>) => {
    const catalog = { ...ctx.catalog, documents: ctx.catalog.documents.map((d) => (change[d.id] ? { ...d, ...change[d.id] } : d)) };
    return uiContext({ catalog, config: ctx.config }, '/', ctx.now);
  };
  const titles = (ctx: ReturnType<typeof wiki>['ctx'], project: string) =>
    navFile(ctx, project).items.map((e) => ('items' in e ? `${e.label}: ${e.items.map((i) => ('title' in i ? i.title : i.label)).join(' ')}` : e.title));

  test('shows what the save changed in the sidebar: a title, a document moved to another group, one left out', () => {
    const { ctx } = wiki(3);
    expect(titles(ctx, 'p')).toEqual(['결정: d01 d02', '가이드: g01 g02 g03']);
    const renamed = next(ctx, { g02: { title: 'b-renamed' } });
    expect(titles(renamed, 'p')).toEqual(['결정: d01 d02', '가이드: b-renamed g01 g03']);
    const moved = next(renamed, { g03: { category: 'decision' } });
    expect(titles(moved, 'p')).toEqual(['결정: d01 d02 g03', '가이드: b-renamed g01']);
    expect(
      docSidebar(
        moved,
        moved.catalog.documents.find((d) => d.id === 'g03')!,
      ).prev,
    ).toEqual({ title: 'd02', href: '/docs/d02/' });
    const unlisted = next(moved, { g01: { extra: { unlisted: true } } });
    expect(titles(unlisted, 'p')).toEqual(['결정: d01 d02 g03', '가이드: b-renamed']);
  });

  test('keeps the navigation of each project whose sidebar the save left as it was, and builds the others again', () => {
    const { ctx } = wiki(3);
    const p = navFile(ctx, 'p');
    const q = navFile(ctx, 'q');
    // A body edit: a new row (its summary, word count, dates) with the same title, address, place and category.
    const edited = next(ctx, { g02: { summary: '고쳤습니다', wordCount: 120 } });
    expect(navFile(edited, 'p')).toBe(p);
    expect(navFile(edited, 'q')).toBe(q);
    const retitled = next(edited, { other: { title: '다른 문서' } });
    expect(navFile(retitled, 'p')).toBe(p);
    expect(navFile(retitled, 'q')).not.toBe(q);
    expect(titles(retitled, 'q')).toEqual(['개념: 다른 문서']);
  });
});

describe('isNavFile', () => {
  test.each([
    [{ project: 'p', items: [{ key: 'guide', label: '가이드', items: [{ title: 'A', href: '/docs/a/' }] }] }, true],
    [{ project: 'p', items: [{ key: 'a', label: 'A', items: [{ key: 'a/b', label: 'B', items: [{ title: 'C', href: '/c/' }] }] }] }, true],
    [{ project: 'p', items: [] }, true],
    [{ project: 'p', items: [{ key: 'guide', label: '가이드', items: [{ title: 'A' }] }] }, false],
    [{ project: 'p', items: [{ key: 'guide', items: [] }] }, false],
    [{ items: [] }, false],
    [[], false],
    [null, false],
    ['<html>', false],
  ])('%j → %s', (json, expected) => {
    expect(isNavFile(json)).toBe(expected);
  });
});

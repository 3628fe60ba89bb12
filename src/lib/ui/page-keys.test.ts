import { describe, expect, test } from 'vitest';
import type { Catalog, CatalogEntry } from '../artifacts/schema.ts';
import { testEntry } from '../artifacts/test-entry.ts';
import { resolveSiteConfig, type SiteConfigInput } from '../wiki/config.ts';
import { uiContext } from './page-data.ts';
import { pageKeys, type ArticleInput } from './page-keys.ts';

const NOW = new Date('2026-11-30T09:00:00.000Z');

const entry = testEntry;

/**
 * A small wiki: `a` links to `b` (so `b` has a backlink from `a`), `a` lists `c` as related, `a`–`d` share
 * project `p` (one sidebar group, read by title), `z` is alone in project `q` with nothing in common.
 */
function docs(): CatalogEntry[] {
  return [
    entry('a', { tags: ['검색'], links: ['b'], related: [{ id: 'c', reasons: ['shared-tags'], sharedTags: ['검색'], score: 2 }] }),
    entry('b', { backlinks: ['a'] }),
    entry('c', { tags: ['검색'] }),
    entry('d'),
    entry('z', { project: 'q', category: 'decision', tags: ['기타'], sourcePath: 'q/z.md' }),
  ];
}

function catalogOf(documents: CatalogEntry[]): Catalog {
  const count = (values: string[]) => [...new Set(values)].sort().map((id) => ({ id, count: values.filter((v) => v === id).length }));
  return {
    version: 1,
    documents,
    projects: count(documents.map((d) => d.project)).map((p) => ({ ...p, categories: {}, updatedAt: '2026-11-27T00:00:00.000Z' })),
    categories: count(documents.map((d) => d.category)),
    tags: count(documents.flatMap((d) => d.tags)),
  };
}

const ARTICLE: ArticleInput = { rendered: { html: '<p>본문</p>', metadata: { headings: [] } }, diagram: false };

/** Every key of the small wiki, after `edit` changed its documents, config, base, clock or articles. */
function keysOf(
  edit: {
    docs?: (d: CatalogEntry[]) => void;
    config?: SiteConfigInput;
    base?: string;
    now?: Date;
    article?: Partial<Record<string, ArticleInput>>;
  } = {},
): Record<string, string> {
  const list = docs();
  edit.docs?.(list);
  const ctx = uiContext({ catalog: catalogOf(list), config: resolveSiteConfig(edit.config ?? {}) }, edit.base ?? '/', edit.now ?? NOW);
  // The identity digest: a key is then the text it digests, and a failed assertion shows what differs.
  const keys = pageKeys(ctx, (text) => text);
  return {
    ...Object.fromEntries(list.map((d) => [`doc:${d.id}`, keys.doc(d, edit.article?.[d.id] ?? ARTICLE)])),
    'project:p': keys.listing('project', 'p'),
    'project:q': keys.listing('project', 'q'),
    'tag:검색': keys.listing('tag', '검색'),
    'category:decision': keys.listing('category', 'decision'),
    'nav:p': keys.nav('p'),
    'nav:q': keys.nav('q'),
  };
}

/** The pages whose keys differ between the small wiki as it is and after `edit`. */
function changedBy(edit: Parameters<typeof keysOf>[0]): string[] {
  const before = keysOf();
  const after = keysOf(edit);
  return Object.keys(before).filter((k) => before[k] !== after[k]);
}

const find = (list: CatalogEntry[], id: string) => list.find((d) => d.id === id)!;

describe('page keys change exactly for the pages that show what changed', () => {
  test('the same wiki gives the same keys', () => {
    expect(keysOf()).toEqual(keysOf());
  });

  test.each<[string, Parameters<typeof keysOf>[0], string[]]>([
    [
      "a document's article (its rendered Markdown)",
      { article: { d: { ...ARTICLE, rendered: { html: '<p>고친 본문</p>', metadata: { headings: [] } } } } },
      ['doc:d'],
    ],
    ['whether a document has a diagram', { article: { d: { ...ARTICLE, diagram: true } } }, ['doc:d']],
    // d's date is shown on its own page and on the listings it is in; its neighbour c shows only its title.
    ["a document's update date", { docs: (l) => void (find(l, 'd').updatedAt = '2026-11-29T00:00:00.000Z') }, ['doc:d', 'project:p']],
    // Every page of project p shows b's title in its sidebar (a group of four fits one window); q's pages do not.
    ["a document's title", { docs: (l) => void (find(l, 'b').title = '새 제목') }, ['doc:a', 'doc:b', 'doc:c', 'doc:d', 'project:p', 'nav:p']],
    // c is a related document of a: a shows c's summary.
    ["a related document's summary", { docs: (l) => void (find(l, 'c').summary = '새 요약') }, ['doc:a', 'doc:c', 'project:p', 'tag:검색']],
    ["a document's tags", { docs: (l) => void (find(l, 'd').tags = ['검색']) }, ['doc:d', 'project:p', 'tag:검색']],
    [
      "the lone document of another project's title",
      { docs: (l) => void (find(l, 'z').title = '딴 제목') },
      ['doc:z', 'project:q', 'category:decision', 'nav:q'],
    ],
  ])('%s', (_name, edit, pages) => {
    expect(changedBy(edit)).toEqual(pages);
  });

  test('a new document in a project changes every page of that project (the sidebar counts it) and no page of another', () => {
    const changed = changedBy({ docs: (l) => void l.push(entry('e')) });
    expect(changed).toEqual(['doc:a', 'doc:b', 'doc:c', 'doc:d', 'project:p', 'nav:p']);
  });

  test.each<[string, Parameters<typeof keysOf>[0]]>([
    ['the site title', { config: { title: '다른 위키' } }],
    ['the UI language', { config: { lang: 'en' } }],
    ['a configured project title', { config: { projects: { q: { title: '큐' } } } }],
    ['the edit URL', { config: { editUrl: 'https://git.example/edit/main/content' } }],
    ['the base path', { base: '/pr-preview/pr-7/' }],
  ])('%s changes every page that has a layout', (_name, edit) => {
    const changed = changedBy(edit);
    expect(changed.filter((k) => !k.startsWith('nav:'))).toEqual(Object.keys(keysOf()).filter((k) => !k.startsWith('nav:')));
  });

  test("the sidebar files change with the language (group labels) and with the documents' addresses (the base is in them)", () => {
    expect(changedBy({ config: { lang: 'en' } }).filter((k) => k.startsWith('nav:'))).toEqual(['nav:p', 'nav:q']);
    const moved = changedBy({ base: '/x/', docs: (l) => l.forEach((d) => (d.url = `/x${d.url}`)) });
    expect(moved.filter((k) => k.startsWith('nav:'))).toEqual(['nav:p', 'nav:q']);
  });

  test('a new MCP guide moves every footer link to it, so every page with a layout changes', () => {
    const changed = changedBy({ docs: (l) => void l.push(entry('mcp-client-setup', { project: 'r', sourcePath: 'r/mcp-client-setup.md' })) });
    expect(changed).toEqual(Object.keys(keysOf()).filter((k) => !k.startsWith('nav:')));
  });

  test('the clock changes a page only when a relative date it shows changes', () => {
    expect(changedBy({ now: new Date('2026-11-30T23:59:00.000Z') })).toEqual([]);
    // 2026-11-27 is "3일 전" on the 30th and "4일 전" on 1 December; 2026-11-01 stays "4주 전".
    expect(changedBy({ now: new Date('2026-12-01T00:00:01.000Z') })).toEqual(Object.keys(keysOf()).filter((k) => !k.startsWith('nav:')));
  });

  test('unshown fields of other documents change no page: their word counts, owners and the tags of related ones', () => {
    expect(
      changedBy({
        docs: (l) => {
          find(l, 'c').wordCount = 9000;
          find(l, 'c').owner = '누군가';
          find(l, 'b').status = 'deprecated';
        },
      }),
    ).toEqual(['doc:b', 'doc:c']);
  });
});

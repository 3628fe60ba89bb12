import { expect, test } from 'vitest';
import { toCatalogArtifact } from '../../artifacts/emit.ts';
import { CatalogSchema } from '../../artifacts/schema.ts';
import { uiContext } from '../../ui/page-data.ts';
import { navFile } from '../../ui/sidebar.ts';
import { DEFAULT_CATEGORIES, resolveSiteConfig } from '../../wiki/config.ts';
import { buildWiki } from '../../wiki/pipeline.ts';

// From the content folder to the sidebar file in process: a sub-folder's _category_ file titles, places and closes its group.
const page = (path: string, title: string, fm = '') => ({ path, text: `---\ntitle: ${title}\n${fm}---\n본문`, mtime: '2026-11-01T00:00:00.000Z' });

test("sub-folders' _category_ files reach the catalog's folders and title, order and close the nested sidebar groups", () => {
  const wiki = buildWiki(
    [
      page('guide/index.md', '안내'),
      page('guide/basics/a.md', '가'),
      page('guide/advanced/b.md', '나'),
      page('guide/advanced/deeper/c.md', '다'),
      page('guide/empty-label/d.md', '라'),
    ],
    {
      categories: [...DEFAULT_CATEGORIES],
      base: '/',
      folderLabels: [
        { path: 'guide/_category_.json', text: '{"label": "가이드", "position": 1}' },
        { path: 'guide/advanced/_category_.json', text: '{"label": "고급", "position": 1, "collapsed": true}' },
        { path: 'guide/advanced/deeper/_category_.yml', text: 'label: 더 깊이\ncollapsed: false\n' },
        { path: 'guide/basics/_category_.yml', text: 'position: 2\n' },
        { path: 'guide/gone/_category_.json', text: '{"label": "문서 없는 폴더"}' },
      ],
    },
  );
  expect(wiki.problems).toEqual([]);
  const sha256 = (text: string) => text.length.toString(16).padStart(64, '0');
  const { catalog } = toCatalogArtifact(wiki, { sha256, generatedAt: '2026-12-01T00:00:00.000Z', commit: null, site: null, title: 'T', description: '' });
  expect(CatalogSchema.parse(catalog).folders).toEqual([
    { path: 'guide/advanced', title: '고급', order: 1, collapsed: true },
    { path: 'guide/advanced/deeper', title: '더 깊이', collapsed: false },
    { path: 'guide/basics', order: 2 },
  ]);
  // The project's own file names the project, as before.
  expect(catalog.projects.map((p) => [p.id, p.title, p.order])).toEqual([['guide', '가이드', 1]]);
  const ctx = uiContext({ catalog, config: resolveSiteConfig({}) }, '/', new Date('2026-12-01T00:00:00.000Z'));
  const outline = (entries: ReturnType<typeof navFile>['items']): unknown[] =>
    entries.map((e) => ('items' in e ? { [`${e.label}${e.collapsed === undefined ? '' : e.collapsed ? ' (닫힘)' : ' (열림)'}`]: outline(e.items) } : e.title));
  expect(outline(navFile(ctx, 'guide').items)).toEqual([
    '안내',
    { '고급 (닫힘)': ['나', { '더 깊이 (열림)': ['다'] }] },
    { Basics: ['가'] },
    { 'Empty label': ['라'] },
  ]);
});

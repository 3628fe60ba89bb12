import { expect, test } from 'vitest';
import type { Catalog, CatalogEntry } from '../artifacts/schema.ts';
import { resolveSiteConfig } from '../wiki/config.ts';
import { uiContext } from './page-data.ts';
import { sidebarOf } from './sidebar.ts';

function entry(id: string, project: string, category: string): CatalogEntry {
  return {
    id, title: id.toUpperCase(), project, category, tags: [], aliases: [], summary: '', status: 'published', prompt: false,
    createdAt: '2026-11-01T00:00:00.000Z', updatedAt: '2026-11-27T00:00:00.000Z', sourcePath: `${project}/${id}.md`, url: `/b/docs/${id}/`,
    markdownPath: `_wiki/docs/${id}.md`, sha256: '0'.repeat(64), headings: [], links: [], backlinks: [], related: [], wordCount: 10, extra: {},
  };
}

// Project p: 2 guides, 300 references; project q: 1 guide.
const docs = [entry('g2', 'p', 'guide'), entry('g1', 'p', 'guide'), ...Array.from({ length: 300 }, (_, i) => entry(`r${String(i).padStart(3, '0')}`, 'p', 'reference')), entry('q1', 'q', 'guide')];
const catalog: Catalog = {
  version: 1,
  documents: docs,
  projects: [],
  categories: [{ id: 'guide', count: 3 }, { id: 'reference', count: 300 }],
  tags: [],
};
const ctx = uiContext({ catalog, config: resolveSiteConfig({}) }, '/b', new Date('2026-11-30T00:00:00Z'));

test('the current category is open with its documents by title; the others are one collapsed line each', () => {
  expect(sidebarOf(ctx, docs[0]!)).toEqual([
    { label: '가이드', count: 2, open: true, items: [{ title: 'G1', href: '/b/docs/g1/', current: false }, { title: 'G2', href: '/b/docs/g2/', current: true }], href: '/b/projects/p/?category=guide' },
    { label: '레퍼런스', count: 300, open: false, items: [], href: '/b/projects/p/?category=reference' },
  ]);
});

test('a page of a big category lists that category only, not the whole project', () => {
  const groups = sidebarOf(ctx, docs[10]!);
  expect(groups.map((g) => [g.label, g.open, g.items.length])).toEqual([['가이드', false, 0], ['레퍼런스', true, 300]]);
  expect(sidebarOf(ctx, docs.at(-1)!).map((g) => [g.label, g.count, g.items.map((i) => i.title)])).toEqual([['가이드', 1, ['Q1']]]);
});

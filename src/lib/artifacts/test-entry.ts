import type { CatalogEntry } from './schema.ts';

/**
 * A catalog row for unit tests: the fields a test names in `over`, every other field one fixed value. The page,
 * sidebar, page-key and briefing tests share it, so a change to `CatalogEntry` is made once.
 */
export function testEntry(id: string, over: Partial<CatalogEntry> = {}): CatalogEntry {
  return {
    id,
    title: id.toUpperCase(),
    project: 'p',
    category: 'guide',
    tags: [],
    aliases: [],
    summary: `${id} summary`,
    status: 'published',
    prompt: false,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-27T00:00:00.000Z',
    sourcePath: `p/${id}.md`,
    url: `/docs/${id}/`,
    markdownPath: `_wiki/docs/${id}.md`,
    sha256: '0'.repeat(64),
    headings: [],
    links: [],
    backlinks: [],
    related: [],
    wordCount: 400,
    extra: {},
    ...over,
  };
}

import { expect, test } from 'vitest';
import { LINK_DIALECTS } from './links.ts';
import { DIALECTS, folderConventions } from './registry.ts';
import { TEXT_DIALECTS } from './text.ts';

test("the link resolver's light list holds every dialect's link conventions, in the registry's order", () => {
  expect(DIALECTS.flatMap((d) => (d.links ? [d.links] : []))).toEqual(LINK_DIALECTS);
  expect(DIALECTS.filter((d) => d.links).map((d) => d.name)).toEqual(['docusaurus', 'vitepress', 'jekyll', 'hugo']);
});

test("the search text's light list holds every dialect's text conventions, in the registry's order", () => {
  expect(DIALECTS.flatMap((d) => (d.text ? [d.text] : []))).toEqual(TEXT_DIALECTS);
  expect(DIALECTS.filter((d) => d.text).map((d) => d.name)).toEqual(['obsidian', 'hugo']);
});

test("a dialect's frontmatter format opens with the fence its light text conventions give every reader of the body", () => {
  const formats = DIALECTS.filter((d) => d.frontmatterFormat);
  expect(formats.map((d) => d.name)).toEqual(['hugo']);
  for (const d of formats) expect(d.text?.frontmatterFence).toBe(d.frontmatterFormat?.fence);
});

test('every dialect has a folder name of its own', () => {
  expect(new Set(DIALECTS.map((d) => d.name)).size).toBe(DIALECTS.length);
});

test("the tables of contents' tools, as the skipped-file warning names them, in registry order", () => {
  expect(folderConventions('tableOfContents').map((toc) => toc.tools)).toEqual(['GitBook·mdBook', 'Docsify']);
});

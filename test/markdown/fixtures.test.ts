// One looping test over test/fixtures/markdown/<case>/{input.md, output.html}: missing outputs are written,
// UPDATE=1 rewrites them all (review the diff like code). A case's name starts with the plugin it tests.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import rehypeRaw from 'rehype-raw';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified, type PluggableList } from 'unified';
import { VFile } from 'vfile';
import { describe, expect, test } from 'vitest';
import { dialectPlugins } from '../../src/lib/markdown/dialect.ts';
import remarkContainers from '../../src/lib/markdown/remark-containers.ts';
import remarkForeignHtml from '../../src/lib/markdown/remark-foreign-html.ts';
import remarkMdxCallouts from '../../src/lib/dialects/docusaurus/remark-mdx-callouts.ts';
import remarkMdxComments from '../../src/lib/dialects/docusaurus/remark-mdx-comments.ts';
import remarkTocMacro from '../../src/lib/dialects/vitepress/remark-toc-macro.ts';
import rehypeCallouts from '../../src/markdown/rehype-callouts.ts';
import remarkHeadingIds from '../../src/markdown/remark-heading-ids.ts';
import remarkInertScripts from '../../src/markdown/remark-inert-scripts.ts';
import remarkStripTitle from '../../src/markdown/remark-strip-title.ts';
import remarkWikiLinks from '../../src/markdown/remark-wiki-links.ts';
import remarkCjkFriendly from 'remark-cjk-friendly';
import { ROOT } from '../helpers/astro.ts';

const DIR = join(ROOT, 'test/fixtures/markdown');

/** The remark plugins each case prefix runs; rehype-callouts always runs, as on the site. */
const PLUGINS: Record<string, PluggableList> = {
  'remark-containers': [remarkContainers],
  'remark-foreign-html': [remarkForeignHtml],
  'remark-mdx-comments': [remarkMdxComments, remarkHeadingIds],
  'remark-mdx-callouts': [remarkMdxCallouts, remarkForeignHtml, remarkMdxComments, remarkHeadingIds],
  'remark-toc-macro': [remarkTocMacro],
  'remark-cjk-friendly': [remarkCjkFriendly],
  'remark-heading-ids': [remarkHeadingIds],
  'remark-inert-scripts': [remarkInertScripts],
  'remark-strip-title': [remarkStripTitle],
  'remark-wiki-links': [[remarkWikiLinks, { resolveWiki: (t: string, a?: string) => (t === 'known' ? `/docs/known/${a ? `#${a}` : ''}` : undefined) }]],
  'rehype-callouts': [],
  // The whole dialect list in the site's order: what a migrated page looks like.
  site: [...dialectPlugins(), remarkInertScripts, remarkStripTitle, remarkHeadingIds],
};

function render(name: string, markdown: string): string {
  const prefix = Object.keys(PLUGINS)
    .filter((p) => name.startsWith(p))
    .sort((a, b) => b.length - a.length)[0];
  if (!prefix) throw new Error(`test/fixtures/markdown/${name}: the name must start with one of ${Object.keys(PLUGINS).join(', ')}`);
  const processor = unified()
    .use(remarkParse)
    .use(remarkGfm)
    .use(PLUGINS[prefix]!)
    .use(remarkRehype, { allowDangerousHtml: true })
    .use(rehypeCallouts)
    .use(rehypeRaw)
    .use(rehypeStringify);
  return `${String(processor.processSync(new VFile({ value: markdown, path: `${name}.md` }))).trim()}\n`;
}

describe('Markdown plugin fixtures', () => {
  const cases = readdirSync(DIR, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
  test('there is at least one case per plugin', () => {
    for (const plugin of Object.keys(PLUGINS))
      expect(
        cases.some((c) => c.startsWith(plugin)),
        plugin,
      ).toBe(true);
  });
  test.each(cases)('%s', (name) => {
    const input = readFileSync(join(DIR, name, 'input.md'), 'utf8');
    const outputPath = join(DIR, name, 'output.html');
    const actual = render(name, input);
    if (process.env.UPDATE === '1' || !existsSync(outputPath)) writeFileSync(outputPath, actual);
    expect(actual).toBe(readFileSync(outputPath, 'utf8'));
  });
});

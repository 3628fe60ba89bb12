// rehypeSanitizeContent skips hast-util-raw's parse5 round trip for trees without raw HTML. This renders
// every Markdown file we have (the example wiki, the test fixtures, the shared corpora when present, and a
// few hand-written edge cases) through the site's plugins both ways and requires the same HTML, byte for byte.
import { createMarkdownProcessor } from '@astrojs/markdown-remark';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { dialectPlugins } from '../../src/lib/markdown/dialect.ts';
import { stripFrontmatter } from '../../src/lib/wiki/frontmatter-fence.ts';
import rehypeCallouts from '../../src/markdown/rehype-callouts.ts';
import rehypeCodeBlocks from '../../src/markdown/rehype-code-blocks.ts';
import rehypeSanitizeContent from '../../src/markdown/rehype-sanitize-content.ts';
import rehypeScrollTables from '../../src/markdown/rehype-scroll-tables.ts';
import remarkCodeMeta from '../../src/markdown/remark-code-meta.ts';
import remarkHeadingIds from '../../src/markdown/remark-heading-ids.ts';
import remarkInertScripts from '../../src/markdown/remark-inert-scripts.ts';
import remarkStripTitle from '../../src/markdown/remark-strip-title.ts';
import { ROOT } from '../helpers/astro.ts';

const FOLDERS = ['content', 'test/fixtures', '../shared/corpora'].map((f) => resolve(ROOT, f)).filter((f) => existsSync(f));

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(md|markdown)$/i.test(f))
    .map((f) => join(dir, f));
}

/** Trees without raw HTML that still exercise what parse5 could normalise: tables, footnotes, code, callouts, task lists. */
const EDGE_CASES = [
  '| a | b |\n| :- | -: |\n| `x` | **y** |\n\n   \n',
  '글[^1] 그리고[^note]\n\n[^1]: 각주\n[^note]: 다른 각주 *강조*',
  '- [ ] 할 일\n- [x] 한 일\n\n1. 하나\n2. 둘',
  '> [!WARNING]\n> 조심\n\n> 인용\n> > 중첩',
  '```js {2}\nconst a = "<b>";\n```\n\n```mermaid\ngraph TD\n```',
  '~~지움~~ www.example.com https://example.com/a?b=1&c=2 mail@example.com',
  '# 제목\n\n## 둘 {#two}\n\n### 셋\n\n![그림](./a.png "제목")',
];

type Processor = Awaited<ReturnType<typeof createMarkdownProcessor>>;
let withRaw: Processor;
let fast: Processor;
beforeAll(async () => {
  // The order of src/integrations/maru.ts (the wiki-link plugin needs a wiki and adds only links and spans).
  const options = (reparse: 'always' | 'when-raw') => ({
    syntaxHighlight: { type: 'shiki' as const, excludeLangs: ['mermaid'] },
    smartypants: false,
    remarkPlugins: [...dialectPlugins(), remarkInertScripts, remarkStripTitle, remarkHeadingIds, remarkCodeMeta],
    rehypePlugins: [[rehypeSanitizeContent, { reparse }], rehypeCallouts, rehypeCodeBlocks, rehypeScrollTables],
  });
  // Cast: createMarkdownProcessor's plugin list type does not accept a [plugin, options] tuple of our own option types.
  withRaw = await createMarkdownProcessor(options('always') as Parameters<typeof createMarkdownProcessor>[0]);
  fast = await createMarkdownProcessor(options('when-raw') as Parameters<typeof createMarkdownProcessor>[0]);
});

describe('the sanitizer without a parse5 round trip for HTML-free trees', () => {
  test('renders every Markdown file exactly as with the round trip', async () => {
    const files = FOLDERS.flatMap(markdownFiles);
    expect(files.length).toBeGreaterThan(80);
    const differing: string[] = [];
    let withoutHtml = 0;
    for (const file of files) {
      const md = stripFrontmatter(readFileSync(file, 'utf8'));
      if (!/<[a-zA-Z!/?]/.test(md)) withoutHtml++;
      let [a, b] = [(await withRaw.render(md)).code, (await fast.render(md)).code];
      // Once seen (not reproduced since): one file differed on its first render only, as when Shiki loads a language lazily.
      if (a !== b) [a, b] = [(await withRaw.render(md)).code, (await fast.render(md)).code];
      if (a === b) continue;
      let at = 0;
      while (a[at] === b[at]) at++;
      differing.push(`${file}: ${a.slice(at - 120, at + 80)} ≠ ${b.slice(at - 120, at + 80)}`);
    }
    expect(differing).toEqual([]);
    // The fast path was taken for many of them (files with no tag at all have no raw node).
    expect(withoutHtml).toBeGreaterThan(20);
  }, 600_000);

  test.each(EDGE_CASES)('%s', async (md) => {
    expect((await fast.render(md)).code).toBe((await withRaw.render(md)).code);
  });
});

// rehypeSanitizeContent skips hast-util-raw's parse5 round trip for trees without raw HTML. This renders the
// Markdown we have (test/helpers/sweep.ts: the example wiki, the test fixtures, the corpora's files that show every
// construct they use — every corpus file with `npm run test:corpora` — and a few hand-written edge cases) through
// the site's plugins both ways and requires the same HTML, byte for byte.
// Each file is parsed and highlighted once; the chain from the sanitizer on runs both ways on copies of that tree.
import { createMarkdownProcessor } from '@astrojs/markdown-remark';
import { readFileSync } from 'node:fs';
import type { Root } from 'hast';
import { raw } from 'hast-util-raw';
import { toHtml } from 'hast-util-to-html';
import { unified, type Transformer } from 'unified';
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
import { sweepFiles } from '../helpers/sweep.ts';

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
/** The site's rehype chain from the sanitizer on (src/integrations/maru.ts), with the parse5 round trip always or only for raw HTML. */
const chainFrom = (reparse: 'always' | 'when-raw') =>
  unified().use(rehypeSanitizeContent, { reparse }).use(rehypeCallouts).use(rehypeCodeBlocks).use(rehypeScrollTables);
const [withRaw, fast] = [chainFrom('always'), chainFrom('when-raw')];
/** Both ways' HTML of the last render. */
let last = { withRaw: '', fast: '' };

/**
 * Where the site runs the sanitizer, runs the rest of the chain both ways on copies of one tree: the Markdown parse and
 * Shiki (most of a render's time) are done once, and both ways start from exactly the same tree.
 */
function rehypeBothWays(): Transformer<Root, Root> {
  return async (tree, file) => {
    const [a, b] = await Promise.all([withRaw.run(structuredClone(tree), file), fast.run(structuredClone(tree), file)]);
    // Astro ends every render the same way: hast-util-raw once more, then rehype-stringify with dangerous HTML allowed.
    const html = (t: Root) => toHtml(raw(t), { allowDangerousHtml: true });
    last = { withRaw: html(a), fast: html(b) };
    return tree;
  };
}

let processor: Processor;
beforeAll(async () => {
  // The order of src/integrations/maru.ts (the wiki-link plugin needs a wiki and adds only links and spans).
  const options = {
    syntaxHighlight: { type: 'shiki' as const, excludeLangs: ['mermaid'] },
    smartypants: false,
    remarkPlugins: [...dialectPlugins(), remarkInertScripts, remarkStripTitle, remarkHeadingIds, remarkCodeMeta],
    rehypePlugins: [rehypeBothWays],
  };
  // Cast: createMarkdownProcessor's plugin list type does not accept unified's own plugin types.
  processor = await createMarkdownProcessor(options as Parameters<typeof createMarkdownProcessor>[0]);
});

/** Both ways' HTML of `md`. */
async function bothWays(md: string): Promise<{ withRaw: string; fast: string }> {
  await processor.render(md);
  return last;
}

describe('the sanitizer without a parse5 round trip for HTML-free trees', () => {
  test('renders every Markdown file exactly as with the round trip', async () => {
    const files = sweepFiles();
    expect(files.length).toBeGreaterThan(80);
    const differing: string[] = [];
    let withoutHtml = 0;
    for (const file of files) {
      const md = stripFrontmatter(readFileSync(file, 'utf8'));
      if (!/<[a-zA-Z!/?]/.test(md)) withoutHtml++;
      const { withRaw: a, fast: b } = await bothWays(md);
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
    const { withRaw: a, fast: b } = await bothWays(md);
    expect(a).toContain('<');
    expect(b).toBe(a);
  });
});

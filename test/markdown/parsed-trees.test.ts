// A cold build parses each document once: the site's renderer starts from the syntax tree collecting the wiki made
// (src/markdown/remark-parsed-trees.ts) instead of parsing the same text again. This renders the Markdown we have
// (test/helpers/sweep.ts: the example wiki, the test fixtures, the corpora's files that show every construct they
// use — every corpus file with `npm run test:corpora`) through Astro's own Markdown processor
// with the site's plugins, once from the kept tree and once from text, and requires the same HTML and metadata.
import { createMarkdownProcessor, parseFrontmatter } from '@astrojs/markdown-remark';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { serialize } from 'node:v8';
import { pathToFileURL } from 'node:url';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { VFile } from 'vfile';
import { beforeAll, describe, expect, test } from 'vitest';
import { dialectPlugins } from '../../src/lib/markdown/dialect.ts';
import { parseMarkdown } from '../../src/lib/markdown/parse.ts';
import { splitFrontmatter } from '../../src/lib/wiki/frontmatter-parse.ts';
import rehypeCallouts from '../../src/markdown/rehype-callouts.ts';
import rehypeCodeBlocks from '../../src/markdown/rehype-code-blocks.ts';
import rehypeSanitizeContent from '../../src/markdown/rehype-sanitize-content.ts';
import rehypeScrollTables from '../../src/markdown/rehype-scroll-tables.ts';
import remarkCodeMeta from '../../src/markdown/remark-code-meta.ts';
import remarkHeadingIds from '../../src/markdown/remark-heading-ids.ts';
import remarkInertScripts from '../../src/markdown/remark-inert-scripts.ts';
import remarkParsedTrees from '../../src/markdown/remark-parsed-trees.ts';
import { KEPT_BYTES_BUDGET, parsedTrees } from '../../src/node/parsed-trees.ts';
import remarkStripTitle from '../../src/markdown/remark-strip-title.ts';
import { ROOT } from '../helpers/astro.ts';
import { sweepFiles } from '../helpers/sweep.ts';

type Processor = Awaited<ReturnType<typeof createMarkdownProcessor>>;
const trees = parsedTrees();
let fromText: Processor;
let fromTree: Processor;
beforeAll(async () => {
  // The order of src/integrations/maru.ts (the wiki-link and missing-image plugins need a wiki; they add links only).
  // No syntax highlighting: Shiki turns a code node into the same HTML whichever way its tree came, and it was 60 % of
  // these renders' time. Its output through the sanitizer is compared in sanitize-fast-path.test.ts.
  const options = (reuse: boolean) => ({
    syntaxHighlight: false as const,
    smartypants: false,
    remarkPlugins: [
      ...(reuse ? [[remarkParsedTrees, trees]] : []),
      ...dialectPlugins(),
      remarkInertScripts,
      remarkStripTitle,
      remarkHeadingIds,
      remarkCodeMeta,
    ],
    rehypePlugins: [rehypeSanitizeContent, rehypeCallouts, rehypeCodeBlocks, rehypeScrollTables],
  });
  // Cast: createMarkdownProcessor's plugin list type does not accept a [plugin, options] tuple of our own option types.
  fromText = await createMarkdownProcessor(options(false) as Parameters<typeof createMarkdownProcessor>[0]);
  fromTree = await createMarkdownProcessor(options(true) as Parameters<typeof createMarkdownProcessor>[0]);
});

/** What collecting the wiki does with a file: parse its body, keeping the tree for the renderer. */
function collect(file: string, text: string): void {
  const split = splitFrontmatter(file, text).file!;
  parseMarkdown(split.body, (tree) => trees.keep(file, { body: split.body, bodyLine: split.bodyLine, tree }));
}

/** What the content loader does: Astro renders the file's text without its frontmatter. */
async function render(processor: Processor, file: string, text: string) {
  const { content, frontmatter } = parseFrontmatter(text);
  const { code, metadata } = await processor.render(content, { fileURL: pathToFileURL(file), frontmatter });
  return { code, metadata };
}

describe('the renderer starts from the tree collecting the wiki made', () => {
  test('every Markdown file renders exactly as from its text, and almost all of them without a second parse', async () => {
    const files = sweepFiles().filter((f) => splitFrontmatter(f, readFileSync(f, 'utf8')).file);
    expect(files.length).toBeGreaterThan(80);
    trees.clear();
    const differing: string[] = [];
    const isNormalised = (text: string) => /\r|^\uFEFF/.test(text);
    // Renders of a file a second time (below): each takes the file's tree again, or parses again, once more.
    const again = { reused: 0, parsed: 0 };
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      collect(file, text);
      let [a, b] = [await render(fromText, file, text), await render(fromTree, file, text)];
      // A tree is taken once: a second render of the same file parses it again, whatever made the first one differ.
      if (a.code !== b.code) {
        collect(file, text);
        [a, b] = [await render(fromText, file, text), await render(fromTree, file, text)];
        again[isNormalised(text) ? 'parsed' : 'reused']++;
      }
      if (a.code !== b.code) differing.push(file);
      expect(b.metadata, file).toEqual(a.metadata);
    }
    expect(differing).toEqual([]);
    // Only files whose text Maru normalised before parsing (CRLF line endings, a byte-order mark) are parsed again.
    const normalised = files.filter((f) => isNormalised(readFileSync(f, 'utf8'))).length;
    expect(trees.counts).toEqual({ reused: files.length - normalised + again.reused, parsed: normalised + again.parsed });
  }, 600_000);

  const FILE = resolve(ROOT, 'content/x.md');
  const TEXT = '---\nid: x\ntitle: 엑스\n---\n\n# 엑스\n\n## 설치 {#install}\n\n| a | b |\n| - | - |\n| `1` | [링크](./y.md) |\n\n> [!TIP]\n> 팁\n';

  test('the tree handed out is, node for node and position for position, the one parsing the text makes', () => {
    const files = sweepFiles().filter((f) => splitFrontmatter(f, readFileSync(f, 'utf8')).file);
    // The site's parser: remark-parse, GFM and the dialect plugins' syntax, as in parseMarkdown and in Astro's pipeline.
    const parser = unified().use(remarkParse).use(remarkGfm).use(dialectPlugins()).freeze();
    const reusing = unified().use(remarkParse).use(remarkGfm).use(remarkParsedTrees, trees).use(dialectPlugins()).freeze();
    trees.clear();
    const differing: string[] = [];
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      collect(file, text);
      const { content } = parseFrontmatter(text);
      if (JSON.stringify(reusing.parse(new VFile({ value: content, path: file }))) !== JSON.stringify(parser.parse(content))) differing.push(file);
    }
    expect(differing).toEqual([]);
    expect(trees.counts.reused).toBeGreaterThan(80);
  }, 600_000);

  test('a file with frontmatter: one parse, the same HTML; the tree is handed out once', async () => {
    trees.clear();
    collect(FILE, TEXT);
    const expected = (await render(fromText, FILE, TEXT)).code;
    expect((await render(fromTree, FILE, TEXT)).code).toBe(expected);
    expect(trees.counts).toEqual({ reused: 1, parsed: 0 });
    // A second render of the same file (the dev server re-rendering it) parses: plugins changed the first tree in place.
    expect((await render(fromTree, FILE, TEXT)).code).toBe(expected);
    expect(trees.counts).toEqual({ reused: 1, parsed: 1 });
  });

  test('a file without frontmatter is its own body', async () => {
    trees.clear();
    const text = '# 제목\n\n본문 *강조*와 `코드`.\n';
    collect(FILE, text);
    expect((await render(fromTree, FILE, text)).code).toBe((await render(fromText, FILE, text)).code);
    expect(trees.counts).toEqual({ reused: 1, parsed: 0 });
  });

  test('a text that is not the one parsed (edited since, CRLF line endings) is parsed from the text given', async () => {
    trees.clear();
    collect(FILE, TEXT);
    const edited = TEXT.replace('팁', '바뀐 팁');
    const html = (await render(fromTree, FILE, edited)).code;
    expect(html).toContain('바뀐 팁');
    expect(html).toBe((await render(fromText, FILE, edited)).code);
    const crlf = TEXT.replaceAll('\n', '\r\n');
    collect(FILE, crlf);
    expect((await render(fromTree, FILE, crlf)).code).toBe((await render(fromText, FILE, crlf)).code);
    expect(trees.counts).toEqual({ reused: 0, parsed: 2 });
  });

  test('trees beyond the budget are not kept: those documents are parsed again, with the same HTML', async () => {
    let budgetOfOne = 0;
    parseMarkdown(splitFrontmatter(FILE, TEXT).file!.body, (tree) => (budgetOfOne = serialize(tree).byteLength));
    const small = parsedTrees(budgetOfOne);
    const reusing = await createMarkdownProcessor({
      smartypants: false,
      remarkPlugins: [[remarkParsedTrees, small], ...dialectPlugins()],
    } as Parameters<typeof createMarkdownProcessor>[0]);
    const plain = await createMarkdownProcessor({ smartypants: false, remarkPlugins: [...dialectPlugins()] } as Parameters<typeof createMarkdownProcessor>[0]);
    const other = resolve(ROOT, 'content/y.md');
    const keep = (file: string) => {
      const split = splitFrontmatter(file, TEXT).file!;
      let kept = false;
      parseMarkdown(split.body, (tree) => (kept = small.keep(file, { body: split.body, bodyLine: split.bodyLine, tree })));
      return kept;
    };
    expect(keep(FILE)).toBe(true);
    // The second tree does not fit beside the first: the first stays, and nothing more is kept until the next `clear`.
    expect(keep(other)).toBe(false);
    for (const file of [FILE, other]) expect((await render(reusing, file, TEXT)).code).toBe((await render(plain, file, TEXT)).code);
    expect(small.counts).toEqual({ reused: 1, parsed: 1 });
    small.clear();
    expect(keep(other)).toBe(true);
    expect((await render(reusing, other, TEXT)).code).toBe((await render(plain, other, TEXT)).code);
    expect(small.counts).toEqual({ reused: 1, parsed: 0 });
    // The default holds the 10,000 generated documents' trees (about 440 MB serialized).
    expect(KEPT_BYTES_BUDGET).toBe(512 * 1024 * 1024);
  });

  test('clear drops the kept trees: a render after it parses', async () => {
    trees.clear();
    collect(FILE, TEXT);
    trees.clear();
    expect((await render(fromTree, FILE, TEXT)).code).toBe((await render(fromText, FILE, TEXT)).code);
    expect(trees.counts).toEqual({ reused: 0, parsed: 1 });
  });
});

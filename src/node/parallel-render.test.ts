import { createMarkdownProcessor, parseFrontmatter, unified } from '@astrojs/markdown-remark';
import type { AstroConfig } from 'astro';
import type { Root } from 'mdast';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, test } from 'vitest';
import { dialectPlugins } from '../lib/markdown/dialect.ts';
import remarkCodeMeta from '../markdown/remark-code-meta.ts';
import remarkHeadingIds from '../markdown/remark-heading-ids.ts';
import remarkInertScripts from '../markdown/remark-inert-scripts.ts';
import { fencedCodeShare, startRenderPool, type RenderHere, type Rendered } from './parallel-render.ts';
import { siteRehypePlugins, siteShikiTransformers } from './site-markdown.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const CORPUS = join(ROOT, 'test/corpora/ko-react-docs');
const SITE = { root: CORPUS, lang: 'ko' };

/** Fails the render of any file named `broken.md`, in the remark half (the content loader's thread). */
function remarkFailOnBroken() {
  return (_tree: Root, file: { path?: string }) => {
    if (file.path?.endsWith('/broken.md')) throw new Error('깨진 문서');
  };
}

/** Leaves a function in the file data of any file named `callback.md`: it cannot cross to a worker thread. */
function remarkCallbackData() {
  return (_tree: Root, file: { path?: string; data: Record<string, unknown> }) => {
    if (file.path?.endsWith('/callback.md')) file.data['callback'] = () => 1;
  };
}

/** The site's config as `astro.config.mjs` and `maru.ts` resolve it, with the remark plugins that need no wiki. */
function siteConfig(overrides: { smartypants?: boolean; rehypePlugins?: unknown[]; root?: string } = {}): AstroConfig {
  const processor = unified({
    smartypants: overrides.smartypants ?? false,
    remarkPlugins: [...dialectPlugins(), remarkInertScripts, remarkHeadingIds, remarkFailOnBroken, remarkCallbackData, remarkCodeMeta],
    rehypePlugins: (overrides.rehypePlugins ?? siteRehypePlugins(overrides.root ?? SITE.root, SITE.lang)) as never,
  } as Parameters<typeof unified>[0]);
  const markdown = {
    processor,
    syntaxHighlight: { type: 'shiki', excludeLangs: ['mermaid', 'math'] },
    shikiConfig: { langs: [], langAlias: {}, theme: 'github-dark', themes: {}, wrap: false, transformers: siteShikiTransformers() },
    gfm: true,
    smartypants: true,
    remarkRehype: {},
  };
  // Cast: only the fields the content layer hands its renderer are set; the rest of AstroConfig is not read.
  return { markdown, image: { domains: [], remotePatterns: [] } } as unknown as AstroConfig;
}

/** The content layer's `renderMarkdown` over `config`: Astro's renderer on this thread, shaped as the loader gets it. */
function renderHere(config: AstroConfig): RenderHere {
  const renderer = config.markdown.processor.createRenderer({
    image: config.image,
    syntaxHighlight: config.markdown.syntaxHighlight,
    shikiConfig: config.markdown.shikiConfig,
    gfm: config.markdown.gfm,
    smartypants: config.markdown.smartypants,
  } as Parameters<typeof createMarkdownProcessor>[0] as never);
  return async (text, fileURL) => {
    const { frontmatter, content } = parseFrontmatter(text);
    const { code, metadata } = await (await renderer).render(content, { frontmatter, fileURL });
    return { html: code, metadata: { ...metadata, imagePaths: metadata.localImagePaths.concat(metadata.remoteImagePaths) } };
  };
}

// Pages with JSX code blocks, tables, callouts, raw HTML and a local picture.
const PAGES = [
  'learn/describing-the-ui.md',
  'learn/thinking-in-react.md',
  'learn/installation.md',
  'reference/react/useState.md',
  'reference/react/useEffect.md',
  'reference/react-dom/components/input.md',
  'blog/2024/12/05/react-19.md',
].map((p) => ({ path: join(CORPUS, p), text: readFileSync(join(CORPUS, p), 'utf8') }));

describe('startRenderPool', () => {
  test('a worker and this thread render every page exactly as the content loader renders it alone', async () => {
    const config = siteConfig();
    const here = renderHere(config);
    let renderedHere = 0;
    const pool = startRenderPool(config, SITE, PAGES, (text, url) => (renderedHere++, here(text, url)), { threads: 1, minDocs: 1 })!;
    expect(pool).toBeDefined();
    const got: Rendered[] = [];
    for (const page of PAGES) got.push(await pool.take(page.path)!);
    await pool.close();
    for (const [i, page] of PAGES.entries()) {
      const alone = await here(page.text, pathToFileURL(page.path));
      expect(got[i]!.html.length).toBeGreaterThan(1000);
      expect(got[i]).toEqual(alone);
    }
    // The worker took part: this thread rendered fewer pages whole than there are.
    expect(renderedHere).toBeLessThan(PAGES.length);
  });

  test('a page with local pictures, Markdown and raw HTML, hands them to Astro from a worker as from this thread', async () => {
    const root = join(ROOT, 'test/fixtures/azure-devops-wiki');
    const page = {
      path: join(root, 'Team-Guide/pictures.md'),
      text: '# 그림\n\n![배포 화면](../.attachments/image-2f1c.png)\n\n<img src="../.attachments/image-2f1c.png" alt="원본">\n',
    };
    const config = siteConfig({ root });
    const here = renderHere(config);
    let renderedHere = 0;
    const pool = startRenderPool(config, { root, lang: 'ko' }, [page], (text, url) => (renderedHere++, here(text, url)), {
      threads: 1,
      minDocs: 1,
      minCodeShare: 0,
    })!;
    const got = await pool.take(page.path)!;
    await pool.close();
    expect(renderedHere).toBe(0);
    expect(got.metadata?.imagePaths).toEqual(['../.attachments/image-2f1c.png']);
    expect(got).toEqual(await here(page.text, pathToFileURL(page.path)));
  });

  test('a page whose tree or file data cannot cross to a worker is rendered on this thread', async () => {
    const page = { path: join(CORPUS, 'callback.md'), text: '# 제목\n\n```js\nlet a = 1;\n```\n' };
    const config = siteConfig();
    const here = renderHere(config);
    let renderedHere = 0;
    const pool = startRenderPool(config, SITE, [page], (text, url) => (renderedHere++, here(text, url)), { threads: 1, minDocs: 1 })!;
    const got = await pool.take(page.path)!;
    await pool.close();
    expect(renderedHere).toBe(1);
    expect(got).toEqual(await here(page.text, pathToFileURL(page.path)));
  });

  test('a page whose render fails rejects with the error rendering it alone gives; the other pages render', async () => {
    const broken = { path: join(CORPUS, 'broken.md'), text: '# 제목\n\n본문\n' };
    const docs = [PAGES[0]!, broken, PAGES[1]!];
    const config = siteConfig();
    const pool = startRenderPool(config, SITE, docs, renderHere(config), { threads: 1, minDocs: 1 })!;
    expect((await pool.take(PAGES[0]!.path))?.html).toContain('<h2');
    await expect(pool.take(broken.path)).rejects.toThrow(`Failed to parse Markdown file "${broken.path}":\n깨진 문서`);
    expect((await pool.take(PAGES[1]!.path))?.html).toContain('<h2');
    expect(pool.take(join(CORPUS, 'not-asked.md'))).toBeUndefined();
    await pool.close();
  });

  test.each([
    ['smartypants on (the worker would apply it a second time)', siteConfig({ smartypants: true })],
    ['rehype plugins other than the site’s (the worker builds the site’s)', siteConfig({ rehypePlugins: siteRehypePlugins(SITE.root, SITE.lang).slice(1) })],
  ])('no pool when the config has %s: every page is rendered on this thread', (_why, config) => {
    expect(startRenderPool(config, SITE, PAGES, renderHere(config), { threads: 1, minDocs: 1 })).toBeUndefined();
  });

  test('no pool below the threshold, without threads, or with little code to highlight', () => {
    const config = siteConfig();
    expect(startRenderPool(config, SITE, PAGES, renderHere(config), { threads: 1, minDocs: PAGES.length + 1 })).toBeUndefined();
    expect(startRenderPool(config, SITE, PAGES, renderHere(config), { threads: 0, minDocs: 1 })).toBeUndefined();
    const prose = PAGES.map((p) => ({ path: p.path, text: '# 제목\n\n본문입니다. `코드`는 강조하지 않습니다.\n\n```js\nx\n```\n' }));
    expect(startRenderPool(config, SITE, prose, renderHere(config), { threads: 1, minDocs: 1 })).toBeUndefined();
  });
});

describe('fencedCodeShare', () => {
  test.each([
    [['본문\n'], 0],
    [['```js\nlet a;\n```\n'], 7 / 17],
    // Four backticks close only at four or more; a longer line of three is code.
    [['````md\n```\nx\n````\n'], 6 / 18],
    [['~~~\nab\n~~~\n', '1234567890'], 3 / 21],
    // An unclosed fence runs to the end, as CommonMark reads it.
    [['```\nab'], 3 / 6],
    [[], 0],
  ])('%j: %d', (texts, share) => {
    expect(fencedCodeShare(texts)).toBeCloseTo(share, 10);
  });
});

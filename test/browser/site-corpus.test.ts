// The ko-react-docs corpus (react.dev in Korean, ordinary Markdown without Maru frontmatter) built as shipped, in
// Chromium: the build corpora.test.ts and search-cost.test.ts read too. The example wiki's site checks the pull
// request preview's base (site-preview.test.ts).
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launch } from './browser.ts';
import { checkLinks } from './link-check.ts';
import { buildAndServe, type BuiltSite } from './site.ts';
import { CatalogSchema } from '../../src/lib/artifacts/schema.ts';
import {
  contentsControl,
  headingLinkCopies,
  imeSteps,
  listStartsAtTop,
  openPage,
  sidebarOf,
  SIDEBAR_BESIDE,
  THEMES,
  WIDTHS,
  type Theme,
} from './corpus-checks.ts';
import { corpus } from '../helpers/corpora.ts';

const CORPUS = corpus('ko-react-docs');
/** Known leftovers that are not the site's own (none since raw `<script>` tags render as code). */
const KO_KNOWN: string[] = [];
const KO_REPORT = 'test-results/link-check-ko-react.json';

describe('ko-react-docs corpus built as shipped', () => {
  let site: BuiltSite;
  let browser: Browser;
  beforeAll(async () => {
    // The corpus as shipped links to pages it does not contain: listed as warnings, rendered as plain text.
    site = await buildAndServe('/', { WIKI_CONTENT_DIR: CORPUS, MARU_BROKEN_LINKS: 'warn' });
    browser = await launch();
    // As long as search-cost.test.ts waits: the build is shared, and on a busy machine it takes minutes.
  }, 900_000);
  afterAll(async () => {
    await browser?.close();
    await site?.dispose();
  });

  test('ordinary Markdown without Maru frontmatter builds: all 226 documents indexed with defaulted ids, titles, projects', () => {
    const catalog = CatalogSchema.parse(JSON.parse(readFileSync(join(site.dir, '_wiki/catalog.json'), 'utf8')));
    expect(catalog.documents).toHaveLength(226);
    expect(catalog.documents.find((d) => d.id === 'reference/react/usestate')).toMatchObject({
      title: 'useState',
      project: 'reference',
      category: 'reference',
      sourcePath: 'reference/react/useState.md',
    });
    expect(catalog.projects.map((p) => p.id)).toEqual(['blog', 'community', 'errors', 'general', 'learn', 'reference', 'warnings']);
    expect(existsSync(join(site.dir, 'docs/reference/react/usestate/index.html'))).toBe(true);
  });

  const DEEP = 'docs/reference/react-dom/components/input/';
  const open = (path: string, width: number, theme: Theme = 'light', permissions: string[] = []) => openPage(browser, site, path, width, theme, permissions);

  for (const width of WIDTHS)
    for (const theme of THEMES)
      test(`${width} px, ${theme}: a page three folders deep is three clicks from the sidebar, its breadcrumb the folders`, async () => {
        const page = await open('docs/reference/react/usestate/', width, theme);
        // The sidebar is beside the text from 961 px (the contents rail goes first); below, it is in the menu.
        const wide = width >= SIDEBAR_BESIDE;
        const sidebar = await sidebarOf(page, width);
        // The current branch is open: reference/react, its window around useState, the other folders closed.
        expect(await sidebar.locator('details[open]').evaluateAll((ds) => ds.map((d) => d.getAttribute('data-group')))).toEqual(['reference/react']);
        expect(await sidebar.locator('a[aria-current="page"]').textContent()).toBe('useState (현재 문서)');
        // The sandbox test page of learn/ is not listed anywhere in the project sidebars.
        await sidebar.locator('summary', { hasText: 'React DOM APIs' }).click();
        const dom = sidebar.locator('details[data-group="reference/react-dom"][data-state="full"]');
        await dom.waitFor();
        await dom.locator('summary', { hasText: 'React DOM 컴포넌트' }).click();
        const components = sidebar.locator('details[data-group="reference/react-dom/components"][data-state="full"]');
        await components.waitFor();
        expect(await components.locator(':scope > ul > li > a').count()).toBe(13);
        await Promise.all([page.waitForURL(site.url(DEEP)), components.getByRole('link', { name: '<input>', exact: true }).click()]);
        expect((await page.locator('.breadcrumbs').innerText()).replace(/\s+/g, ' ')).toBe('Reference › React DOM APIs › React DOM 컴포넌트');
        if (!wide) await page.locator('.menu-button').click();
        const current = page.locator(`${wide ? '.doc-sidebar' : '.drawer-project'} a[aria-current="page"]`);
        expect(await current.textContent()).toBe('<input> (현재 문서)');
        expect(await current.isVisible()).toBe(true);
        // At 1024 the contents are a box under the lead, not a column beside the text.
        if (width === 1024) {
          const [toc, prose] = await Promise.all(['.doc-toc', '.prose'].map(async (sel) => (await page.locator(sel).boundingBox())!));
          expect(toc!.y).toBeLessThan(prose!.y);
        }
        await page.context().close();
      });

  test('the learn sidebar lists no sandbox test page, starts with its landing page, and the project titles are readable', async () => {
    const page = await open('docs/learn/', 1440);
    const sidebar = page.locator('.doc-sidebar maru-sidebar[data-ready]');
    await sidebar.waitFor();
    const titles = await sidebar.locator(':scope > ul > li > a').allTextContents();
    expect(titles[0]).toBe('빠르게 시작하기 (현재 문서)');
    expect(titles.some((t) => /sandbox/i.test(t))).toBe(false);
    await page.goto(site.url(''));
    const cards = await page.locator('.project-card h3 a').allTextContents();
    expect(cards.slice(0, 3)).toEqual(['Reference', '빠르게 시작하기', 'React 블로그']);
    expect(cards.at(-1)).toBe('최상위 문서');
    // The default category is no badge: no card carries a category chip.
    expect(await page.locator('.project-card .chip').count()).toBe(0);
    await page.context().close();
  });

  for (const width of WIDTHS)
    for (const theme of THEMES) {
      test(`${width} px, ${theme}: every IME step of 리액트 shows results from the first syllable, never the empty state or the partial banner`, async () => {
        const page = await open('search/', width, theme);
        expect(await imeSteps(page, ['ㄹ', '리', '링', '리애', '리액', '리액ㅌ', '리액트'])).toEqual([
          'ㄹ: results',
          '리: results',
          '링: results',
          '리애: results',
          '리액: results',
          '리액ㅌ: results',
          '리액트: results',
        ]);
        // One syllable typed without an IME (pasted, or the composition over) finds documents too.
        const box = page.locator('#page-search');
        await page.evaluate(() => document.querySelector('#page-search input')!.dispatchEvent(new CompositionEvent('compositionend', { data: '리액트' })));
        await box.locator('input[name="q"]').fill('컴');
        await page.locator('#page-search[data-state="done"][data-query="컴"]').waitFor({ state: 'attached' });
        expect(await box.locator('[role="option"]').count()).toBeGreaterThan(0);
        // 초성 of the Hangul reading the content gives a Latin title: ㄹㅇㅌ finds the pages titled React.
        await box.locator('input[name="q"]').fill('ㄹㅇㅌ');
        await page.locator('#page-search[data-state="done"][data-query="ㄹㅇㅌ"]').waitFor({ state: 'attached' });
        const titles = await box.locator('[role="option"] .hit-title').allTextContents();
        expect(titles.length).toBeGreaterThan(5);
        expect(
          titles.slice(0, 5).every((t) => /React/.test(t)),
          titles.join(' | '),
        ).toBe(true);
        await page.context().close();
      });

      test(`${width} px, ${theme}: the dialog list starts at its top for every new query`, async () => {
        const page = await open('docs/learn/', width, theme);
        await listStartsAtTop(page, '컴포넌트', '상태');
        await page.context().close();
      });

      test(`${width} px, ${theme}: the contents follow a long page (a slim bar below the rail's width)`, async () => {
        const page = await open('docs/learn/state-a-components-memory/', width, theme);
        await contentsControl(page, width);
        if (width < 500) {
          // One row of header, its buttons off the screen edge.
          expect((await page.locator('.site-header').boundingBox())!.height).toBeLessThan(64);
          expect((await page.locator('.menu-button').boundingBox())!.x).toBeGreaterThanOrEqual(8);
        }
        await page.context().close();
      });

      test(`${width} px, ${theme}: code blocks of React's multi-file examples are titled by their file`, async () => {
        const page = await open('docs/learn/adding-interactivity/', width, theme);
        const titles = await page.locator('figure.code-block .code-title').allTextContents();
        expect(titles).toEqual(expect.arrayContaining(['src/data.js', 'package.json']));
        await page.context().close();
      });

      test(`${width} px, ${theme}: a heading link is in sight and copies the address with 링크 복사됨${width < 1024 ? ' (touch)' : ''}`, async () => {
        const page = await open('docs/learn/state-a-components-memory/', width, theme, ['clipboard-read', 'clipboard-write']);
        await headingLinkCopies(page, width < 1024);
        await page.context().close();
      });
    }

  test('print: no navigation chrome or buttons, code wrapped, link targets written out', async () => {
    const page = await open('docs/learn/adding-interactivity/', 1024);
    await page.locator('html[data-code-ready]').waitFor({ state: 'attached' });
    await page.emulateMedia({ media: 'print' });
    const hidden = await page.evaluate(() =>
      ['.site-header', '.doc-sidebar', '.doc-toc', '.pager', '.doc-source-links', '.code-copy', '.backlinks'].map(
        (sel) => [sel, [...document.querySelectorAll(sel)].every((el) => getComputedStyle(el).display === 'none')] as const,
      ),
    );
    expect(hidden.filter(([, none]) => !none)).toEqual([]);
    expect(
      await page
        .locator('.prose pre')
        .first()
        .evaluate((pre) => getComputedStyle(pre).whiteSpace),
    ).toBe('pre-wrap');
    const external = page.locator('.prose a[href^="http"]').first();
    expect(await external.evaluate((a) => getComputedStyle(a, '::after').content)).toBe(`" (${await external.getAttribute('href')})"`);
    await page.context().close();
  });

  test("'/' in the home page's focused, empty search box types nothing; elsewhere it opens the search", async () => {
    const page = await open('', 1024);
    await page.locator('maru-search-dialog[data-ready]').waitFor({ state: 'attached' });
    const box = page.locator('#home-search input[name="q"]');
    await box.focus();
    await page.keyboard.press('/');
    expect(await box.inputValue()).toBe('');
    await box.fill('a');
    await page.keyboard.press('/');
    expect(await box.inputValue()).toBe('a/');
    await page.context().close();
  });

  test('links to other sites are links on the page, never shown as broken', () => {
    const pages = readdirSync(join(site.dir, 'docs'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('index.html'));
    const html = pages.map((f) => readFileSync(join(site.dir, 'docs', f), 'utf8'));
    const external = html.reduce((n, h) => n + (h.match(/<a href="https?:\/\//g)?.length ?? 0), 0);
    const shownBroken = html.flatMap((h) => h.match(/class="broken-link" title="[a-z][a-z0-9+.-]*:[^"]*"/g) ?? []);
    // A link whose scheme the link resolver did not know would render as a broken link; none may.
    expect(shownBroken).toEqual([]);
    expect(external).toBeGreaterThan(3000);
    expect(html[pages.indexOf('community/videos/index.html')]).toContain('<a href="https://twitter.com/en_JS">Joe Savona</a>');
  });

  test('every link the site itself renders resolves; broken links written in the corpus are reported', () => {
    const { pages, links, broken } = checkLinks(site.dir, site.base);
    const content = broken.filter((b) => b.origin === 'content');
    mkdirSync('test-results', { recursive: true });
    writeFileSync(KO_REPORT, `${JSON.stringify({ pages, links, contentLeftovers: content.length, broken: content }, null, 2)}\n`);
    console.log(
      `ko-react-docs link check: ${pages} pages, ${links} internal links, ${content.length} broken links written in the corpus Markdown (see ${KO_REPORT})`,
    );
    expect(pages).toBeGreaterThan(200);
    const site_ = broken.filter((b) => b.origin === 'site').map(({ page, href, reason }) => `${page}: ${href} (${reason})`);
    expect(site_.filter((b) => !KO_KNOWN.includes(b))).toEqual([]);
  });
});

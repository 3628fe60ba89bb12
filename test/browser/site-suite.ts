// The example wiki's site in Chromium, shared by site.test.ts (functional), site-visual.test.ts and site-preview.test.ts.
import { existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launch, seriousViolations } from './browser.ts';
import { startSite } from '../../scripts/lib/chromium.ts';
import { checkLinks } from './link-check.ts';
import { audit } from '../../scripts/lib/lighthouse.ts';
import { buildAndServe, type BuiltSite } from './site.ts';
import { relativeDate } from '../../src/lib/ui/dates.ts';

/** Where screenshots go; `MARU_SCREENSHOTS_DIR=docs/screenshots` refreshes the committed ones. */
const SCREENSHOTS = process.env['MARU_SCREENSHOTS_DIR'] ?? 'test-results/screenshots';
/** A query with a particle attached ('한글을') whose best section is a heading of search-tokenizer. */
const QUERY = '한글을 자르는';
const EXPECTED = { id: 'search-tokenizer', title: '한국어 토크나이저', anchor: '4-한글' };

/** Waits until the page's own scripts say they are ready: the search dialog's and the drawer's handlers are attached. */
async function whenReady(page: Page): Promise<void> {
  await page.locator('maru-search-dialog[data-ready]').waitFor({ state: 'attached' });
  await page.locator('maru-drawer[data-ready]').waitFor({ state: 'attached' });
}

/** Waits until the search box `id` shows the results of `query` (its `data-query`), never a fixed time. */
async function searched(page: Page, id: string, query: string): Promise<void> {
  await page.locator(`#${id}[data-state="done"][data-query="${query.replace(/"/g, '\\"')}"]`).waitFor({ state: 'attached', timeout: 60_000 });
}

/** Brings the first Mermaid block near the screen (diagrams render only then) and waits for its SVG. */
async function diagram(page: Page): Promise<void> {
  // No actionability wait: the block hides itself the moment its diagram is drawn.
  await page.evaluate(() => document.querySelector('pre:has(> code.language-mermaid)')?.scrollIntoView());
  await page.locator('figure.mermaid-diagram svg').first().waitFor({ timeout: 60_000 });
  await page.evaluate(() => window.scrollTo(0, 0));
}

/**
 * The example wiki's site built with base `base`, in Chromium: `part` 'functional' registers what a reader does (search,
 * navigation, listings, drawer, server modes), 'visual' what a reader sees at every width and in both themes (axe-core,
 * screenshots, Lighthouse). They run as separate test files so vitest runs them side by side; both read one build.
 */
export function describeSite(base: string, part: 'functional' | 'visual'): void {
  // Tests of the other part are not registered at all (rather than skipped): they run in that part's file.
  const ignore = (() => undefined) as unknown as typeof test;
  const functional = part === 'functional' ? test : ignore;
  /**
   * What a site served by `npm start` does, and what does not depend on the base (theme, layout at phone width, code
   * blocks, the table of contents; their scripts and styles load under the base in every other test): checked at '/'.
   */
  const functionalAtRoot = part === 'functional' && base === '/' ? test : ignore;
  const visual = part === 'visual' ? test : ignore;

  describe(`site built with base ${base}${part === 'visual' ? ', at every width and in both themes' : ''}`, () => {
    let browser: Browser;
    let site: BuiltSite;
    let context: BrowserContext;
    const errors: string[] = [];

    beforeAll(async () => {
      browser = await launch();
      site = await buildAndServe(base);
      context = await browser.newContext({ colorScheme: 'light', viewport: { width: 1280, height: 900 } });
    });
    afterAll(async () => {
      await context?.close();
      await site?.dispose();
      await browser?.close();
    });

    /** Records script errors and console errors of a page (a 404 page's own status line excepted when `notFound`). */
    function watchErrors(page: Page, label: string, notFound = false): void {
      page.on('pageerror', (e) => errors.push(`${label}: ${e.message}`));
      page.on('console', (m) => {
        if (m.type() !== 'error') return;
        if (notFound && m.location().url === page.url() && /404/.test(m.text())) return;
        errors.push(`${label}: ${m.text()} (${m.location().url})`);
      });
    }

    async function open(path: string, on: BrowserContext = context): Promise<Page> {
      const page = await on.newPage();
      watchErrors(page, path);
      await go(page, path);
      return page;
    }

    /**
     * Navigates an open page to `path`. Where a test only looks at pages one after another, this is much cheaper than a
     * page each: a new page costs Chromium a tab and a renderer process, several times what a navigation costs.
     */
    async function go(page: Page, path: string): Promise<void> {
      const res = await page.goto(site.url(path));
      expect(res?.status(), path).toBe(200);
      await whenReady(page);
    }

    functional('home shows every project (in maru.config.ts order) with its count, recent documents and a focused search box', async () => {
      const page = await open('');
      const cards = page.locator('.project-card h3 a');
      expect(await cards.allTextContents()).toEqual(['Maru', '검색', '운영', '온보딩']);
      expect(await cards.first().getAttribute('href')).toBe(`${base}projects/maru/`);
      expect(await page.locator('.project-card').first().textContent()).toContain('문서 24개');
      expect(await page.locator('#recent-title + .doc-list > li').count()).toBe(8);
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('home-search-q');
      expect(await page.getAttribute('html', 'lang')).toBe('ko');
      await page.close();
    });

    functional('search dialog: a Korean query with a particle finds the document first, Enter opens its section', async () => {
      const page = await open('docs/maru-overview/');
      await page.keyboard.press('/');
      const input = page.locator('#dialog-search-q');
      // The dialog's handlers are attached (data-ready), and '/' focuses the box synchronously.
      expect(await input.evaluate((el) => el === document.activeElement)).toBe(true);
      await input.pressSequentially(QUERY, { delay: 20 });
      const first = page.locator('#dialog-search-results [role="option"]').first();
      // Results follow the typing: wait for those of the whole query, not of a prefix.
      await searched(page, 'dialog-search', QUERY);
      expect(await first.locator('.hit-title').textContent()).toBe(EXPECTED.title);
      expect(await first.getAttribute('aria-selected')).toBe('true');
      await first.locator('.hit-snippet mark').first().waitFor();
      expect(await first.locator('.hit-snippet mark').first().textContent()).toMatch(/한글|자르/);
      await page.keyboard.press('Enter');
      await page.waitForURL((u) => u.pathname.endsWith(`docs/${EXPECTED.id}/`));
      expect(decodeURIComponent(new URL(page.url()).hash)).toBe(`#${EXPECTED.anchor}`);
      expect(await page.locator(`[id="${EXPECTED.anchor}"]`).isVisible()).toBe(true);
      await page.close();
    });

    functional('search runs off the page in a worker, and in the page when the worker cannot start', async () => {
      for (const blocked of [false, true]) {
        const ctx = await browser.newContext();
        const page = await ctx.newPage();
        // Blocked, the browser reports the worker's script as not loaded (that is the point); nothing else may fail.
        const uncaught: string[] = [];
        if (blocked) {
          page.on('pageerror', (e) => uncaught.push(e.message));
          await page.route(/\/search-worker[^/]*\.js$/, (route) => route.abort());
        } else watchErrors(page, 'search page (worker)');
        await go(page, `search/?q=${encodeURIComponent(QUERY)}`);
        await searched(page, 'page-search', QUERY);
        expect(await page.locator('#page-search-results .hit-title').first().textContent(), `blocked: ${blocked}`).toBe(EXPECTED.title);
        expect(page.workers().length, `blocked: ${blocked}`).toBe(blocked ? 0 : 1);
        expect(uncaught).toEqual([]);
        await ctx.close();
      }
    });

    functional('search dialog opens with Ctrl-K, moves with arrow keys and suggests other words when nothing matches', async () => {
      const page = await open('');
      await page.locator('body').click({ position: { x: 5, y: 300 } });
      await page.keyboard.press('Control+k');
      const input = page.locator('#dialog-search-q');
      await input.fill('토크나이저를');
      const options = page.locator('#dialog-search-results [role="option"]');
      await searched(page, 'dialog-search', '토크나이저를');
      expect(await options.first().locator('.hit-title').textContent()).toBe(EXPECTED.title);
      await page.keyboard.press('ArrowDown');
      expect(await options.nth(1).getAttribute('aria-selected')).toBe('true');
      expect(await input.getAttribute('aria-activedescendant')).toBe(await options.nth(1).getAttribute('id'));
      await input.fill('qqqzzz');
      await searched(page, 'dialog-search', 'qqqzzz');
      expect(await page.locator('#dialog-search .search-status').textContent()).toBe('‘qqqzzz’에 맞는 문서가 없습니다.');
      expect(await page.locator('#dialog-search .search-suggest li').allTextContents()).toContain('띄어쓰기를 바꾸거나 더 짧은 낱말로 찾아보세요.');
      await page.keyboard.press('Escape');
      expect(await page.locator('dialog.search-dialog').evaluate((d) => (d as HTMLDialogElement).open)).toBe(false);
      await page.close();
    });

    functionalAtRoot('under npm start --log-misses, a search that found nothing is logged once it settles', async () => {
      const log = join(mkdtempSync(join(tmpdir(), 'maru-misses-')), 'misses.jsonl');
      const { origin, server } = await startSite(['--dist', site.dir, '--log-misses', log]);
      try {
        const page = await context.newPage();
        watchErrors(page, 'npm start --log-misses');
        await page.goto(`${origin}/`);
        await whenReady(page);
        await page.locator('body').click({ position: { x: 5, y: 300 } });
        await page.keyboard.press('Control+k');
        await page.locator('#dialog-search-q').pressSequentially('qqqzzzx', { delay: 30 });
        await searched(page, 'dialog-search', 'qqqzzzx');
        // The report goes out 2 s after the query settles; the server appends it to the log file.
        await expect.poll(() => (existsSync(log) ? readFileSync(log, 'utf8') : ''), { timeout: 30_000 }).toContain('qqqzzzx');
        const entries = readFileSync(log, 'utf8')
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l) as { source: string; query: string; resultCount: number });
        // Only the settled query is logged, not every prefix typed on the way.
        expect(entries.map((e) => [e.source, e.query, e.resultCount])).toEqual([['site', 'qqqzzzx', 0]]);
        await page.close();
      } finally {
        server.kill();
      }
    });

    functional('the search page keeps the query and filters in the URL', async () => {
      const page = await open(`search/?q=${encodeURIComponent('미리보기를')}&project=operations`);
      const options = page.locator('#page-search-results [role="option"]');
      await searched(page, 'page-search', '미리보기를');
      expect(await options.first().getAttribute('href')).toBe(`${base}docs/pr-preview/`);
      expect(await page.locator('#page-search select[name="project"]').inputValue()).toBe('operations');
      await page.locator('#page-search select[name="project"]').selectOption('onboarding');
      await page.locator(`#page-search[data-search="${new URLSearchParams({ q: '미리보기를', project: 'onboarding' })}"]`).waitFor();
      expect(new URL(page.url()).searchParams.get('project')).toBe('onboarding');
      expect(await options.first().getAttribute('href')).toContain(`${base}docs/onboarding-first-edit/`);
      // The page searches with the split index; the whole index (several MB on a large wiki) is never fetched.
      const fetched = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname));
      expect(fetched).toContain(`${base}_wiki/search/base.json.gz`);
      expect(fetched.filter((path) => path.endsWith('/search-index.json'))).toEqual([]);
      await page.close();
    });

    functional('search page: initial consonants find a title, a query nothing covers is marked, snippets carry no Markdown', async () => {
      const page = await open(`search/?q=${encodeURIComponent('ㅎㄱㅇ ㅌㅋㄴㅇㅈ')}`);
      const options = page.locator('#page-search-results [role="option"]');
      await options.first().waitFor();
      expect(await options.first().getAttribute('href')).toBe(`${base}docs/search-tokenizer/`);
      expect(await page.locator('#page-search').getAttribute('data-match')).toBe('full');
      await page.goto(site.url(`search/?q=${encodeURIComponent('김치찌개 끓이는 법')}`));
      // Vitest polls for 1 s by default; on a busy machine the page may take longer to load its index and search.
      await expect.poll(() => page.locator('#page-search').getAttribute('data-match'), { timeout: 30_000 }).toBe('none');
      expect(await page.locator('#page-search .search-status').textContent()).toMatch(/^정확히 맞는 문서가 없습니다\. 일부만 맞는 결과: 문서 \d+개$/);
      await page.goto(site.url(`search/?q=${encodeURIComponent('MCP 설정')}`));
      await options.first().waitFor();
      const hits = page.locator('#page-search-results [role="option"]');
      for (let i = 0; i < (await hits.count()); i++) {
        const text = (await hits.nth(i).locator('.hit-snippet').textContent()) ?? '';
        expect(text).not.toMatch(/\]\(|\[!|---/);
        // A URL is shown only where the page shows it as text (inline code, such as an endpoint to copy), never a link's target.
        const id = decodeURIComponent(new URL((await hits.nth(i).getAttribute('href'))!, 'http://x').pathname.slice(`${base}docs/`.length).replace(/\/$/, ''));
        const markdown = readFileSync(join(site.dir, '_wiki/docs', `${id}.md`), 'utf8');
        for (const url of (text.match(/https?:\/\/[^\s)>\]…]+/g) ?? []).filter((u) => !text.includes(`${u}…`)))
          expect(markdown, `${id}: ${url}`).toMatch(new RegExp(`\`[^\`\n]*${url.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}`));
      }
      await page.close();
    });

    functional('a document shows its meta, TOC, related documents with reasons, backlinks and source links', async () => {
      const page = await open(`docs/${EXPECTED.id}/`);
      expect(await page.locator('h1').textContent()).toBe(EXPECTED.title);
      expect(await page.locator('.doc-meta time').getAttribute('datetime')).toMatch(/^\d{4}-\d\d-\d\dT/);
      // Against the reader's clock, by the function the page runs: 오늘, 어제, 그저께, 3일 전, 2주 전… (a fixed list of
      // words failed on the day a document turned two days old: '그저께').
      const relative = page.locator('.doc-meta maru-relative-time');
      expect(await relative.textContent()).toBe(relativeDate((await relative.getAttribute('datetime'))!, new Date(), 'ko'));
      const toc = page.locator('nav.toc a');
      expect(await toc.count()).toBeGreaterThanOrEqual(5);
      expect(decodeURIComponent((await toc.nth(3).getAttribute('href'))!)).toBe('#2-문자-종류별로-나누기');
      expect(await page.locator('.related-list > li').count()).toBeGreaterThan(0);
      expect(await page.locator('.related-list .reason').first().textContent()).toMatch(/직접 연결|이 문서가 언급|이 문서를 언급|같은 태그|비슷한 내용/);
      expect(await page.locator('#backlinks-title').textContent()).toBe('이 문서를 언급한 문서');
      expect(await page.locator('.backlink-list > li').count()).toBeGreaterThan(0);
      expect(await page.locator('.doc-source-links a', { hasText: 'AI가 읽는 원문' }).getAttribute('href')).toBe(`${base}_wiki/docs/${EXPECTED.id}.md`);
      await page.close();
    });

    functional('a Mermaid block renders as an SVG diagram', async () => {
      const page = await open('docs/maru-architecture/');
      const svg = page.locator('.prose figure.mermaid-diagram svg');
      await diagram(page);
      expect(await svg.count()).toBeGreaterThan(0);
      expect(await page.locator('.prose pre:has(code.language-mermaid)').first().isHidden()).toBe(true);
      await page.close();
    });

    functionalAtRoot('mermaid loads only once a diagram comes near the screen, and draws it then', async () => {
      const ctx = await browser.newContext({ viewport: { width: 390, height: 600 } });
      const page = await ctx.newPage();
      watchErrors(page, 'docs/search-overview/ (diagram below the screen)');
      const mermaid: string[] = [];
      page.on('request', (r) => /\/_astro\/mermaid-/.test(r.url()) && mermaid.push(r.url()));
      await go(page, 'docs/search-overview/');
      // Loaded and idle: what would have started mermaid by now has.
      await page.evaluate(() => new Promise<void>((resolve) => (document.readyState === 'complete' ? resolve() : addEventListener('load', () => resolve()))));
      await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve())));
      expect(await page.evaluate(() => document.querySelector('pre:has(> code.language-mermaid)')!.getBoundingClientRect().top)).toBeGreaterThan(800);
      expect(mermaid).toEqual([]);
      await diagram(page);
      expect(mermaid.length).toBeGreaterThan(0);
      await ctx.close();
    });

    functionalAtRoot("a diagram's source never flashes: hidden until drawn, shown when mermaid cannot load", async () => {
      // Mermaid's module held back, so the check does not race the diagram (near the screen on a tall window, mermaid
      // starts at once): until it has drawn, the box holds its place, its text hidden; then the diagram comes.
      const page = await context.newPage();
      watchErrors(page, 'docs/maru-architecture/ (mermaid held back)');
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/_astro\/mermaid-[^/]+\//, async (route) => {
        await held;
        await route.continue().catch(() => undefined);
      });
      await go(page, 'docs/maru-architecture/');
      await page.evaluate(() => document.querySelector('pre:has(> code.language-mermaid)')?.scrollIntoView());
      const source = page.locator('.prose pre > code.language-mermaid').first();
      expect(await source.evaluate((e) => getComputedStyle(e).visibility)).toBe('hidden');
      expect(await page.locator('figure.mermaid-diagram').count()).toBe(0);
      release();
      await page.locator('figure.mermaid-diagram svg').first().waitFor({ timeout: 60_000 });
      // Mermaid's module refused (offline, blocked): the source is shown instead. A page of its own: it logs the error.
      const blocked = await context.newPage();
      await blocked.route(/\/_astro\/mermaid-[^/]+\//, (route) => route.abort());
      await blocked.goto(site.url('docs/maru-architecture/'));
      await blocked.evaluate(() => document.querySelector('pre:has(> code.language-mermaid)')?.scrollIntoView());
      await blocked.locator('.prose pre.mermaid-failed').first().waitFor({ timeout: 30_000 });
      expect(await blocked.locator('.prose pre > code.language-mermaid').first().isVisible()).toBe(true);
      await blocked.close();
      await page.close();
    });

    functionalAtRoot('the theme toggle persists across reloads and wins over the system preference', async () => {
      const page = await open('');
      const toggle = page.locator('maru-theme-toggle button');
      expect(await toggle.getAttribute('aria-pressed')).toBe('false');
      await toggle.click();
      expect(await page.getAttribute('html', 'data-theme')).toBe('dark');
      await page.reload();
      expect(await page.getAttribute('html', 'data-theme')).toBe('dark');
      expect(await page.locator('maru-theme-toggle button').getAttribute('aria-pressed')).toBe('true');
      const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      expect(bg).toBe('rgb(20, 24, 22)');
      await page.locator('maru-theme-toggle button').click();
      await page.reload();
      expect(await page.getAttribute('html', 'data-theme')).toBe('light');
      await page.evaluate(() => localStorage.clear());
      await page.close();
    });

    functional('listings filter and sort in the browser and keep the state in the URL', async () => {
      const page = await open('projects/operations/');
      const items = page.locator('[data-listing-items] > li:not([hidden])');
      const total = await items.count();
      expect(total).toBe(13);
      await page.locator('maru-listing select[name="category"]').selectOption('policy');
      // The listing filters synchronously on change.
      expect(await items.count()).toBe(4);
      expect(new URL(page.url()).searchParams.get('category')).toBe('policy');
      await page.locator('maru-listing select[name="sort"]').selectOption('title');
      const titles = await items.locator('.doc-card-title').allTextContents();
      expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b, 'ko')));
      await page.reload();
      expect(await items.count()).toBe(4);
      await page.close();
    });

    functional('the changes timeline filters by project and period', async () => {
      const page = await open('changes/?project=search');
      const visible = page.locator('.timeline li[data-project]:visible');
      expect(new Set(await visible.evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset['project']))).size).toBe(1);
      expect(await visible.first().getAttribute('data-project')).toBe('search');
      await page.locator('maru-changes select[name="project"]').selectOption('');
      expect(new URL(page.url()).search).toBe('');
      await page.close();
    });

    functional('without JavaScript, documents and listings still show everything', async () => {
      const noJs = await browser.newContext({ javaScriptEnabled: false });
      const page = await noJs.newPage();
      await page.goto(site.url('projects/operations/'));
      expect(await page.locator('[data-listing-items] > li').count()).toBe(13);
      expect(await page.locator('maru-listing form').isHidden()).toBe(true);
      await page.goto(site.url(`docs/${EXPECTED.id}/`));
      expect(await page.locator('nav.toc a').count()).toBeGreaterThanOrEqual(5);
      expect(await page.locator('.related-list > li').count()).toBeGreaterThan(0);
      // A collapsed sidebar group opens without a script and leads to the project's listing, which lists every document.
      const guide = page.locator('.doc-sidebar details[data-group="guide"]');
      await guide.locator('summary').click();
      await guide.locator('a').click();
      expect(page.url()).toBe(site.url('projects/search/?category=guide'));
      expect(await page.locator('[data-listing-items] > li').count()).toBe(10);
      // No script draws the diagram: its source shows.
      await page.goto(site.url('docs/maru-architecture/'));
      expect(await page.locator('.prose pre > code.language-mermaid').first().isVisible()).toBe(true);
      await noJs.close();
    });

    visual('axe-core finds no serious or critical violations', async () => {
      const report: Record<string, unknown> = {};
      const page = await open('');
      for (const [path, scheme] of [
        // Home is checked at every width and in both themes (below).
        [`docs/${EXPECTED.id}/`, 'light'],
        ['docs/maru-architecture/', 'dark'],
        // Tables of other tools' syntax, a formula drawn as MathML and a raw HTML anchor.
        ['docs/writing-guide/', 'dark'],
        ['tags/%EA%B2%80%EC%83%89/', 'light'],
        ['changes/', 'light'],
        [`search/?q=${encodeURIComponent('토크나이저를')}`, 'light'],
      ] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await go(page, path);
        if (path.startsWith('search')) await searched(page, 'page-search', '토크나이저를');
        if (path.includes('architecture')) await diagram(page);
        const violations = await seriousViolations(page);
        if (violations.length) report[`${path} (${scheme})`] = violations;
      }
      await page.emulateMedia({ colorScheme: 'light' });
      await go(page, '');
      await page.keyboard.press('Control+k');
      await page.locator('#dialog-search-q').fill('배포를');
      await searched(page, 'dialog-search', '배포를');
      const dialog = await seriousViolations(page);
      if (dialog.length) report['search dialog'] = dialog;
      await page.close();
      expect(report).toEqual({});
    });

    functional('the 404 page offers search, prefilled from the missing address', async () => {
      const page = await context.newPage();
      watchErrors(page, '404', true);
      const res = await page.goto(site.url('docs/search-tokenizer-old/'));
      expect(res?.status()).toBe(404);
      await searched(page, 'notfound-search', 'search tokenizer old');
      expect(await page.locator('#notfound-search-results [role="option"]').count()).toBeGreaterThan(0);
      expect(await page.locator('#notfound-search-q').inputValue()).toBe('search tokenizer old');
      await page.close();
    });

    functional('every internal href and src in the output resolves, anchors included', () => {
      const { pages, links, broken } = checkLinks(site.dir, base);
      expect(pages).toBeGreaterThan(100);
      expect(links).toBeGreaterThan(1000);
      expect(broken.map(({ page, href, reason }) => `${page}: ${href} (${reason})`)).toEqual([]);
    });

    // One context per width and scheme, made on first use and reused by every test below.
    const contexts = new Map<string, BrowserContext>();
    afterAll(async () => {
      for (const c of contexts.values()) await c.close();
    });
    async function at(width: number, scheme: 'light' | 'dark' = 'light'): Promise<BrowserContext> {
      const key = `${width}-${scheme}`;
      let c = contexts.get(key);
      if (!c) {
        const phone = width < 500;
        c = await browser.newContext({ colorScheme: scheme, viewport: { width, height: phone ? 844 : 900 }, isMobile: phone, hasTouch: phone });
        contexts.set(key, c);
      }
      return c;
    }

    functional('phone: the menu button opens the project sidebar as a drawer with focus kept inside, Esc and a close button', async () => {
      const page = await open('docs/search-tokenizer/', await at(390));
      const menu = page.locator('.menu-button');
      expect(await menu.isVisible()).toBe(true);
      expect(await page.locator('.doc-sidebar').isVisible()).toBe(false);
      const box = (await menu.boundingBox())!;
      expect(box.x).toBeLessThan(40);
      await menu.click();
      const drawer = page.locator('dialog#site-drawer');
      expect(await drawer.evaluate((d) => (d as HTMLDialogElement).open)).toBe(true);
      expect(await menu.getAttribute('aria-expanded')).toBe('true');
      const current = drawer.locator('.drawer-project a[aria-current="page"]');
      expect(await current.textContent()).toContain('한국어 토크나이저');
      expect(await current.isVisible()).toBe(true);
      expect(await page.locator('[data-close-drawer]').isVisible()).toBe(true);
      // The current page has focus; twenty Tabs later focus is still inside the drawer.
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-current'))).toBe('page');
      for (let i = 0; i < 20; i++) await page.keyboard.press('Tab');
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('#site-drawer')))).toBe(true);
      await page.keyboard.press('Escape');
      expect(await drawer.evaluate((d) => (d as HTMLDialogElement).open)).toBe(false);
      expect(await page.evaluate(() => document.activeElement?.classList.contains('menu-button'))).toBe(true);
      await menu.click();
      await page.locator('[data-close-drawer]').click();
      expect(await drawer.evaluate((d) => (d as HTMLDialogElement).open)).toBe(false);
      await page.close();
    });

    for (const [label, width, nav] of [
      ['desktop', 1280, '.doc-sidebar'],
      ['phone', 390, '.drawer-project'],
    ] as const)
      functional(`${label}: a collapsed sidebar group opens from the project sidebar file and its links lead to the document`, async () => {
        const page = await open('docs/search-tokenizer/', await at(width));
        if (width < 500) await page.locator('.menu-button').click();
        const sidebar = page.locator(`${nav} maru-sidebar[data-ready]`);
        await sidebar.waitFor();
        // The page carries its own group (개념) open and the others as headings whose only link is the project listing.
        const guide = sidebar.locator('details[data-group="guide"]');
        expect(await sidebar.locator('details[open]').evaluateAll((ds) => ds.map((d) => d.getAttribute('data-group')))).toEqual(['concept']);
        expect(await guide.locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual([`${base}projects/search/?category=guide`]);
        // Opened by keyboard (Enter on the focused heading): the two guides of the project, from nav/search.json.
        await guide.locator('summary').focus();
        await page.keyboard.press('Enter');
        await sidebar.locator('details[data-group="guide"][data-state="full"]').waitFor();
        expect(await guide.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
        expect(await guide.locator('a').allTextContents()).toEqual(['검색 잘하는 법', 'aliases로 다른 이름 잡기']);
        await Promise.all([page.waitForURL(site.url('docs/search-query-tips/')), guide.getByRole('link', { name: '검색 잘하는 법' }).click()]);
        await whenReady(page);
        if (width < 500) await page.locator('.menu-button').click();
        const current = page.locator(`${nav} details[open] a[aria-current="page"]`);
        expect(await current.textContent()).toBe('검색 잘하는 법 (현재 문서)');
        expect(await current.isVisible()).toBe(true);
        await page.close();
      });

    functionalAtRoot('the table of contents: one list, collapsed after the lead on a phone, an open side column on a desktop', async () => {
      const phone = await open('docs/search-tokenizer/', await at(390));
      await phone.locator('maru-toc[data-ready]').waitFor({ state: 'attached' });
      expect(await phone.locator('nav.toc').count()).toBe(1);
      const inline = phone.locator('details.toc-box');
      expect(await inline.isVisible()).toBe(true);
      expect(await inline.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
      const [lead, toc, body] = await Promise.all(
        ['.doc-summary', 'details.toc-box', '.prose'].map(async (sel) => (await phone.locator(sel).boundingBox())!.y),
      );
      expect(lead! < toc! && toc! < body!).toBe(true);
      await inline.locator('summary').click();
      expect(await inline.locator('a').first().isVisible()).toBe(true);
      await phone.close();
      const wide = await open('docs/search-tokenizer/', await at(1440));
      await wide.locator('maru-toc[data-ready]').waitFor({ state: 'attached' });
      expect(await wide.locator('nav.toc').count()).toBe(1);
      expect(await wide.locator('details.toc-box').evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
      expect(await wide.locator('nav.toc a').first().isVisible()).toBe(true);
      // A column to the right of the text, not a box under the lead.
      const [column, prose] = await Promise.all(['.doc-toc', '.prose'].map(async (sel) => (await wide.locator(sel).boundingBox())!));
      expect(column!.x).toBeGreaterThan(prose!.x + prose!.width);
      expect(await wide.locator('.menu-button').isVisible()).toBe(false);
      expect(await wide.locator('.doc-sidebar').isVisible()).toBe(true);
      await wide.close();
    });

    functionalAtRoot('code blocks show title, language, highlighted lines and a copy button that says 복사됨', async () => {
      const c = await at(1024);
      await c.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(site.url()).origin });
      const page = await open('docs/mcp-client-setup/', c);
      const block = page.locator('figure.code-block.has-title').first();
      expect(await block.locator('.code-title').textContent()).toBe('~/.codex/config.toml');
      expect(await block.locator('.code-lang').textContent()).toBe('toml');
      expect(await block.locator('.line-hl').allTextContents()).toEqual(['url = "https://wiki.example.com/mcp"', 'bearer_token_env_var = "MARU_TOKEN"']);
      const copy = block.locator('button.code-copy');
      expect(await copy.textContent()).toBe('복사');
      await copy.click();
      await block.locator('button.code-copy[data-copied]').waitFor();
      expect(await copy.textContent()).toBe('복사됨');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await block.locator('pre code').textContent());
      expect(await page.locator('figure.code-block').count()).toBe(await page.locator('button.code-copy').count());
      await page.close();
    });

    functionalAtRoot(
      'a ::: code-group is tabs named by its blocks’ titles: one block shown, click and arrow keys switch, copy takes the shown one',
      async () => {
        const c = await at(390);
        await c.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(site.url()).origin });
        const page = await open('docs/mcp-client-setup/', c);
        const group = page.locator('.code-group[data-tabs]');
        await group.waitFor();
        const tabs = group.getByRole('tab');
        const panels = group.locator('figure.code-block');
        expect(await tabs.allTextContents()).toEqual(['HTTP', 'stdio']);
        expect(await group.getByRole('tab', { selected: true }).textContent()).toBe('HTTP');
        expect([await panels.nth(0).isVisible(), await panels.nth(1).isVisible()]).toEqual([true, false]);
        await tabs.nth(1).click();
        expect([await panels.nth(0).isVisible(), await panels.nth(1).isVisible()]).toEqual([false, true]);
        await panels.nth(1).locator('button.code-copy').click();
        await panels.nth(1).locator('button.code-copy[data-copied]').waitFor();
        expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('"args": ["-y", "maru-mcp", "--artifacts", "https://wiki.example.com/"]');
        await tabs.nth(1).focus();
        await page.keyboard.press('ArrowRight');
        expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('HTTP');
        expect(await group.getByRole('tab', { selected: true }).textContent()).toBe('HTTP');
        expect(await panels.nth(0).isVisible()).toBe(true);
        // Nothing of the group is wider than a phone's column.
        const [box, prose] = await Promise.all([group.boundingBox(), page.locator('.prose').boundingBox()]);
        expect(box!.width).toBeLessThanOrEqual(prose!.width + 1);
        await page.close();
      },
    );

    functionalAtRoot('phone: the home search field shows its whole placeholder at 360 px (a focused field cuts it, never with an ellipsis)', async () => {
      const page = await open('', await at(360));
      const input = page.locator('main input[type="search"]').first();
      const fit = await input.evaluate((el) => {
        const field = el as HTMLInputElement;
        const style = getComputedStyle(field);
        const ctx = document.createElement('canvas').getContext('2d')!;
        ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const room = field.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return { placeholder: field.placeholder, text: ctx.measureText(field.placeholder).width, room };
      });
      expect(fit.placeholder).toBe('무엇을 찾고 있나요?');
      expect(fit.text).toBeLessThanOrEqual(fit.room);
      await page.close();
    });

    functionalAtRoot('phone: wide tables and Mermaid diagrams scroll in their own box; words stay whole; the page never scrolls sideways', async () => {
      const page = await open('docs/maru-mcp-server/', await at(390));
      await diagram(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      const table = page.locator('.table-scroll').first();
      expect(await table.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
      // A code span in a cell is one line high: not cut across lines.
      const code = table.locator('td code').first();
      const lineHeight = await code.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight) || el.getBoundingClientRect().height);
      expect((await code.boundingBox())!.height).toBeLessThan(lineHeight * 1.6);
      const figure = page.locator('figure.mermaid-diagram').first();
      const sizes = await figure.evaluate((el) => ({
        scroll: el.scrollWidth,
        client: el.clientWidth,
        svg: el.querySelector('svg')!.getBoundingClientRect().width,
        box: el.querySelector('svg')!.viewBox.baseVal.width,
      }));
      expect(Math.round(sizes.svg)).toBe(Math.ceil(sizes.box));
      expect(sizes.scroll).toBeGreaterThan(sizes.client);
      expect(await figure.getAttribute('tabindex')).toBe('0');
      await page.close();
    });

    functional('desktop: the skip link lands in the article, past the sidebar; a focused sidebar link shows its whole focus ring', async () => {
      const page = await open('docs/search-tokenizer/', await at(1440));
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('본문으로 건너뛰기');
      await page.keyboard.press('Enter');
      await page.keyboard.press('Tab');
      // The first link of the article (its breadcrumb), not the first of the sidebar beside it.
      expect(await page.evaluate(() => [document.activeElement?.closest('article')?.id, document.activeElement?.closest('.breadcrumbs') !== null])).toEqual([
        'doc-content',
        true,
      ]);
      // The ring is 3 px wide, 2 px off the link: the sidebar's scroll box must leave 5 px on each side or it cuts it off.
      const link = page.locator('.doc-sidebar a[aria-current="page"]');
      await link.focus();
      const room = await link.evaluate((a) => {
        const box = a.closest('.doc-sidebar')!;
        const [r, b] = [a.getBoundingClientRect(), box.getBoundingClientRect()];
        return { left: r.left - (b.left + box.clientLeft) >= 5, right: b.left + box.clientLeft + box.clientWidth - r.right >= 5 };
      });
      expect(room).toEqual({ left: true, right: true });
      await page.close();
    });

    functional('an address naming an anchor written as raw HTML (`#migration`) lands on it, as on GitHub, on load and on a hash change', async () => {
      const page = await open('docs/writing-guide/#migration');
      const anchor = page.locator('#user-content-migration');
      // Where a heading's own `#id` puts it: below the sticky header, by the page's scroll padding.
      const top = () =>
        anchor.evaluate((el) => Math.round(el.getBoundingClientRect().top - parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop)));
      await page.waitForFunction(() => scrollY > 0, undefined, { timeout: 5_000 });
      expect(Math.abs(await top())).toBeLessThanOrEqual(1);
      await page.evaluate(() => {
        location.hash = '';
        scrollTo(0, 0);
      });
      expect(await top()).toBeGreaterThan(900);
      await page.evaluate(() => (location.hash = 'migration'));
      await page.waitForFunction(() => scrollY > 0, undefined, { timeout: 5_000 });
      expect(Math.abs(await top())).toBeLessThanOrEqual(1);
      await page.close();
    });

    functionalAtRoot('under npm start, a malformed address gets the Korean 404 page (status 400), not a plain-text error', async () => {
      const { origin, server } = await startSite(['--dist', site.dir]);
      try {
        const page = await context.newPage();
        const res = await page.goto(`${origin}/docs/%E0%A4%A/`);
        expect([res?.status(), await res?.headerValue('content-type')]).toEqual([400, 'text/html; charset=utf-8']);
        expect(await page.locator('h1').textContent()).toBe('페이지를 찾을 수 없습니다');
        await page.close();
      } finally {
        server.kill();
      }
    });

    functional('previous/next at the end of a document follow its project sidebar', async () => {
      const page = await open('docs/search-tokenizer/', await at(1440));
      // The whole sidebar, read top to bottom, is the project's sidebar file (the page shows its own group only).
      const src = (await page.locator('.doc-sidebar maru-sidebar').getAttribute('data-src'))!;
      type Entry = { href: string } | { items: Entry[] };
      const file = (await page.evaluate((url) => fetch(url).then((r) => r.json()), src)) as { items: Entry[] };
      const links = (entries: Entry[]): string[] => entries.flatMap((e) => ('items' in e ? links(e.items) : [e.href]));
      const items = links(file.items).map((href) => ({ href, current: href === `${base}docs/search-tokenizer/` }));
      const i = items.findIndex((x) => x.current);
      expect(i).toBeGreaterThanOrEqual(0);
      const prev = page.locator('.pager a[rel="prev"]');
      const next = page.locator('.pager a[rel="next"]');
      if (i > 0) expect(await prev.getAttribute('href')).toBe(items[i - 1]!.href);
      else expect(await prev.count()).toBe(0);
      if (i < items.length - 1) expect(await next.getAttribute('href')).toBe(items[i + 1]!.href);
      else expect(await next.count()).toBe(0);
      expect(await page.locator('.pager a').count()).toBeGreaterThan(0);
      await page.close();
    });

    functional('search counts are totals, and more results come on request, on the page and in the dialog', async () => {
      const page = await open(`search/?q=${encodeURIComponent('마루')}`);
      await searched(page, 'page-search', '마루');
      const status = page.locator('#page-search .search-status');
      const total = Number(/문서 ([\d,]+)개 중 1–30/.exec((await status.textContent()) ?? '')?.[1]?.replaceAll(',', ''));
      expect(total).toBeGreaterThan(30);
      expect(await page.locator('#page-search-results [role="option"]').count()).toBe(30);
      const more = page.locator('#page-search .search-more');
      expect(await more.textContent()).toBe(`${Math.min(30, total - 30)}개 더 보기`);
      // By keyboard: the button may hide once everything is shown, so focus must move on, to the first new result.
      await more.focus();
      await page.keyboard.press('Enter');
      await page.locator(`#page-search[data-shown="${Math.min(60, total)}"]`).waitFor();
      expect(await page.locator('#page-search-results [role="option"]').count()).toBe(Math.min(60, total));
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('page-search-hit-30');
      expect(await status.textContent()).toBe(total > 60 ? `문서 ${total}개 중 1–60` : `문서 ${total}개`);
      await page.keyboard.press('Control+k');
      await page.locator('#dialog-search-q').fill('마루');
      await searched(page, 'dialog-search', '마루');
      expect(await page.locator('#dialog-search .search-status').textContent()).toBe(`문서 ${total}개 중 1–8`);
      expect(await page.locator('#dialog-search .search-more').isVisible()).toBe(true);
      await page.close();
    });

    functional('a static host is never sent a miss report (the built site-features.json says no one receives them)', async () => {
      const page = await context.newPage();
      watchErrors(page, 'static miss');
      const posts: string[] = [];
      page.on('request', (r) => r.url().includes('_wiki/miss') && posts.push(r.method()));
      await page.clock.install();
      await page.goto(site.url(''));
      await whenReady(page);
      const features = page.waitForResponse((r) => r.url().endsWith('site-features.json'));
      await page.keyboard.press('Control+k');
      await page.locator('#dialog-search-q').fill('qqqzzzx');
      await searched(page, 'dialog-search', 'qqqzzzx');
      expect(await (await features).json()).toEqual({ missLog: false });
      // Run every timer the page may have set (the report would go out 2 s after the query settles).
      await page.clock.runFor(10_000);
      await page.evaluate(() => fetch(location.href).then((r) => r.ok));
      expect(posts).toEqual([]);
      await page.close();
    });

    functionalAtRoot('under npm start without --log-misses: no miss report, no console error', async () => {
      const { origin, server } = await startSite(['--dist', site.dir]);
      try {
        const page = await context.newPage();
        watchErrors(page, 'npm start');
        const posts: string[] = [];
        page.on('request', (r) => r.url().includes('_wiki/miss') && posts.push(r.method()));
        await page.clock.install();
        await page.goto(`${origin}/docs/maru-overview/`);
        await whenReady(page);
        await page.keyboard.press('/');
        await page.locator('#dialog-search-q').fill('qqqzzzy');
        await searched(page, 'dialog-search', 'qqqzzzy');
        await page.clock.runFor(10_000);
        await page.evaluate(() => fetch(location.href).then((r) => r.ok));
        expect(posts).toEqual([]);
        await page.close();
      } finally {
        server.kill();
      }
    });

    functional('index pages, the current section in the header and designer words in the footer', async () => {
      const page = await open('projects/');
      expect(await page.locator('h1').textContent()).toContain('프로젝트');
      expect(await page.locator('.project-card h2 a').allTextContents()).toEqual(['Maru', '검색', '운영', '온보딩']);
      expect(await page.locator('.site-nav a[aria-current="page"]').textContent()).toBe('프로젝트');
      expect(await page.locator('.site-footer a', { hasText: 'AI 연결 안내' }).getAttribute('href')).toBe(`${base}docs/mcp-client-setup/`);
      expect(await page.locator('.site-footer').textContent()).not.toMatch(/llms\.txt|catalog\.json|Markdown/);
      await go(page, 'categories/');
      expect(await page.locator('.chips a').count()).toBeGreaterThan(3);
      expect(await page.locator('.site-nav a[aria-current="page"]').textContent()).toBe('카테고리');
      await go(page, 'categories/guide/');
      expect(await page.locator('.site-nav a[aria-current]').allTextContents()).toEqual(['카테고리']);
      expect(await page.locator('.site-nav a', { hasText: '카테고리' }).getAttribute('aria-current')).toBe('true');
      await page.close();
    });

    // One pass over the widths and themes for both: the pages are loaded and their diagrams drawn once.
    visual(
      'at 390, 768, 1024 and 1440 px, light and dark: axe-core finds no serious violations (drawer open too); screenshots of home, long document, drawer, search hits and no match',
      // 32 page loads (8 pages, one per width and theme), 8 diagrams, 22 axe runs and 38 screenshots: a minute or more on 2 cores.
      { timeout: 600_000 },
      async () => {
        mkdirSync(SCREENSHOTS, { recursive: true });
        const report: Record<string, unknown> = {};
        const shots: string[] = [];
        for (const width of [390, 768, 1024, 1440]) {
          for (const scheme of ['light', 'dark'] as const) {
            const c = await at(width, scheme);
            const shot = async (name: string, page: Page, full = false) => {
              await page.evaluate(() => document.fonts.ready.then(() => undefined));
              const height = full ? Math.min(await page.evaluate(() => document.documentElement.scrollHeight), 3200) : undefined;
              const file = `${SCREENSHOTS}/${name}-${width}-${scheme}.png`;
              await page.screenshot({ path: file, ...(height ? { fullPage: true, clip: { x: 0, y: 0, width, height } } : {}) });
              shots.push(file);
            };
            const axe = async (name: string, page: Page) => {
              const v = await seriousViolations(page);
              if (v.length) report[`${name} ${width} ${scheme}`] = v;
            };
            const page = await open('', c);
            await axe('home', page);
            await page.locator('#home-search-q').blur();
            await shot('home', page);
            await go(page, 'docs/maru-mcp-server/');
            await diagram(page);
            await axe('docs/maru-mcp-server/', page);
            await shot('document', page, true);
            if (width < 961) {
              await page.locator('.menu-button').click();
              await axe('drawer', page);
              await shot('drawer', page);
            }
            await go(page, `search/?q=${encodeURIComponent('토크나이저를')}`);
            await searched(page, 'page-search', '토크나이저를');
            await page.locator('#page-search-results mark').first().waitFor();
            await shot('search', page);
            await go(page, `search/?q=${encodeURIComponent('qqqzzz')}`);
            await searched(page, 'page-search', 'qqqzzz');
            await shot('search-no-match', page);
            await page.close();
          }
        }
        expect(report).toEqual({});
        // The drawer only below 961 px (390 and 768), where the sidebar is not beside the text.
        expect(shots).toHaveLength(4 * 2 * 4 + 2 * 2);
      },
    );

    visual('Lighthouse (mobile preset) scores accessibility at least 95 on home, a long document and search', async () => {
      const scores = await audit(
        [site.url(''), site.url('docs/maru-mcp-server/'), site.url(`search/?q=${encodeURIComponent('토크나이저')}`)],
        ['accessibility'],
      );
      expect(scores.map((s) => ({ url: s.url, ok: (s.accessibility ?? 0) >= 95, failures: s.accessibilityFailures }))).toEqual(
        scores.map((s) => ({ url: s.url, ok: true, failures: [] })),
      );
    });

    test('no script errors on any visited page', () => {
      expect(errors).toEqual([]);
    });
  });
}

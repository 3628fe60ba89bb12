import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launch, seriousViolations } from './browser.ts';
import { startSite } from '../../scripts/lib/chromium.ts';
import { checkLinks } from './link-check.ts';
import { buildAndServe, type BuiltSite } from './site.ts';
import { CatalogSchema } from '../../src/lib/artifacts/schema.ts';

const SCREENSHOTS = 'test-results/screenshots';
/** A query with a particle attached ('한글을') whose best section is a heading of search-tokenizer. */
const QUERY = '한글을 자르는';
const EXPECTED = { id: 'search-tokenizer', title: '한국어 토크나이저', anchor: '4-한글' };

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

// Builds share Astro's .astro/ folder, so every build runs in this one file, one after another.
describe.each(['/', '/pr-preview/pr-12/'])('site built with base %s', (base) => {
  let site: BuiltSite;
  let context: BrowserContext;
  const errors: string[] = [];

  beforeAll(async () => {
    site = await buildAndServe(base);
    context = await browser.newContext({ colorScheme: 'light', viewport: { width: 1280, height: 900 } });
  });
  afterAll(async () => {
    await context?.close();
    await site?.dispose();
  });

  async function open(path: string): Promise<Page> {
    const page = await context.newPage();
    page.on('pageerror', (e) => errors.push(`${path}: ${e.message}`));
    page.on('console', (m) => m.type() === 'error' && errors.push(`${path}: ${m.text()}`));
    const res = await page.goto(site.url(path));
    expect(res?.status(), path).toBe(200);
    return page;
  }

  test('home shows every project with its count, recent documents and a focused search box', async () => {
    const page = await open('');
    const cards = page.locator('.project-card h3 a');
    expect(await cards.allTextContents()).toEqual(['Maru', '온보딩', '운영', '검색']);
    expect(await cards.first().getAttribute('href')).toBe(`${base}projects/maru/`);
    expect(await page.locator('.project-card').first().textContent()).toContain('문서 17개');
    expect(await page.locator('#recent-title + .doc-list > li').count()).toBe(8);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('home-search-q');
    expect(await page.getAttribute('html', 'lang')).toBe('ko');
    await page.close();
  });

  test('search dialog: a Korean query with a particle finds the document first, Enter opens its section', async () => {
    const page = await open('docs/maru-overview/');
    await page.keyboard.press('/');
    const input = page.locator('#dialog-search-q');
    await expect.poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);
    await input.pressSequentially(QUERY, { delay: 20 });
    const first = page.locator('#dialog-search-results [role="option"]').first();
    // Results follow the typing: wait for those of the whole query, not of a prefix.
    await expect.poll(() => first.locator('.hit-title').textContent(), { timeout: 10_000 }).toBe(EXPECTED.title);
    expect(await first.getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => first.locator('.hit-snippet mark').count()).toBeGreaterThan(0);
    expect(await first.locator('.hit-snippet mark').first().textContent()).toMatch(/한글|자르/);
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname.endsWith(`docs/${EXPECTED.id}/`));
    expect(decodeURIComponent(new URL(page.url()).hash)).toBe(`#${EXPECTED.anchor}`);
    expect(await page.locator(`[id="${EXPECTED.anchor}"]`).isVisible()).toBe(true);
    await page.close();
  });

  test('search dialog opens with Ctrl-K, moves with arrow keys and suggests other words when nothing matches', async () => {
    const page = await open('');
    await page.locator('body').click({ position: { x: 5, y: 300 } });
    await page.keyboard.press('Control+k');
    const input = page.locator('#dialog-search-q');
    await input.fill('토크나이저를');
    const options = page.locator('#dialog-search-results [role="option"]');
    await options.first().waitFor();
    expect(await options.first().locator('.hit-title').textContent()).toBe(EXPECTED.title);
    await page.keyboard.press('ArrowDown');
    expect(await options.nth(1).getAttribute('aria-selected')).toBe('true');
    expect(await input.getAttribute('aria-activedescendant')).toBe(await options.nth(1).getAttribute('id'));
    await input.fill('qqqzzz');
    await page.locator('#dialog-search .search-suggest').waitFor({ timeout: 5_000 });
    expect(await page.locator('#dialog-search .search-status').textContent()).toBe('‘qqqzzz’에 맞는 문서가 없습니다.');
    expect(await page.locator('#dialog-search .search-suggest li').allTextContents()).toContain('띄어쓰기를 바꾸거나 더 짧은 낱말로 찾아보세요.');
    await page.keyboard.press('Escape');
    expect(await page.locator('dialog.search-dialog').evaluate((d) => (d as HTMLDialogElement).open)).toBe(false);
    await page.close();
  });

  test.runIf(base === '/')('under npm start --log-misses, a search that found nothing is logged once it settles', async () => {
    const log = join(mkdtempSync(join(tmpdir(), 'maru-misses-')), 'misses.jsonl');
    const { origin, server } = await startSite(['--dist', site.dir, '--log-misses', log]);
    try {
      const page = await context.newPage();
      await page.goto(`${origin}/`);
      await page.locator('body').click({ position: { x: 5, y: 300 } });
      await page.keyboard.press('Control+k');
      await page.locator('#dialog-search-q').pressSequentially('qqqzzzx', { delay: 30 });
      await page.locator('#dialog-search .search-suggest').waitFor({ timeout: 5_000 });
      await expect.poll(() => (existsSync(log) ? readFileSync(log, 'utf8') : ''), { timeout: 8_000 }).toContain('qqqzzzx');
      const entries = readFileSync(log, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { source: string; query: string; resultCount: number });
      // Only the settled query is logged, not every prefix typed on the way.
      expect(entries.map((e) => [e.source, e.query, e.resultCount])).toEqual([['site', 'qqqzzzx', 0]]);
      await page.close();
    } finally {
      server.kill();
    }
  });

  test('the search page keeps the query and filters in the URL', async () => {
    const page = await open(`search/?q=${encodeURIComponent('미리보기를')}&project=operations`);
    const options = page.locator('#page-search-results [role="option"]');
    await options.first().waitFor();
    expect(await options.first().getAttribute('href')).toBe(`${base}docs/pr-preview/`);
    expect(await page.locator('#page-search select[name="project"]').inputValue()).toBe('operations');
    await page.locator('#page-search select[name="project"]').selectOption('onboarding');
    await expect.poll(() => new URL(page.url()).searchParams.get('project')).toBe('onboarding');
    await expect.poll(() => options.first().getAttribute('href')).toContain(`${base}docs/onboarding-first-edit/`);
    await page.close();
  });

  test('search page: initial consonants find a title, a query nothing covers is marked, snippets carry no Markdown', async () => {
    const page = await open(`search/?q=${encodeURIComponent('ㅎㄱㅇ ㅌㅋㄴㅇㅈ')}`);
    const options = page.locator('#page-search-results [role="option"]');
    await options.first().waitFor();
    expect(await options.first().getAttribute('href')).toBe(`${base}docs/search-tokenizer/`);
    expect(await page.locator('#page-search').getAttribute('data-match')).toBe('full');
    await page.goto(site.url(`search/?q=${encodeURIComponent('김치찌개 끓이는 법')}`));
    await expect.poll(() => page.locator('#page-search').getAttribute('data-match')).toBe('none');
    expect(await page.locator('#page-search .search-status').textContent()).toMatch(/^정확히 맞는 문서가 없습니다\. 일부만 맞는 결과: 문서 \d+개$/);
    await page.goto(site.url(`search/?q=${encodeURIComponent('MCP 설정')}`));
    await options.first().waitFor();
    for (const text of await page.locator('#page-search-results .hit-snippet').allTextContents()) expect(text).not.toMatch(/\]\(|\[!|---|https?:\/\//);
    await page.close();
  });

  test('a document shows its meta, TOC, related documents with reasons, backlinks and source links', async () => {
    const page = await open(`docs/${EXPECTED.id}/`);
    expect(await page.locator('h1').textContent()).toBe(EXPECTED.title);
    expect(await page.locator('.doc-meta time').getAttribute('datetime')).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(await page.locator('.doc-meta maru-relative-time').textContent()).toMatch(/전|오늘|어제|작년/);
    const toc = page.locator('nav.toc a');
    expect(await toc.count()).toBeGreaterThanOrEqual(5);
    expect(decodeURIComponent((await toc.nth(3).getAttribute('href'))!)).toBe('#2-문자-종류별로-나누기');
    expect(await page.locator('.related-list > li').count()).toBeGreaterThan(0);
    expect(await page.locator('.related-list .reason').first().textContent()).toMatch(/직접 연결|이 문서가 언급|이 문서를 언급|같은 태그|비슷한 내용/);
    expect(await page.locator('#backlinks-title').textContent()).toBe('이 문서를 언급한 문서');
    expect(await page.locator('.backlink-list > li').count()).toBeGreaterThan(0);
    expect(await page.locator('.doc-source-links a', { hasText: 'Markdown 원문' }).getAttribute('href')).toBe(`${base}_wiki/docs/${EXPECTED.id}.md`);
    await page.close();
  });

  test('a Mermaid block renders as an SVG diagram', async () => {
    const page = await open('docs/maru-architecture/');
    const svg = page.locator('.prose figure.mermaid-diagram svg');
    await svg.first().waitFor({ timeout: 20_000 });
    expect(await svg.count()).toBeGreaterThan(0);
    expect(await page.locator('.prose pre:has(code.language-mermaid)').first().isHidden()).toBe(true);
    await page.close();
  });

  test('the theme toggle persists across reloads and wins over the system preference', async () => {
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

  test('listings filter and sort in the browser and keep the state in the URL', async () => {
    const page = await open('projects/operations/');
    const items = page.locator('[data-listing-items] > li:not([hidden])');
    const total = await items.count();
    expect(total).toBe(13);
    await page.locator('maru-listing select[name="category"]').selectOption('policy');
    await expect.poll(() => items.count()).toBe(4);
    expect(new URL(page.url()).searchParams.get('category')).toBe('policy');
    await page.locator('maru-listing select[name="sort"]').selectOption('title');
    const titles = await items.locator('.doc-card-title').allTextContents();
    expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b, 'ko')));
    await page.reload();
    await expect.poll(() => items.count()).toBe(4);
    await page.close();
  });

  test('the changes timeline filters by project and period', async () => {
    const page = await open('changes/?project=search');
    const visible = page.locator('.timeline li[data-project]:visible');
    await expect.poll(async () => new Set(await visible.evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset['project']))).size).toBe(1);
    expect(await visible.first().getAttribute('data-project')).toBe('search');
    await page.locator('maru-changes select[name="project"]').selectOption('');
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await page.close();
  });

  test('without JavaScript, documents and listings still show everything', async () => {
    const noJs = await browser.newContext({ javaScriptEnabled: false });
    const page = await noJs.newPage();
    await page.goto(site.url('projects/operations/'));
    expect(await page.locator('[data-listing-items] > li').count()).toBe(13);
    expect(await page.locator('maru-listing form').isHidden()).toBe(true);
    await page.goto(site.url(`docs/${EXPECTED.id}/`));
    expect(await page.locator('nav.toc a').count()).toBeGreaterThanOrEqual(5);
    expect(await page.locator('.related-list > li').count()).toBeGreaterThan(0);
    await noJs.close();
  });

  test('axe-core finds no serious or critical violations', async () => {
    const report: Record<string, unknown> = {};
    for (const [path, scheme] of [
      ['', 'light'],
      ['', 'dark'],
      [`docs/${EXPECTED.id}/`, 'light'],
      ['docs/maru-architecture/', 'dark'],
      ['tags/%EA%B2%80%EC%83%89/', 'light'],
      ['changes/', 'light'],
      [`search/?q=${encodeURIComponent('토크나이저를')}`, 'light'],
    ] as const) {
      const page = await open(path);
      await page.emulateMedia({ colorScheme: scheme });
      if (path.startsWith('search')) await page.locator('#page-search-results [role="option"]').first().waitFor();
      if (path.includes('architecture')) await page.locator('figure.mermaid-diagram svg').first().waitFor({ timeout: 20_000 });
      const violations = await seriousViolations(page);
      if (violations.length) report[`${path} (${scheme})`] = violations;
      await page.close();
    }
    const page = await open('');
    await page.keyboard.press('Control+k');
    await page.locator('#dialog-search-q').fill('배포를');
    await page.locator('#dialog-search-results [role="option"]').first().waitFor();
    const dialog = await seriousViolations(page);
    if (dialog.length) report['search dialog'] = dialog;
    await page.close();
    expect(report).toEqual({});
  });

  test('the 404 page offers search, prefilled from the missing address', async () => {
    const page = await context.newPage();
    const res = await page.goto(site.url('docs/search-tokenizer-old/'));
    expect(res?.status()).toBe(404);
    await page.locator('#notfound-search-results [role="option"]').first().waitFor();
    expect(await page.locator('#notfound-search-q').inputValue()).toBe('search tokenizer old');
    await page.close();
  });

  test('every internal href and src in the output resolves, anchors included', () => {
    const { pages, links, broken } = checkLinks(site.dir, base);
    expect(pages).toBeGreaterThan(100);
    expect(links).toBeGreaterThan(1000);
    expect(broken.map(({ page, href, reason }) => `${page}: ${href} (${reason})`)).toEqual([]);
  });

  test('screenshots: home, document, search results and a phone-width document, light and dark', async () => {
    if (base !== '/') return;
    mkdirSync(SCREENSHOTS, { recursive: true });
    for (const scheme of ['light', 'dark'] as const) {
      const ctx = await browser.newContext({ colorScheme: scheme, viewport: { width: 1280, height: 860 } });
      const shot = async (path: string, name: string, prepare?: (p: Page) => Promise<void>) => {
        const page = await ctx.newPage();
        await page.goto(site.url(path));
        await prepare?.(page);
        await page.waitForTimeout(300);
        await page.screenshot({ path: `${SCREENSHOTS}/${name}-${scheme}.png` });
        await page.close();
      };
      await shot('', 'home', (p) => p.locator('#home-search-q').blur());
      await shot('docs/maru-architecture/', 'document', (p) => p.locator('figure.mermaid-diagram svg').first().waitFor({ timeout: 20_000 }));
      await shot(`search/?q=${encodeURIComponent('토크나이저를')}`, 'search', (p) => p.locator('#page-search-results mark').first().waitFor());
      await shot('docs/maru-overview/', 'search-dialog', async (p) => {
        await p.keyboard.press('/');
        await p.locator('#dialog-search-q').pressSequentially('배포 미리보기를');
        await p.locator('#dialog-search-results mark').first().waitFor();
      });
      await ctx.close();
      const phone = await browser.newContext({ colorScheme: scheme, viewport: { width: 360, height: 780 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
      const page = await phone.newPage();
      await page.goto(site.url(`docs/${EXPECTED.id}/`));
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await page.screenshot({ path: `${SCREENSHOTS}/phone-document-${scheme}.png` });
      await phone.close();
    }
  });

  test('no script errors on any visited page', () => {
    expect(errors).toEqual([]);
  });
});

const CORPUS = resolve(import.meta.dirname, '../../../shared/corpora/ko-react-docs');
/** Known leftovers that are not the site's own (none since raw `<script>` tags render as code). */
const KO_KNOWN: string[] = [];
const KO_REPORT = 'test-results/link-check-ko-react.json';

describe.skipIf(!existsSync(CORPUS))('ko-react-docs corpus built with base /pr-preview/pr-12/', () => {
  let site: BuiltSite;
  beforeAll(async () => {
    // The corpus as shipped links to pages it does not contain: listed as warnings, rendered as plain text.
    site = await buildAndServe('/pr-preview/pr-12/', { WIKI_CONTENT_DIR: CORPUS, MARU_BROKEN_LINKS: 'warn' });
  });
  afterAll(async () => {
    await site?.dispose();
  });

  test('ordinary Markdown without Maru frontmatter builds: all 226 documents indexed with defaulted ids, titles, projects', () => {
    const catalog = CatalogSchema.parse(JSON.parse(readFileSync(join(site.dir, '_wiki/catalog.json'), 'utf8')));
    expect(catalog.documents).toHaveLength(226);
    expect(catalog.documents.find((d) => d.id === 'reference/react/usestate')).toMatchObject({ title: 'useState', project: 'reference', category: 'reference', sourcePath: 'reference/react/useState.md' });
    expect(catalog.projects.map((p) => p.id)).toEqual(['blog', 'community', 'errors', 'general', 'learn', 'reference', 'warnings']);
    expect(existsSync(join(site.dir, 'docs/reference/react/usestate/index.html'))).toBe(true);
  });

  test('every link the site itself renders resolves; broken links written in the corpus are reported', () => {
    const { pages, links, broken } = checkLinks(site.dir, site.base);
    const content = broken.filter((b) => b.origin === 'content');
    mkdirSync('test-results', { recursive: true });
    writeFileSync(KO_REPORT, `${JSON.stringify({ pages, links, contentLeftovers: content.length, broken: content }, null, 2)}\n`);
    console.log(`ko-react-docs link check: ${pages} pages, ${links} internal links, ${content.length} broken links written in the corpus Markdown (see ${KO_REPORT})`);
    expect(pages).toBeGreaterThan(200);
    const site_ = broken.filter((b) => b.origin === 'site').map(({ page, href, reason }) => `${page}: ${href} (${reason})`);
    expect(site_.filter((b) => !KO_KNOWN.includes(b))).toEqual([]);
  });
});

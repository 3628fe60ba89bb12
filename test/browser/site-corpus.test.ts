// The ko-react-docs corpus (react.dev in Korean, ordinary Markdown without Maru frontmatter) built as shipped, in
// Chromium: the build corpora.test.ts and search-cost.test.ts read too. The example wiki's site checks the pull
// request preview's base (site-preview.test.ts). Skipped when ../shared/corpora is absent.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launch } from './browser.ts';
import { checkLinks } from './link-check.ts';
import { buildAndServe, type BuiltSite } from './site.ts';
import { CatalogSchema } from '../../src/lib/artifacts/schema.ts';

const CORPUS = resolve(import.meta.dirname, '../../../shared/corpora/ko-react-docs');
/** Known leftovers that are not the site's own (none since raw `<script>` tags render as code). */
const KO_KNOWN: string[] = [];
const KO_REPORT = 'test-results/link-check-ko-react.json';

describe.skipIf(!existsSync(CORPUS))('ko-react-docs corpus built as shipped', () => {
  let site: BuiltSite;
  let browser: Browser;
  beforeAll(async () => {
    // The corpus as shipped links to pages it does not contain: listed as warnings, rendered as plain text.
    site = await buildAndServe('/', { WIKI_CONTENT_DIR: CORPUS, MARU_BROKEN_LINKS: 'warn' });
    browser = await launch();
  });
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

  test('a group of 128 documents: the page shows 15 around the current one, "more" fills the rest and focuses what it revealed', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(site.url('docs/reference/react/usestate/'));
    const sidebar = page.locator('.doc-sidebar maru-sidebar[data-ready]');
    await sidebar.waitFor();
    const group = sidebar.locator('details[open]');
    expect(await group.locator('li:not(.sidebar-more) a').count()).toBe(15);
    expect(await group.locator('a[data-more]').allTextContents()).toEqual(['앞 문서 60개 더 보기', '뒤 문서 53개 더 보기']);
    await group.locator('a[data-more="after"]').click();
    await sidebar.locator('details[open][data-state="full"]').waitFor();
    expect(await group.locator('a').count()).toBe(128);
    expect(await group.locator('a[aria-current="page"]').textContent()).toBe('useState (현재 문서)');
    // Focus lands on the first document the page had not shown: the 76th (60 before + 15 shown).
    expect(
      await page.evaluate(() => [...document.activeElement!.closest('ul')!.querySelectorAll('a')].indexOf(document.activeElement as HTMLAnchorElement)),
    ).toBe(75);
    expect(page.url()).toBe(site.url('docs/reference/react/usestate/'));
    await page.close();
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

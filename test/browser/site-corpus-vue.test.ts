// The ko-vue-docs corpus (vuejs.org in Korean, VitePress Markdown) built as shipped, in Chromium: its folders as the
// sidebar's nested groups and VitePress's `[file]` code titles; issue 41's checks at four widths in both themes.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launch } from './browser.ts';
import { buildAndServe, type BuiltSite } from './site.ts';
import { corpus } from '../helpers/corpora.ts';
import { contentsControl, headingLinkCopies, imeSteps, listStartsAtTop, openPage, sidebarOf, THEMES, WIDTHS, type Theme } from './corpus-checks.ts';

const CORPUS = corpus('ko-vue-docs');

describe('ko-vue-docs corpus built as shipped', () => {
  let site: BuiltSite;
  let browser: Browser;
  beforeAll(async () => {
    // With default settings, as corpora.test.ts builds it (one build per test run for both).
    site = await buildAndServe('/', { WIKI_CONTENT_DIR: CORPUS });
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.dispose();
  });

  for (const [width, theme] of [
    [1024, 'light'],
    [1440, 'dark'],
  ] as const)
    test(`${width} px, ${theme}: the guide's folders are nested groups, the current one open, in the breadcrumb`, async () => {
      const page = await browser.newPage({ viewport: { width, height: 900 }, colorScheme: theme });
      await page.goto(site.url('docs/guide/essentials/computed/'));
      const sidebar = page.locator('.doc-sidebar maru-sidebar[data-ready]');
      await sidebar.waitFor();
      expect(await sidebar.locator('details[open]').evaluateAll((ds) => ds.map((d) => d.getAttribute('data-group')))).toEqual(['guide/essentials']);
      // Folders without a landing page are titled by their name made readable.
      const groups = await sidebar.locator(':scope > ul > li > details > summary .sidebar-group-label').allTextContents();
      expect(groups).toEqual(expect.arrayContaining(['Essentials', 'Best practices', 'Components', 'Scaling up']));
      expect(await sidebar.locator('a[aria-current="page"]').textContent()).toBe('계산된 속성 (현재 문서)');
      expect((await page.locator('.breadcrumbs').innerText()).replace(/\s+/g, ' ')).toBe('Guide › Essentials');
      await page.close();
    });

  const open = (path: string, width: number, theme: Theme = 'light', permissions: string[] = []) => openPage(browser, site, path, width, theme, permissions);

  // Issue 41's checks, each at every width in both themes (corpus-checks.ts).
  for (const width of WIDTHS)
    for (const theme of THEMES) {
      test(`${width} px, ${theme}: a page three folders deep is three clicks from the sidebar, its breadcrumb the folders`, async () => {
        const page = await open('docs/tutorial/', width, theme);
        const sidebar = await sidebarOf(page, width);
        await sidebar.locator('summary', { hasText: /^Src/ }).click();
        const src = sidebar.locator('details[data-group="tutorial/src"][data-state="full"]');
        await src.waitFor();
        // Steps in the order of their numbers, not of their names' letters.
        expect((await src.locator(':scope > ul > li > details .sidebar-group-label').allTextContents()).slice(0, 3)).toEqual(['Step 1', 'Step 2', 'Step 3']);
        await src.locator('summary', { hasText: /^Step 5/ }).click();
        const step = sidebar.locator('details[data-group="tutorial/src/step-5"][data-state="full"]');
        await step.waitFor();
        await Promise.all([page.waitForURL(site.url('docs/tutorial/src/step-5/description/')), step.locator('a').first().click()]);
        expect((await page.locator('.breadcrumbs').innerText()).replace(/\s+/g, ' ')).toBe('튜토리얼 › Src › Step 5');
        const current = (await sidebarOf(page, width)).locator('a[aria-current="page"]');
        expect(await current.isVisible()).toBe(true);
        await page.context().close();
      });

      test(`${width} px, ${theme}: every IME step of 반응형 shows results from the first syllable, never the empty state or the partial banner`, async () => {
        const page = await open('search/', width, theme);
        const steps = ['ㅂ', '바', '반', '반ㅇ', '반으', '반응', '반응ㅎ', '반응혀', '반응형'];
        expect(await imeSteps(page, steps)).toEqual(steps.map((s) => `${s}: results`));
        await page.context().close();
      });

      test(`${width} px, ${theme}: the dialog list starts at its top for every new query`, async () => {
        const page = await open('docs/guide/introduction/', width, theme);
        await listStartsAtTop(page, '컴포넌트', '반응형');
        await page.context().close();
      });

      test(`${width} px, ${theme}: the contents follow a long page (a slim bar below the rail's width)`, async () => {
        const page = await open('docs/guide/essentials/reactivity-fundamentals/', width, theme);
        await contentsControl(page, width);
        await page.context().close();
      });

      test(`${width} px, ${theme}: VitePress's [file] names title their code blocks`, async () => {
        const page = await open('docs/guide/essentials/component-basics/', width, theme);
        expect(await page.locator('figure.code-block .code-title').allTextContents()).toContain('BlogPost.vue');
        await page.context().close();
      });

      test(`${width} px, ${theme}: a heading link is in sight and copies the address with 링크 복사됨${width < 1024 ? ' (touch)' : ''}`, async () => {
        const page = await open('docs/guide/essentials/computed/', width, theme, ['clipboard-read', 'clipboard-write']);
        await headingLinkCopies(page, width < 1024);
        await page.context().close();
      });
    }
});

// The ko-vue-docs corpus (vuejs.org in Korean, VitePress Markdown) built as shipped, in Chromium: its folders as the
// sidebar's nested groups and VitePress's `[file]` code titles.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launch } from './browser.ts';
import { buildAndServe, type BuiltSite } from './site.ts';
import { corpus } from '../helpers/corpora.ts';

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

  test("VitePress's [file] names title their code blocks", async () => {
    const page = await browser.newPage({ viewport: { width: 1024, height: 900 } });
    await page.goto(site.url('docs/guide/essentials/component-basics/'));
    expect(await page.locator('figure.code-block .code-title').allTextContents()).toContain('BlogPost.vue');
    await page.close();
  });
});

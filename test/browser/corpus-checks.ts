// Issue 41's "How it is checked" on a real docs set built as shipped, one check per line, shared by the ko-react-docs
// and ko-vue-docs suites (site-corpus.test.ts, site-corpus-vue.test.ts), which run each at 390, 768, 1024 and 1440 px
// in both themes.
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { BuiltSite } from './site.ts';

export const WIDTHS = [390, 768, 1024, 1440] as const;
export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

/** Below this width the contents are a slim bar that follows the page (src/client/toc.ts's rail starts at 1181 px). */
const CONTENTS_RAIL = 1181;
/** From this width the sidebar is beside the text (below, it is in the menu). */
export const SIDEBAR_BESIDE = 961;

/** A page at `width` in `theme`, touch below 1024 px (phones and tablets), its scripts' handlers attached. */
export async function openPage(
  browser: Browser,
  site: BuiltSite,
  path: string,
  width: number,
  theme: Theme = 'light',
  permissions: string[] = [],
): Promise<Page> {
  const phone = width < 500;
  const touch = width < 1024;
  const context = await browser.newContext({ viewport: { width, height: phone ? 844 : 900 }, colorScheme: theme, isMobile: phone, hasTouch: touch });
  if (permissions.length) await context.grantPermissions(permissions, { origin: new URL(site.url()).origin });
  const page = await context.newPage();
  const res = await page.goto(site.url(path));
  expect(res?.status(), path).toBe(200);
  await page.locator('maru-drawer[data-ready]').waitFor({ state: 'attached' });
  return page;
}

/**
 * Types `steps` into the search page's box as an IME does (one composition, the text replaced at each step) and says
 * what each step showed: results, or none; with ' (banner)' when the status was the empty state or the partial banner.
 */
export async function imeSteps(page: Page, steps: readonly string[]): Promise<string[]> {
  const box = page.locator('#page-search');
  await box.locator('input[name="q"]').focus();
  await page.evaluate(() => document.querySelector('#page-search input')!.dispatchEvent(new CompositionEvent('compositionstart', { data: '' })));
  const seen: string[] = [];
  for (const step of steps) {
    await page.evaluate((v) => {
      const input = document.querySelector<HTMLInputElement>('#page-search input')!;
      input.value = v;
      input.dispatchEvent(new InputEvent('input', { bubbles: true, isComposing: true, inputType: 'insertCompositionText', data: v }));
    }, step);
    await page.locator(`#page-search[data-state="done"][data-query="${step}"]`).waitFor({ state: 'attached' });
    const status = (await box.locator('.search-status').textContent()) ?? '';
    const shown = await box.locator('[role="option"]').count();
    seen.push(`${step}: ${shown > 0 ? 'results' : 'none'}${/일부|없습니다/.test(status) ? ' (banner)' : ''}`);
    expect(await box.locator('.search-suggest').count()).toBe(0);
  }
  return seen;
}

/** How far the dialog's result list (or a box around it) is scrolled, px. */
function listScrolled(page: Page): Promise<number> {
  return page.evaluate(() => {
    let max = 0;
    for (let el: Element | null = document.querySelector('#dialog-search [role="listbox"]'); el && el.tagName !== 'BODY'; el = el.parentElement)
      max = Math.max(max, el.scrollTop);
    return max;
  });
}

/** Searches `first` in the dialog, scrolls to its last hit, searches `second`: the list must be back at its top. */
export async function listStartsAtTop(page: Page, first: string, second: string): Promise<void> {
  await page.locator('maru-search-dialog[data-ready]').waitFor({ state: 'attached' });
  await page.locator('.search-button').click();
  const input = page.locator('#dialog-search input[name="q"]');
  await input.fill(first);
  await page.locator(`#dialog-search[data-state="done"][data-query="${first}"]`).waitFor({ state: 'attached' });
  // Down to the last hit, as a reader scrolls the list.
  await page.locator('#dialog-search [role="option"]').last().scrollIntoViewIfNeeded();
  expect(await listScrolled(page)).toBeGreaterThan(0);
  await input.fill(second);
  await page.locator(`#dialog-search[data-state="done"][data-query="${second}"]`).waitFor({ state: 'attached' });
  expect(await listScrolled(page)).toBe(0);
  expect(await page.locator('#dialog-search [role="option"]').first().isVisible()).toBe(true);
}

/**
 * On a long page below the contents rail's width, a slim bar follows the page once the contents box has scrolled
 * away, names the section, opens the outline (whose link leads there) and goes back to the top; from the rail's width
 * the contents are a column beside the text and there is no bar.
 */
export async function contentsControl(page: Page, width: number): Promise<void> {
  await page.locator('maru-toc[data-ready]').waitFor({ state: 'attached' });
  const bar = page.locator('.toc-bar');
  expect(await bar.isVisible()).toBe(false);
  await page.locator('.prose h2').nth(2).scrollIntoViewIfNeeded();
  if (width >= CONTENTS_RAIL) {
    // Two frames: the scroll's handlers have run and drawn by then.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    expect(await bar.isVisible()).toBe(false);
    expect(await page.locator('.doc-toc').isVisible()).toBe(true);
    return;
  }
  await bar.waitFor({ state: 'visible' });
  expect((await bar.boundingBox())!.height).toBeLessThan(50);
  await page.waitForFunction(() => (document.querySelector('[data-toc-current]')?.textContent ?? '') !== '');
  await bar.locator('.toc-bar-button').click();
  const panel = page.locator('#toc-bar-panel');
  await panel.waitFor({ state: 'visible' });
  const target = panel.locator('a').first();
  const hash = (await target.getAttribute('href'))!;
  await target.click();
  await panel.waitFor({ state: 'hidden' });
  expect(new URL(page.url()).hash).toBe(hash);
  await bar.locator('.toc-bar-top').click();
  await page.waitForFunction(() => window.scrollY === 0);
  await bar.waitFor({ state: 'hidden' });
}

/** The first section heading's link is in sight (also without hover on touch) and copies the page's address with 링크 복사됨. */
export async function headingLinkCopies(page: Page, touch: boolean): Promise<void> {
  await page.locator('html[data-anchors-ready]').waitFor({ state: 'attached' });
  const heading = page.locator('.prose h2').first();
  const link = heading.locator('.heading-anchor');
  await heading.scrollIntoViewIfNeeded();
  if (touch) expect(Number(await link.evaluate((a) => getComputedStyle(a).opacity))).toBeGreaterThan(0.3);
  const href = await link.evaluate((a) => (a as HTMLAnchorElement).href);
  if (touch) await link.tap();
  else {
    await heading.hover();
    await link.click();
  }
  await page.locator('.copy-toast', { hasText: '링크 복사됨' }).waitFor({ state: 'visible' });
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(href);
}

/** The sidebar is beside the text from SIDEBAR_BESIDE px; below, it is behind the menu button, which opens it. */
export async function sidebarOf(page: Page, width: number) {
  const beside = width >= SIDEBAR_BESIDE;
  expect(await page.locator('.doc-sidebar').isVisible()).toBe(beside);
  if (!beside) await page.locator('.menu-button').click();
  const sidebar = page.locator(`${beside ? '.doc-sidebar' : '.drawer-project'} maru-sidebar[data-ready]`);
  await sidebar.waitFor();
  return sidebar;
}

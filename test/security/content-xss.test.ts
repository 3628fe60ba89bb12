// Finding 2 of issue 11 end to end: the XSS fixture folder built by the real `astro build` and opened in
// Chromium. No dialog, no request off 127.0.0.1, no script error; the site's own features still work under its CSP.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../src/lib/ui/csp.ts';
import { launch, seriousViolations } from '../browser/browser.ts';
import { buildAndServe, type BuiltSite } from '../browser/site.ts';
import { htmlOffenses, isProse } from './html-offenses.ts';

const CONTENT = fileURLToPath(new URL('../fixtures/security/content/', import.meta.url));

let site: BuiltSite;
let browser: Browser;
beforeAll(async () => {
  site = await buildAndServe('/', { WIKI_CONTENT_DIR: CONTENT });
  browser = await launch();
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await site?.dispose();
});

const page = (path: string) => readFileSync(join(site.dir, path, 'index.html'), 'utf8');

/** Every built HTML file, relative to the output folder. */
function htmlFiles(): string[] {
  return (readdirSync(site.dir, { recursive: true }) as string[]).filter((f) => f.endsWith('.html')).sort();
}

describe('the built site', () => {
  test('the article of the XSS page holds none of the vectors', () => {
    expect(htmlOffenses(page('docs/xss'), isProse)).toEqual([]);
  });

  test('no built page carries an event handler, a script URL or an unsafe style anywhere', () => {
    const found = htmlFiles().flatMap((f) =>
      htmlOffenses(readFileSync(join(site.dir, f), 'utf8'))
        .filter((o) => o.includes(' ') && !o.includes(' name='))
        .map((o) => `${f}: ${o}`),
    );
    expect(found).toEqual([]);
  });

  test('every page sends the CSP and has no inline script', () => {
    for (const f of htmlFiles()) {
      const html = readFileSync(join(site.dir, f), 'utf8');
      expect(html, f).toContain(`<meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${CONTENT_SECURITY_POLICY}">`);
      expect(html.match(/<script(?![^>]*\ssrc=)[^>]*>/g) ?? [], f).toEqual([]);
    }
  });

  test('harmless HTML still renders in the page', () => {
    const html = page('docs/harmless');
    for (const fragment of [
      '<kbd>Ctrl</kbd>',
      'H<sub>2</sub>O',
      'x<sup>2</sup>',
      '<br>',
      '<details><summary>자세히</summary>',
      '<img src="https://example.com/logo.png" alt="원격 로고">',
      'alt="로컬 그림"',
      '<span style="color:#d73a49">빨간 글</span>',
      '<li class="task-list-item"><input type="checkbox" checked disabled> 끝낸 일</li>',
      'class="callout callout-tip"',
      '<pre class="astro-code github-dark"',
      '<code class="language-mermaid">',
    ]) {
      expect(html).toContain(fragment);
    }
    expect(htmlOffenses(html, isProse)).toEqual([]);
    // A Markdown image still goes through Astro's image pipeline, which runs after the sanitizer.
    expect(html).toMatch(/<img alt="마크다운 그림"[^>]* src="\/_astro\/local\.[\w-]+\.webp">/);
  });
});

describe('in Chromium', () => {
  let context: BrowserContext;
  const dialogs: string[] = [];
  const foreign: string[] = [];
  const errors: string[] = [];
  const violations: string[] = [];

  beforeAll(async () => {
    context = await browser.newContext({ colorScheme: 'light' });
    // Collected before any script of the page runs, so an early violation is not missed.
    await context.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`));
    });
    context.on('request', (r) => {
      const url = new URL(r.url());
      if (!['127.0.0.1', ''].includes(url.hostname) && url.protocol !== 'data:') foreign.push(r.url());
    });
  });
  afterAll(async () => {
    await context?.close();
  });

  async function open(path: string): Promise<Page> {
    const p = await context.newPage();
    p.on('dialog', (d) => {
      dialogs.push(`${path}: ${d.type()} ${d.message()}`);
      void d.dismiss();
    });
    p.on('pageerror', (e) => errors.push(`${path}: ${e.message}`));
    p.on('console', (m) => {
      if (m.type() !== 'error') return;
      if (m.text().startsWith('CSP violation')) violations.push(`${path}: ${m.text()}`);
      // Network failures are not script errors: the fixture's `x` images 404 and example.com is offline here.
      else if (!m.text().startsWith('Failed to load resource')) errors.push(`${path}: ${m.text()}`);
    });
    const res = await p.goto(site.url(path));
    expect(res?.status(), path).toBe(200);
    return p;
  }

  test('the dialog listener sees a dialog when one fires (the probe can fail)', async () => {
    const p = await context.newPage();
    const seen: string[] = [];
    p.on('dialog', (d) => {
      seen.push(d.message());
      void d.dismiss();
    });
    await p.goto(site.url('docs/other/'));
    await p.evaluate(() => alert('probe'));
    expect(seen).toEqual(['probe']);
    await p.close();
  });

  test('the XSS page fires no dialog, sends nothing off 127.0.0.1 and logs no script error', async () => {
    const p = await open('docs/xss/');
    // Give every handler its chance: hover and focus each element, click each link, let SVG animations begin.
    for (const el of await p.locator('.prose *').all()) {
      await el.hover({ timeout: 500, force: true }).catch(() => undefined);
      await el.focus({ timeout: 500 }).catch(() => undefined);
    }
    for (const link of await p.locator('.prose a').all()) await link.click({ timeout: 500, noWaitAfter: true }).catch(() => undefined);
    await p.waitForTimeout(1_500);
    expect(dialogs).toEqual([]);
    expect(foreign).toEqual([]);
    expect(errors).toEqual([]);
    // Only the heading anchors navigate (within the page); nothing redirects or leaves it.
    expect(p.url().split('#')[0]).toBe(site.url('docs/xss/'));
    expect(await p.locator('.prose iframe, .prose object, .prose embed, .prose form, .prose svg, .prose meta, .prose base').count()).toBe(0);
    // The only MathML is the formulas the build drew from LaTeX, and the browser parsed no HTML element inside them.
    expect(await p.locator('.prose math:not(.katex > math)').count()).toBe(0);
    const formulas = await p
      .locator('.prose .katex > math')
      .evaluateAll((all) =>
        all.map((m) => [...m.querySelectorAll('*')].filter((e) => e.namespaceURI !== 'http://www.w3.org/1998/Math/MathML').map((e) => e.localName)),
      );
    expect(formulas.length).toBeGreaterThanOrEqual(6);
    expect(formulas.flat()).toEqual([]);
    // A <script> block is dropped with the other foreign blocks (issue 12); an inline one shows as inert code.
    expect(await p.locator('.prose script').count()).toBe(0);
    expect(await p.locator('.prose').textContent()).not.toContain('mixed-case-script');
    expect(await p.locator('.prose code', { hasText: '<script>' }).count()).toBe(1);
    await p.close();
  });

  test('an #anchor link and a [[doc#heading]] wiki link land on the heading', async () => {
    const p = await open('docs/other/');
    const wiki = p.locator('.prose a', { hasText: '둘째 제목' }).first();
    await wiki.click();
    await p.waitForURL(/\/docs\/harmless\/#/);
    expect(decodeURIComponent(new URL(p.url()).hash)).toBe('#둘째-제목');
    expect(await p.locator('[id="둘째-제목"]').evaluate((h) => h.tagName)).toBe('H2');
    expect(await p.locator('[id="둘째-제목"]').isVisible()).toBe(true);
    await p.goto(site.url('docs/harmless/'));
    await p.locator('.prose a', { hasText: '아래 제목으로' }).click();
    expect(decodeURIComponent(new URL(p.url()).hash)).toBe('#둘째-제목');
    const footnote = p.locator('.prose sup a').first();
    await footnote.click();
    expect(await p.evaluate(() => document.getElementById(decodeURIComponent(location.hash.slice(1)))?.textContent?.trim())).toBe('각주 내용. ↩');
    await p.close();
  });

  test('under the CSP the site still works: theme toggle, search dialog, Mermaid; no violation logged', async () => {
    const p = await open('docs/harmless/');
    // Diagrams are drawn when they come near the screen.
    await p.evaluate(() => document.querySelector('pre:has(> code.language-mermaid)')?.scrollIntoView());
    await p.locator('figure.mermaid-diagram svg').first().waitFor({ timeout: 20_000 });
    const before = await p.evaluate(() => document.documentElement.dataset['theme'] ?? '');
    await p.locator('maru-theme-toggle button').click();
    const after = await p.evaluate(() => document.documentElement.dataset['theme'] ?? '');
    expect([before, after]).toEqual(['', 'dark']);
    await p.reload();
    // The theme script, now a file, still applies the saved theme on load.
    expect(await p.getAttribute('html', 'data-theme')).toBe('dark');
    await p.keyboard.press('Control+k');
    await p.locator('#dialog-search-q').fill('무해한');
    await p.locator('#dialog-search-results [role="option"]').first().waitFor({ timeout: 10_000 });
    expect(await p.locator('dialog.search-dialog').evaluate((d) => (d as HTMLDialogElement).open)).toBe(true);
    await p.close();
    for (const path of ['', 'docs/other/', 'search/', 'tags/']) await (await open(path)).close();
    // axe-core still runs on a page under the CSP (the site's accessibility tests inject it).
    const a11y = await open('docs/other/');
    expect(Array.isArray(await seriousViolations(a11y))).toBe(true);
    await a11y.close();
    expect(violations).toEqual([]);
    expect(errors).toEqual([]);
    // The only request off 127.0.0.1 is the https image the harmless page shows on purpose.
    expect([...new Set(foreign)]).toEqual(['https://example.com/logo.png']);
  });
});

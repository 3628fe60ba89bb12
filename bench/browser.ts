import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { launchChromium, startSite } from '../scripts/lib/chromium.ts';

/** True when a Chromium the benchmark can drive is installed. */
export function haveChromium(): boolean {
  return existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium');
}

/** Builds the site of `content` into `out` with `astro build`; returns the wall time in ms. */
export function buildSite(content: string, out: string): number {
  mkdirSync(out, { recursive: true });
  const t = performance.now();
  const r = spawnSync(join('node_modules', '.bin', 'astro'), ['build', '--outDir', out], {
    env: { ...process.env, WIKI_CONTENT_DIR: content, MARU_CACHE_DIR: join(out, '..', 'cache') },
    stdio: ['ignore', 'ignore', 'pipe'],
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`astro build failed: ${r.stderr.slice(-2000)}`);
  return performance.now() - t;
}

/** In Chromium against `npm start` serving `dist`: the first search (index fetch + load + answer) and the cost of each later query. */
export async function browserSearch(dist: string, queries: readonly string[]) {
  const { origin, server } = await startSite(['--site', dist]);
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    // What the first search fetches, sized from the files on disk (raw, and as gzip would send them).
    const wikiFiles = new Set<string>();
    page.on('request', (req) => {
      const path = decodeURIComponent(new URL(req.url()).pathname);
      if (path.startsWith('/_wiki/')) wikiFiles.add(path.slice(1));
    });
    // A document page, as most searches start: the home page's own search box would take the '/' key.
    await page.goto(`${origin}/docs/doc-00000/`);
    const input = page.locator('#dialog-search-q');
    await page.locator('body').click({ position: { x: 5, y: 300 } });
    await page.keyboard.press('Control+k');
    const t = performance.now();
    await input.fill(queries[0]!);
    await page.locator('#dialog-search-results [role="option"]').first().waitFor({ timeout: 60_000 });
    const firstSearchMs = performance.now() - t;
    await page.waitForTimeout(300);
    const bodies = [...wikiFiles].map((f) => readFileSync(join(dist, f)));
    const fetched = bodies.reduce((n, b) => n + b.length, 0);
    const fetchedGzip = bodies.reduce((n, b) => n + gzipSync(b).length, 0);
    // Typed at 80 ms a key, past the 60 ms debounce, so every prefix is searched as a person typing would see it.
    for (const q of queries.slice(1)) {
      await input.fill('');
      await input.pressSequentially(q, { delay: 80 });
    }
    await page.waitForTimeout(500);
    const entries = await page.evaluate(() => ({
      search: performance.getEntriesByName('maru:search').map((e) => e.duration),
      total: performance.getEntriesByName('maru:search-total').map((e) => e.duration),
      load: performance.getEntriesByName('maru:index-load').map((e) => e.duration),
    }));
    return {
      firstSearchMs,
      indexLoadMs: entries.load[0] ?? NaN,
      perQueryMs: entries.search,
      perQueryTotalMs: entries.total,
      fetchedKiB: Math.round(fetched / 1024),
      fetchedGzipKiB: Math.round(fetchedGzip / 1024),
    };
  } finally {
    await browser.close();
    server.kill();
  }
}

/** What the site's search costs in Chromium, as issue 13's budgets count it. */
export interface SearchCost {
  /** Bytes over the wire (as `npm start` compresses them) from focusing the search box to the first query's hits with snippets, KiB. */
  firstSearchKiB: number;
  /** The same for the next queries together (each typed whole), KiB. */
  moreQueriesKiB: number;
  /** Files fetched for the first search and for the rest (paths under the site). */
  firstFiles: string[];
  moreFiles: string[];
  /** Keystroke → first hits on screen for what has been typed (base loaded; shards may still be coming), one entry per keystroke answered, ms. */
  keystrokeMs: number[];
  /** Keystroke → final hits with their snippets (shards and texts fetched), ms. */
  keystrokeSettledMs: number[];
  /** Main-thread work of each search while typing (ranking passes and snippets, not the waits), ms. */
  searchMs: number[];
  /** Hits of each query as the site showed them, best first: page path and section (`/docs/<id>/#<anchor>`). */
  hits: Record<string, string[]>;
}

/**
 * Drives the search dialog of a site served at `origin` (by `npm start`) in a fresh browser context: the first
 * query, then each later one, counting transferred bytes with the DevTools protocol; then types `typed` key by key.
 */
export async function searchCost(browser: Browser, origin: string, queries: readonly string[], typed: readonly string[] = []): Promise<SearchCost> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const urls = new Map<string, string>();
    let bytes = 0;
    let files: string[] = [];
    cdp.on('Network.requestWillBeSent', (e) => urls.set(e.requestId, e.request.url));
    cdp.on('Network.loadingFinished', (e) => {
      bytes += e.encodedDataLength;
      files.push(new URL(urls.get(e.requestId) ?? 'http://x/?').pathname);
    });
    await page.goto(`${origin}/`);
    await page.locator('maru-search-dialog[data-ready]').waitFor({ state: 'attached' });
    await page.waitForLoadState('networkidle');
    bytes = 0;
    files = [];
    const hits: Record<string, string[]> = {};
    const input = page.locator('#dialog-search-q');
    const ask = async (q: string) => {
      await input.fill(q);
      await page.locator(`#dialog-search[data-state="done"][data-query="${q.replace(/"/g, '\\"')}"]`).waitFor({ state: 'attached', timeout: 60_000 });
      hits[q] = await page.locator('#dialog-search-results [role="option"]').evaluateAll((as) =>
        as.map((a) => {
          const u = new URL((a as HTMLAnchorElement).href);
          return decodeURIComponent(u.pathname + u.hash);
        }),
      );
    };
    await page.keyboard.press('Control+k');
    await ask(queries[0]!);
    const first = { kib: bytes / 1024, files };
    bytes = 0;
    files = [];
    for (const q of queries.slice(1)) await ask(q);
    const more = { kib: bytes / 1024, files };
    await page.evaluate(() => performance.clearMeasures());
    for (const q of typed) {
      await input.fill('');
      await input.pressSequentially(q, { delay: 120 });
      await page.locator(`#dialog-search[data-state="done"][data-query="${q}"]`).waitFor({ state: 'attached', timeout: 60_000 });
    }
    const [keystrokeMs, keystrokeSettledMs, searchMs] = await page.evaluate(() =>
      ['maru:keystroke', 'maru:keystroke-settled', 'maru:search'].map((name) => performance.getEntriesByName(name).map((e) => e.duration)),
    );
    return {
      firstSearchKiB: Math.round(first.kib * 10) / 10,
      moreQueriesKiB: Math.round(more.kib * 10) / 10,
      firstFiles: first.files,
      moreFiles: more.files,
      keystrokeMs: keystrokeMs!,
      keystrokeSettledMs: keystrokeSettledMs!,
      searchMs: searchMs!,
      hits,
    };
  } finally {
    await context.close();
  }
}

/** `searchCost` against `npm start` serving the built site `dist`, in a browser of its own. */
export async function siteSearchCost(dist: string, queries: readonly string[], typed: readonly string[]): Promise<SearchCost> {
  const { origin, server } = await startSite(['--site', dist]);
  const browser = await launchChromium();
  try {
    return await searchCost(browser, origin, queries, typed);
  } finally {
    await browser.close();
    server.kill();
  }
}

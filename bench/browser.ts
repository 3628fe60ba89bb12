import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
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

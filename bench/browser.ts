import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium, startSite } from '../scripts/lib/chromium.ts';
import { loadSearch, type LoadedSearch } from '../src/lib/search/index-load.ts';
import { spawnAstroBuild } from '../src/node/build-process.ts';
import { searchSync } from '../src/lib/search/search.ts';
import { hitHref } from '../src/lib/ui/search-view.ts';
import { stats, type Stats } from './server.ts';
import { titleAndHeadingQueries } from './split.ts';

/** True when a Chromium the benchmark can drive is installed. */
export function haveChromium(): boolean {
  return existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium');
}

/** Builds the site of `content` into `out` with `astro build`; returns the wall time in ms. */
export function buildSite(content: string, out: string): number {
  mkdirSync(out, { recursive: true });
  const t = performance.now();
  const r = spawnAstroBuild(['--outDir', out], {
    env: { ...process.env, WIKI_CONTENT_DIR: content, MARU_CACHE_DIR: join(out, '..', 'cache') },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  if (r.status !== 0) throw new Error(`astro build failed: ${r.stderr.slice(-2000)}`);
  return performance.now() - t;
}

/** Hits the search dialog shows (its `data-limit`). */
export const DIALOG_LIMIT = 8;
/** Hits the search page shows at first (its `data-limit`), of which the benchmark compares the top 10. */
export const PAGE_LIMIT = 30;
const TOP = 10;
/** A person typing: one key every 120 ms (the site searches each keystroke at once, no debounce). */
const KEY_DELAY_MS = 120;

/** One response the page received: its path under the site and the bytes it took on the wire (headers and compressed body). */
interface Fetched {
  path: string;
  bytes: number;
}

/** Counts what a page fetches from the DevTools protocol's network events: bytes as transferred, as `npm start` compressed them. */
async function networkMeter(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const urls = new Map<string, string>();
  let fetched: Fetched[] = [];
  /** Paths counted by an earlier `take`: the page's resource timing keeps listing them. */
  const seen = new Set<string>();
  /** Called when the last request in flight ends (set by `take` while it waits). */
  let onIdle: (() => void) | undefined;
  const ended = (id: string) => {
    urls.delete(id);
    if (!urls.size) onIdle?.();
  };
  /** Scripts that start a worker: the page's session sees their request and response headers, never their end. */
  const workerScripts = new Map<string, string>();
  cdp.on('Network.requestWillBeSent', (e) => {
    if (e.type === 'Script' && /\/search-worker[^/]*\.js$/.test(new URL(e.request.url).pathname)) workerScripts.set(e.requestId, e.request.url);
    else urls.set(e.requestId, e.request.url);
  });
  // A worker's script counts by its Content-Length (both `npm start` and the tests' static server send one).
  cdp.on('Network.responseReceivedExtraInfo', (e) => {
    const url = workerScripts.get(e.requestId);
    const length = Object.entries(e.headers).find(([k]) => k.toLowerCase() === 'content-length')?.[1];
    if (url === undefined || length === undefined) return;
    workerScripts.delete(e.requestId);
    fetched.push({ path: decodeURIComponent(new URL(url).pathname), bytes: Number(length) + (e.headersText?.length ?? 0) });
  });
  cdp.on('Network.loadingFinished', (e) => {
    const url = urls.get(e.requestId);
    fetched.push({ path: decodeURIComponent(new URL(url ?? 'http://x/?').pathname), bytes: e.encodedDataLength });
    ended(e.requestId);
  });
  cdp.on('Network.loadingFailed', (e) => ended(e.requestId));
  return {
    /** What was fetched since the last call, once no request is in flight (the last events can trail the page's own signal). */
    take: async (): Promise<Fetched[]> => {
      // The protocol's events can trail the page's own signal on a busy machine: wait until every search file and
      // worker script the page's resource timing lists has been counted (at most 30 s).
      const listed = await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((e) => decodeURIComponent(new URL(e.name).pathname))
          .filter((p) => p.includes('/_wiki/') || /\/search-worker[^/]*\.js$/.test(p)),
      );
      for (const deadline = Date.now() + 30_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 50))) {
        const counted = new Set([...seen, ...fetched.map((f) => f.path)]);
        if (listed.every((p) => counted.has(p))) break;
      }
      for (const f of fetched) seen.add(f.path);
      if (urls.size) {
        // At most 2 s: a request the page abandoned may never end.
        let cap: ReturnType<typeof setTimeout> | undefined;
        await Promise.race([new Promise<void>((resolve) => (onIdle = resolve)), new Promise<void>((resolve) => (cap = setTimeout(resolve, 2000)))]);
        clearTimeout(cap);
        onIdle = undefined;
      }
      const out = fetched;
      fetched = [];
      return out;
    },
  };
}

/**
 * A fresh browser context on the site's page `path` with the search dialog open and nothing fetched for search yet
 * (the home page's own search box has autofocus, and focus fetches the index: on it the first search may have
 * started during the page load).
 */
async function openDialog(browser: Browser, origin: string, path = '/') {
  const context = await browser.newContext();
  const page = await context.newPage();
  const meter = await networkMeter(context, page);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.goto(`${origin}${path}`);
  await page.locator('maru-search-dialog[data-ready]').waitFor({ state: 'attached' });
  await page.waitForLoadState('networkidle');
  await meter.take();
  await page.keyboard.press('Control+k');
  return { context, page, meter, errors, input: page.locator('#dialog-search-q') };
}

/** The hits a search box shows, best first: page path and section (`/docs/<id>/#<anchor>`), decoded. */
function shownHits(page: Page, box: string): Promise<string[]> {
  return page.locator(`#${box}-results [role="option"]`).evaluateAll((as) =>
    as.map((a) => {
      const u = new URL((a as HTMLAnchorElement).href);
      return decodeURIComponent(u.pathname + u.hash);
    }),
  );
}

/** Waits until the search box `box` has answered `q` (hits, snippets and counts on screen). */
async function answered(page: Page, box: string, q: string): Promise<void> {
  await page.locator(`#${box}[data-state="done"][data-query="${q.replace(/"/g, '\\"')}"]`).waitFor({ state: 'attached', timeout: 60_000 });
}

/** Types `q` into the dialog's box (fills it whole) and waits for its answer; returns the hits shown. */
async function ask(page: Page, q: string): Promise<string[]> {
  await page.locator('#dialog-search-q').fill(q);
  await answered(page, 'dialog-search', q);
  return shownHits(page, 'dialog-search');
}

/** What the site's search costs in Chromium, as issue 13's budgets count it. */
export interface SearchCost {
  /** Bytes over the wire (as `npm start` compresses them) from focusing the search box to the first query's hits with snippets, KiB. */
  firstSearchKiB: number;
  /** The part of it that is the search's data (`_wiki/*`: index base, shards, snippet texts), not its code, KiB. */
  firstSearchDataKiB: number;
  /** The same for the next queries together (each typed whole), KiB. */
  moreQueriesKiB: number;
  /** Files fetched for the first search and for the rest (paths under the site). */
  firstFiles: string[];
  moreFiles: string[];
  /** Keystroke → first hits on screen for what has been typed (base loaded; shards may still be coming), one entry per keystroke answered, ms. */
  keystrokeMs: number[];
  /** Keystroke → final hits with their snippets (shards and texts fetched), ms. */
  keystrokeSettledMs: number[];
  /** The search worker's work for each search while typing (ranking passes and snippets, not the waits), ms. */
  searchMs: number[];
  /** The same searches' whole wait (shards and snippet texts fetched), ms. */
  searchTotalMs: number[];
  /** Hits of each query as the site showed them, best first: page path and section (`/docs/<id>/#<anchor>`). */
  hits: Record<string, string[]>;
  /** Every key typed of `typed`, with what the dialog showed just before the next key (see `Keystroke`). */
  keystrokes: Keystroke[];
  /** Errors the page reported (uncaught exceptions, `console.error`). */
  errors: string[];
}

/** What the dialog showed just before the next key (or after the last key, once its answer is in). */
export interface Keystroke {
  /** What had been typed. */
  typed: string;
  /** `final`: the hits of `typed`, complete; `ranked`: hits ranked for `typed` on screen, shards or snippets still coming; `stale`: the list of an earlier prefix. */
  shown: 'final' | 'ranked' | 'stale';
  /** The hits on screen. */
  hits: string[];
  /** This key → the first hits for it (`maru:keystroke`), ms; absent when a later key came before any. */
  ms?: number;
}

/** Kib of a list of fetches, to one decimal. */
const kibOf = (f: readonly Fetched[]) => Math.round(f.reduce((n, x) => n + x.bytes, 0) / 102.4) / 10;

/** Types `q` key by key at `KEY_DELAY_MS`, noting what the dialog showed before each next key, then waits for the last answer. */
async function typeKeys(page: Page, q: string): Promise<Keystroke[]> {
  const input = page.locator('#dialog-search-q');
  await input.fill('');
  await answered(page, 'dialog-search', '');
  const out: (Keystroke & { at: number })[] = [];
  // The time of the last key's input event, as the dialog's `maru:keystroke` measures start from it.
  await page.evaluate(() => {
    const w = window as unknown as { maruLastInput?: number };
    if (w.maruLastInput !== undefined) return;
    w.maruLastInput = 0;
    document.querySelector('#dialog-search-q')!.addEventListener('input', (e) => (w.maruLastInput = e.timeStamp));
  });
  const snapshot = async (typed: string) => {
    const now = await page.evaluate(() => {
      const box = document.querySelector<HTMLElement>('#dialog-search')!;
      const last = (window as unknown as { maruLastInput: number }).maruLastInput;
      // Hits rendered after the last key's input event are ranked for what has been typed (an older run is dropped).
      const answered = performance.getEntriesByName('maru:keystroke').some((e) => e.startTime + e.duration >= last);
      return { query: box.dataset['query'], state: box.dataset['state'], answered, at: last };
    });
    const shown = now.state === 'done' && now.query === typed ? 'final' : now.answered ? 'ranked' : 'stale';
    out.push({ typed, shown, hits: await shownHits(page, 'dialog-search'), at: now.at });
  };
  const keys = [...q];
  for (let i = 0; i < keys.length; i++) {
    const t = performance.now();
    await input.pressSequentially(keys[i]!);
    if (i < keys.length - 1) {
      await page.waitForTimeout(Math.max(0, KEY_DELAY_MS - (performance.now() - t)));
      await snapshot(keys.slice(0, i + 1).join(''));
    }
  }
  await answered(page, 'dialog-search', q);
  await snapshot(q);
  // Each key's own wait for hits, whenever they came (none when a later key came first).
  const measures = await page.evaluate(() => performance.getEntriesByName('maru:keystroke').map((e) => [e.startTime, e.duration] as const));
  const ms = new Map(measures);
  return out.map(({ at, ...k }) => (ms.has(at) ? { ...k, ms: ms.get(at)! } : k));
}

/**
 * Drives the search dialog of a site served at `origin` (by `npm start`) in a fresh browser context: the first
 * query, then each later one, counting transferred bytes with the DevTools protocol; then types `typed` key by key.
 */
export async function searchCost(browser: Browser, origin: string, queries: readonly string[], typed: readonly string[] = [], path = '/'): Promise<SearchCost> {
  const { context, page, meter, errors } = await openDialog(browser, origin, path);
  try {
    const hits: Record<string, string[]> = {};
    hits[queries[0]!] = await ask(page, queries[0]!);
    const first = await meter.take();
    for (const q of queries.slice(1)) hits[q] = await ask(page, q);
    const more = await meter.take();
    await page.evaluate(() => performance.clearMeasures());
    const keystrokes: Keystroke[] = [];
    for (const q of typed) keystrokes.push(...(await typeKeys(page, q)));
    const [keystrokeMs, keystrokeSettledMs, searchMs, searchTotalMs] = await page.evaluate(() =>
      ['maru:keystroke', 'maru:keystroke-settled', 'maru:search', 'maru:search-total'].map((name) => performance.getEntriesByName(name).map((e) => e.duration)),
    );
    return {
      firstSearchKiB: kibOf(first),
      firstSearchDataKiB: kibOf(first.filter((f) => f.path.includes('/_wiki/'))),
      moreQueriesKiB: kibOf(more),
      firstFiles: first.map((f) => f.path),
      moreFiles: more.map((f) => f.path),
      keystrokeMs: keystrokeMs!,
      keystrokeSettledMs: keystrokeSettledMs!,
      searchMs: searchMs!,
      searchTotalMs: searchTotalMs!,
      hits,
      keystrokes,
      errors,
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

/** One first search on a fresh page (a new browser context: nothing cached), through the dialog. */
export interface FirstSearch {
  query: string;
  /** Filling the box → the first hit on screen, ms. */
  firstHitMs: number;
  /** Filling the box → every hit with its snippet, ms. */
  doneMs: number;
  /** Fetching and loading the split index's base (`maru:index-load`), ms. */
  indexLoadMs: number;
  /** Transferred from opening the dialog to the answer (code, index files, snippet texts), KiB. */
  kib: number;
  requests: number;
  files: string[];
  /** KiB and requests by kind of file. */
  kinds: Partial<Record<FileKind, { kib: number; requests: number }>>;
  /** The hits shown, best first. */
  hits: string[];
}

/** What a fetched file is to the search: the split index's base, a term shard, a document chunk, a snippet text, code, or else. */
type FileKind = 'base' | 'terms' | 'docs' | 'texts' | 'code' | 'other';

function kindOf(path: string): FileKind {
  if (path.startsWith('/_wiki/search/text/')) return 'texts';
  const m = /^\/_wiki\/search\/(base|terms|docs)[-.]/.exec(path);
  return m ? (m[1] as FileKind) : path.endsWith('.js') ? 'code' : 'other';
}

function byKind(fetched: readonly Fetched[]): FirstSearch['kinds'] {
  const out: FirstSearch['kinds'] = {};
  for (const f of fetched) {
    const k = (out[kindOf(f.path)] ??= { kib: 0, requests: 0 });
    k.kib = Math.round((k.kib + f.bytes / 1024) * 10) / 10;
    k.requests++;
  }
  return out;
}

/** A first search: a fresh context, the dialog opened on page `path`, `q` filled in whole; the page's errors go to `errors`. */
async function firstSearch(browser: Browser, origin: string, q: string, errors: string[], path: string): Promise<FirstSearch> {
  const open = await openDialog(browser, origin, path);
  const { page, meter, input } = open;
  try {
    const t = performance.now();
    await input.fill(q);
    await page.locator('#dialog-search-results [role="option"]').first().waitFor({ timeout: 60_000 });
    const firstHitMs = performance.now() - t;
    await answered(page, 'dialog-search', q);
    const doneMs = performance.now() - t;
    const fetched = await meter.take();
    const indexLoadMs = await page.evaluate(() => performance.getEntriesByName('maru:index-load')[0]?.duration ?? NaN);
    const hits = await shownHits(page, 'dialog-search');
    return {
      query: q,
      firstHitMs,
      doneMs,
      indexLoadMs,
      kib: kibOf(fetched),
      requests: fetched.length,
      files: fetched.map((f) => f.path),
      kinds: byKind(fetched),
      hits,
    };
  } finally {
    errors.push(...open.errors);
    await open.context.close();
  }
}

/** `_wiki/*` files among `files`, KiB as stored and as gzip would send them (Pagefind's figures are counted so). */
function dataSizes(dist: string, files: readonly string[]): { kib: number; gzipKiB: number } {
  const data = files.filter((f) => f.startsWith('/_wiki/')).map((f) => readFileSync(join(dist, f)));
  return { kib: Math.round(data.reduce((n, b) => n + b.length, 0) / 1024), gzipKiB: Math.round(data.reduce((n, b) => n + gzipSync(b).length, 0) / 1024) };
}

/** A document page of the built site `dist`, where searches start (its first document in the catalog). */
function docPage(dist: string): string {
  const catalog = JSON.parse(readFileSync(join(dist, '_wiki/catalog.json'), 'utf8')) as { documents: { url: string }[] };
  return catalog.documents[0]!.url;
}

/** In Chromium against `npm start` serving `dist`: the first search of `queries[0]`, then the others typed key by key (scripts/bench-alternatives.ts). */
export async function browserSearch(dist: string, queries: readonly string[]) {
  const { origin, server } = await startSite(['--site', dist]);
  const browser = await launchChromium();
  try {
    const page = docPage(dist);
    const first = await firstSearch(browser, origin, queries[0]!, [], page);
    const cost = await searchCost(browser, origin, queries.slice(0, 1), queries.slice(1), page);
    const data = dataSizes(dist, first.files);
    return {
      firstSearchMs: first.firstHitMs,
      indexLoadMs: first.indexLoadMs,
      perQueryMs: cost.searchMs,
      perQueryTotalMs: cost.searchTotalMs,
      fetchedKiB: data.kib,
      fetchedGzipKiB: data.gzipKiB,
    };
  } finally {
    await browser.close();
    server.kill();
  }
}

/** The first `TOP` hits of the search page (`/search/?q=`, 30 hits) for each query, in one context. */
export async function searchPageHits(browser: Browser, origin: string, queries: readonly string[]): Promise<Record<string, string[]>> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const out: Record<string, string[]> = {};
    for (const q of queries) {
      await page.goto(`${origin}/search/?q=${encodeURIComponent(q)}`);
      await answered(page, 'page-search', q);
      out[q] = (await shownHits(page, 'page-search')).slice(0, TOP);
    }
    return out;
  } finally {
    await context.close();
  }
}

/** The whole index of a build (`_wiki/search-index.json`, what the MCP server loads) and its hits for a query, as the site links them. */
function wholeIndex(dist: string): { loaded: LoadedSearch; hits: (q: string, limit: number) => string[] } {
  const loaded = loadSearch(JSON.parse(readFileSync(join(dist, '_wiki/search-index.json'), 'utf8')));
  return { loaded, hits: (q, limit) => searchSync(loaded, q, { limit }).hits.map((h) => decodeURIComponent(hitHref(h))) };
}

/** What `siteSearchBench` measures on a built site in Chromium, served by `npm start`. */
export interface SiteSearchFigures {
  documents: number;
  runs: number;
  /** Each query of `queries`, a first search on a fresh page (first run). */
  first: FirstSearch[];
  /** The same over the sampled title and heading queries (first run). */
  sample: FirstSearch[];
  /** Over every first search of every run, ms. */
  firstHitMs: Stats;
  firstDoneMs: Stats;
  /** Fetching and loading the split index's base (with a small wiki's one chunk of details), ms. */
  indexLoadMs: Stats;
  /** Transferred by a first search, KiB and requests (first run): `queries`, then the sample. */
  firstKiB: Stats;
  firstRequests: Stats;
  sampleKiB: Stats;
  sampleRequests: Stats;
  /** `_wiki/*` files the first search of `queries[0]` fetched, KiB raw and as gzip would send them (for the side-by-side with Pagefind). */
  dataKiB: number;
  dataGzipKiB: number;
  /** Five more queries after the first, together, KiB (first run). */
  moreQueriesKiB: number;
  /** Whole `search-index.json` or any Markdown fetched by any search: must be none. */
  forbiddenFetches: string[];
  /** Keys typed (every query of `queries` key by key, every run) and what was on screen before the next key. */
  keys: { typed: number; final: number; ranked: number; stale: number };
  /** Every key typed, in order (first run). */
  keystrokes: Keystroke[];
  /** Keystroke → first hits for what has been typed, and → final hits with snippets; main-thread work per search, ms. */
  keystrokeMs: Stats;
  keystrokeSettledMs: Stats;
  searchMs: Stats;
  /** Final lists (after each key's answer was complete) that differ from the whole index's for the same text. */
  finalListsDiffering: string[];
  /** Queries whose dialog hits (8) and search-page top 10 equal the whole index's, of all `queries` and sampled ones. */
  sameDialogHits: { same: number; of: number; differing: string[] };
  sameTop10: { same: number; of: number; differing: string[] };
  errors: string[];
}

/**
 * The site's search in Chromium against `npm start` serving `dist`, `runs` times: a first search per query and per
 * sampled title/heading query on a fresh page (time, bytes on the wire, requests, files), five more queries, every
 * query typed key by key (keystroke → results, and whether each key's list was for what had been typed), and the
 * dialog's hits and the search page's top 10 against the whole index's (`searchSync` on `_wiki/search-index.json`).
 */
export async function siteSearchBench(dist: string, queries: readonly string[], options: { runs?: number; sample?: number } = {}): Promise<SiteSearchFigures> {
  const { runs = 1, sample: sampleSize = 0 } = options;
  const whole = wholeIndex(dist);
  const sampled = titleAndHeadingQueries(whole.loaded.documents, sampleSize);
  const page = whole.loaded.documents[0]!.url;
  const { origin, server } = await startSite(['--site', dist]);
  const browser = await launchChromium();
  try {
    const firsts: FirstSearch[][] = [];
    const costs: SearchCost[] = [];
    const errors: string[] = [];
    const sample: FirstSearch[] = [];
    for (let run = 0; run < runs; run++) {
      const mine = [];
      for (const q of queries) mine.push(await firstSearch(browser, origin, q, errors, page));
      firsts.push(mine);
      if (run === 0) for (const q of sampled) sample.push(await firstSearch(browser, origin, q, errors, page));
      costs.push(await searchCost(browser, origin, queries.slice(0, 6), queries, page));
    }
    const all = firsts.flat();
    for (const c of costs) errors.push(...c.errors);
    const first = firsts[0]!;
    const asked = [...first, ...sample];
    const dialogDiffering = asked.filter((f) => JSON.stringify(f.hits) !== JSON.stringify(whole.hits(f.query, DIALOG_LIMIT))).map((f) => f.query);
    const pageHits = await searchPageHits(
      browser,
      origin,
      asked.map((f) => f.query),
    );
    const topDiffering = asked
      .filter((f) => JSON.stringify(pageHits[f.query]) !== JSON.stringify(whole.hits(f.query, PAGE_LIMIT).slice(0, TOP)))
      .map((f) => f.query);
    const keystrokes = costs.flatMap((c) => c.keystrokes);
    const data = dataSizes(dist, first[0]!.files);
    return {
      documents: whole.loaded.documents.length,
      runs,
      first,
      sample,
      firstHitMs: stats(all.map((f) => f.firstHitMs)),
      firstDoneMs: stats(all.map((f) => f.doneMs)),
      indexLoadMs: stats(all.map((f) => f.indexLoadMs)),
      firstKiB: stats(first.map((f) => f.kib)),
      firstRequests: stats(first.map((f) => f.requests)),
      sampleKiB: stats(sample.length ? sample.map((f) => f.kib) : [NaN]),
      sampleRequests: stats(sample.length ? sample.map((f) => f.requests) : [NaN]),
      dataKiB: data.kib,
      dataGzipKiB: data.gzipKiB,
      moreQueriesKiB: costs[0]!.moreQueriesKiB,
      forbiddenFetches: [...new Set([...all, ...sample].flatMap((f) => f.files).concat(costs.flatMap((c) => [...c.firstFiles, ...c.moreFiles])))].filter(
        (f) => f === '/_wiki/search-index.json' || f.startsWith('/_wiki/docs/'),
      ),
      keys: {
        typed: keystrokes.length,
        final: keystrokes.filter((k) => k.shown === 'final').length,
        ranked: keystrokes.filter((k) => k.shown === 'ranked').length,
        stale: keystrokes.filter((k) => k.shown === 'stale').length,
      },
      keystrokes: costs[0]!.keystrokes,
      keystrokeMs: stats(costs.flatMap((c) => c.keystrokeMs)),
      keystrokeSettledMs: stats(costs.flatMap((c) => c.keystrokeSettledMs)),
      searchMs: stats(costs.flatMap((c) => c.searchMs)),
      finalListsDiffering: [
        ...new Set(
          keystrokes.filter((k) => k.shown === 'final' && JSON.stringify(k.hits) !== JSON.stringify(whole.hits(k.typed, DIALOG_LIMIT))).map((k) => k.typed),
        ),
      ],
      sameDialogHits: { same: asked.length - dialogDiffering.length, of: asked.length, differing: dialogDiffering },
      sameTop10: { same: asked.length - topDiffering.length, of: asked.length, differing: topDiffering },
      errors: [...new Set(errors)],
    };
  } finally {
    await browser.close();
    server.kill();
  }
}

/** Issue 15's budget for a first search at 10,000 documents, KiB transferred. */
export const FIRST_SEARCH_BUDGET_KIB = 500;

/** Markdown rows (`| what | figure |`) of `siteSearchBench`'s figures, as `npm run bench` and bench/browser-report.ts print them. */
export function siteSearchRows(f: SiteSearchFigures): string[] {
  const s = (x: Stats, d = 0) => `${x.median.toFixed(d)} (p95 ${x.p95.toFixed(d)}, ${x.min.toFixed(d)}–${x.max.toFixed(d)})`;
  const q = f.first.length;
  const listed = (xs: readonly string[]) => (xs.length ? `: ${xs.slice(0, 5).join(', ')}${xs.length > 5 ? ', …' : ''}` : '');
  return [
    '| what | figure |',
    '| --- | --- |',
    `| first search on a fresh page, KiB transferred (code, index base and shards, document chunks, snippet texts): median (p95, min–max) over ${q} queries | ${s(f.firstKiB, 1)} |`,
    `| … requests | ${s(f.firstRequests)} |`,
    `| … over ${f.sample.length} queries cut from titles and headings, KiB; requests | ${s(f.sampleKiB, 1)}; ${s(f.sampleRequests)} |`,
    `| … within ${FIRST_SEARCH_BUDGET_KIB} KiB (issue 15) | ${[...f.first, ...f.sample].filter((x) => x.kib <= FIRST_SEARCH_BUDGET_KIB).length} of ${q + f.sample.length} |`,
    `| five more queries after the first, together, KiB | ${f.moreQueriesKiB} |`,
    `| whole \`search-index.json\` or Markdown fetched by any search | ${f.forbiddenFetches.length ? f.forbiddenFetches.join(', ') : 'none'} |`,
    `| first search: filling the box → first hit on screen, ms (${f.runs} run(s) × ${q} queries) | ${s(f.firstHitMs)} |`,
    `| … → every hit with its snippet, ms | ${s(f.firstDoneMs)} |`,
    `| … of which fetching and loading the index base, ms | ${s(f.indexLoadMs)} |`,
    `| keystroke → first hits for what has been typed, ms (${q} queries typed key by key, ${KEY_DELAY_MS} ms a key) | ${s(f.keystrokeMs, 1)} |`,
    `| keystroke → final hits with snippets, ms | ${s(f.keystrokeSettledMs, 1)} |`,
    `| main-thread work per search while typing, ms | ${s(f.searchMs, 2)} |`,
    `| before the next key: final list / hits ranked for what was typed (shards or snippets still coming) / an earlier prefix's list (stale), of ${f.keys.typed} keys | ${f.keys.final} / ${f.keys.ranked} / ${f.keys.stale} |`,
    `| final lists while typing that differ from the whole index's for the same text | ${f.finalListsDiffering.length}${listed(f.finalListsDiffering)} |`,
    `| dialog's 8 hits equal to the whole index's (\`searchSync\` on \`search-index.json\`) | ${f.sameDialogHits.same} of ${f.sameDialogHits.of}${listed(f.sameDialogHits.differing)} |`,
    `| search page's top 10 equal to the whole index's | ${f.sameTop10.same} of ${f.sameTop10.of}${listed(f.sameTop10.differing)} |`,
    `| errors in the page | ${f.errors.length ? f.errors.slice(0, 3).join('; ') : 'none'} |`,
  ];
}

// The page's side of search: it asks the search worker (src/client/search-worker.ts) and shows what comes back. The
// index and the ranking stay off the main thread; without a worker (blocked or failed to start) the same code runs
// here (src/client/search-run.ts), loaded on first use.
import type { SearchFilters, SearchResult } from '../lib/search/search.ts';
import type { SearchTiming } from './search-run.ts';
import type { WorkerReply, WorkerRequest } from './search-worker.ts';
import { joinUrl } from '../lib/wiki/url.ts';
import { fetchFile } from './search-fetch.ts';
import { isMiss } from '../lib/misses/miss-rule.ts';
import { siteBase as base } from './site-base.ts';

interface Pending {
  request: Extract<WorkerRequest, { type: 'search' }>;
  onRanked: ((result: SearchResult) => void) | undefined;
  resolve: (result: SearchResult) => void;
  reject: (error: Error) => void;
  start: number;
}

/** The worker once started; null when none could start (then searches run in the page). */
let worker: Worker | null | undefined;
let nextId = 0;
const pending = new Map<number, Pending>();

/** The search worker, started on first use. */
function searchWorker(): Worker | null {
  if (worker !== undefined) return worker;
  try {
    worker = new Worker(new URL('./search-worker.ts', import.meta.url), { type: 'module', name: 'maru-search' });
  } catch {
    return (worker = null);
  }
  worker.addEventListener('message', (e: MessageEvent<WorkerReply>) => onReply(e.data));
  // The worker's file did not load (a host blocking it, an old browser): what it was asked is asked in the page.
  worker.addEventListener('error', (e) => {
    e.preventDefault();
    worker?.terminate();
    worker = null;
    for (const p of pending.values()) inPage(p);
    pending.clear();
  });
  return worker;
}

function onReply(reply: WorkerReply): void {
  if (reply.type === 'fetch') return void answerFetch(reply.id, reply.path);
  const p = pending.get(reply.id);
  if (!p) return;
  if (reply.type === 'ranked') return p.onRanked?.(reply.result);
  pending.delete(reply.id);
  if (reply.type === 'error') return p.reject(new Error(reply.message));
  measure(p.start, reply.timing);
  p.resolve(reply.result);
}

/** Fetches a file the worker asked for and hands its bytes over (moved, not copied); a failure answers with status 0. */
function answerFetch(id: number, path: string): void {
  const send = (file: ArrayBuffer | number) => worker?.postMessage({ type: 'file', id, file } satisfies WorkerRequest, typeof file === 'number' ? [] : [file]);
  fetchFile(path).then(send, () => send(0));
}

/** Runs a search in the page (no worker). */
function inPage(p: Pending): void {
  const { query, filters, limit, composing } = p.request;
  import('./search-run.ts')
    .then((m) => m.runSearch(query, filters, limit, p.onRanked, composing))
    .then(({ result, timing }) => {
      measure(p.start, timing);
      p.resolve(result);
    }, p.reject);
}

/** Performance entries let `npm run bench` read the cost in a real browser: index load, the search's work, the whole wait. */
function measure(start: number, timing: SearchTiming): void {
  const now = performance.now();
  if (timing.indexLoad !== undefined) performance.measure('maru:index-load', { start: Math.max(0, start - timing.indexLoad), duration: timing.indexLoad });
  performance.measure('maru:search', { start, duration: timing.work });
  performance.measure('maru:search-total', { start, end: now });
}

/** Starts loading the index without waiting for it (on focus of a search box). */
export function warmSearch(): void {
  const w = searchWorker();
  if (w) w.postMessage({ type: 'warm' } satisfies WorkerRequest);
  else
    import('./search-run.ts').then(
      (m) => m.warmSearch(),
      () => undefined,
    );
}

/**
 * Runs the shared search function (the same one the MCP server uses) for what is typed, hits with their snippets.
 * The index alone ranks; `onRanked` gets the hits at once, before the text of new hits arrives.
 */
export function runSearch(
  query: string,
  filters: SearchFilters,
  limit: number,
  onRanked?: (result: SearchResult) => void,
  composing = false,
): Promise<SearchResult> {
  const request = { type: 'search', id: nextId++, query, filters: { ...filters }, limit, composing, ranked: Boolean(onRanked) } as const;
  return new Promise((resolve, reject) => {
    const p: Pending = { request, onRanked, resolve, reject, start: performance.now() };
    const w = searchWorker();
    if (!w) return inPage(p);
    pending.set(request.id, p);
    w.postMessage(request);
  });
}

/** How long a query must stand before its miss is reported, so half-typed queries are not logged. */
const MISS_SETTLE_MS = 2000;
let missTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * Reports a search that found nothing (or only weak matches) to `npm start`'s opt-in miss log, once the
 * query has stood for a while. A static host answers 404 and the report is simply dropped.
 */
export function reportMissLater(query: string, filters: SearchFilters, result: SearchResult): void {
  clearTimeout(missTimer);
  const hits = result.hits;
  const bestScore = hits[0]?.score ?? null;
  if (!query.trim() || !isMiss(hits.length, bestScore, result.match)) return;
  missTimer = setTimeout(() => {
    const body = JSON.stringify({ query: query.trim(), filters: { ...filters }, resultCount: hits.length, bestScore, match: result.match });
    fetch(joinUrl(base, '_wiki/miss'), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body, keepalive: true }).catch(() => undefined);
  }, MISS_SETTLE_MS);
}

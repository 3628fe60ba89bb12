import type { LoadedSearch } from '../lib/search/index-load.ts';
import type { SearchFilters, SearchResult } from '../lib/search/search.ts';
import { joinUrl } from '../lib/wiki/url.ts';
import { isMiss } from '../lib/misses/misses.ts';

const base = import.meta.env.BASE_URL;
let searchPromise: Promise<LoadedSearch> | undefined;
const markdown = new Map<string, Promise<string | undefined>>();

async function fetchJson(path: string): Promise<unknown> {
  const res = await fetch(joinUrl(base, path));
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status}`);
  return res.json();
}

/** Loads the search index once, on first use (code and data are both fetched lazily). */
function loadSiteSearch(): Promise<LoadedSearch> {
  const start = performance.now();
  searchPromise ??= Promise.all([import('../lib/search/index-load.ts'), fetchJson('_wiki/search-index.json')]).then(([m, json]) => {
    const search = m.loadSearch(json);
    performance.measure('maru:index-load', { start, end: performance.now() });
    return search;
  });
  searchPromise.catch(() => (searchPromise = undefined));
  return searchPromise;
}

/** Starts loading the index and the search code without waiting for them (on focus of a search box). */
export function warmSearch(): void {
  loadSiteSearch().catch(() => undefined);
  import('../lib/search/search.ts').catch(() => undefined);
}

/** Runs the shared search function (the same one the MCP server uses), hits with their snippets. */
export async function runSearch(query: string, filters: SearchFilters, limit: number): Promise<SearchResult> {
  const [loaded, { search }] = await Promise.all([loadSiteSearch(), import('../lib/search/search.ts')]);
  const start = performance.now();
  let work = 0;
  // The best documents' Markdown ranks their sections and gives the snippets; it is fetched once and cached.
  const result = await search(loaded, query, {
    filters,
    limit,
    loadText: (d) => loadMarkdown(d.id),
    onTiming: (stage, ms) => stage !== 'load' && (work += ms),
  });
  // Performance entries let `npm run bench` read the cost in a real browser: main-thread work, and the whole wait.
  performance.measure('maru:search', { start, duration: work });
  performance.measure('maru:search-total', { start, end: performance.now() });
  return result;
}

/** The normalised Markdown of a document (`_wiki/docs/<id>.md`), cached; undefined when it cannot be fetched. */
function loadMarkdown(id: string): Promise<string | undefined> {
  let p = markdown.get(id);
  if (!p) {
    p = fetch(joinUrl(base, `_wiki/docs/${id.split('/').map(encodeURIComponent).join('/')}.md`))
      .then((r) => (r.ok ? r.text() : undefined))
      .catch(() => undefined);
    markdown.set(id, p);
  }
  return p;
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

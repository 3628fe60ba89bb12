import type { LoadedSearch } from '../lib/search/index-load.ts';
import type { SearchFilters, SearchResult } from '../lib/search/search.ts';
import type { DocumentText } from '../lib/search/snippet.ts';
import type { TermTable } from '../lib/search/composing.ts';
import { joinUrl } from '../lib/wiki/url.ts';
import { isMiss } from '../lib/misses/miss-rule.ts';

const base = import.meta.env.BASE_URL;
let searchPromise: Promise<LoadedSearch> | undefined;
const texts = new Map<string, DocumentText | Promise<DocumentText | undefined>>();
/** Whether a search has run on this page (the index is loaded and its code compiled). */
let searched = false;

/** Lets the browser handle input and paint before the next piece of work. */
function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
}

/** The index's Hangul bigrams for completing a word being typed, built once per loaded index. */
const terms = new WeakMap<LoadedSearch, TermTable>();

async function fetchJson(path: string): Promise<unknown> {
  const res = await fetch(joinUrl(base, path));
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status}`);
  return res.json();
}

/** Loads the search index once, on first use (code and data are both fetched lazily). */
function loadSiteSearch(): Promise<LoadedSearch> {
  const start = performance.now();
  // The split index: the base now, each shard of postings when a query first needs it (then cached).
  searchPromise ??= Promise.all([import('../lib/search/index-load.ts'), fetchJson('_wiki/search/base.json')]).then(async ([m, json]) => {
    const search = m.loadSplitSearch(json, (file) => fetchJson(`_wiki/search/${file}`));
    // A small wiki's document details are one file: fetched now, so hits show at once instead of after a round trip.
    await search.shards?.preloadDetails();
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

/**
 * Runs the shared search function (the same one the MCP server uses), hits with their snippets. The index alone
 * ranks; `onRanked` gets the hits at once, with the snippets at hand, before the text of new hits arrives.
 */
export async function runSearch(
  query: string,
  filters: SearchFilters,
  limit: number,
  onRanked?: (result: SearchResult) => void,
  composing = false,
): Promise<SearchResult> {
  const first = !searched;
  const [loaded, { search }, { composedQuery, termTable }] = await Promise.all([
    loadSiteSearch(),
    import('../lib/search/search.ts'),
    import('../lib/search/composing.ts'),
  ]);
  // The first search follows the index's load in the same task unless it yields: one long task of both, which holds
  // off input and paint on a phone (Lighthouse's blocking time on the search page). Later searches start at once.
  if (first) await yieldToMain();
  searched = true;
  const start = performance.now();
  let work = 0;
  // A Korean word still being typed asks for what it may become (src/lib/search/composing.ts).
  const table = () => {
    let t = terms.get(loaded);
    if (!t) terms.set(loaded, (t = termTable(loaded.sectionFrequency)));
    return t;
  };
  const composed = composedQuery(table, query, composing);
  const run = (q: string, ranked?: (r: SearchResult) => void) =>
    // Snippet text is fetched once per document shown, and cached.
    search(loaded, q, {
      filters,
      limit,
      loadText: (d) => loadText(d.id),
      ...(ranked ? { onRanked: ranked } : {}),
      onTiming: (stage, ms) => stage !== 'load' && (work += ms),
    });
  // Outside a composition, a short last word (`컴`, `법`) may be a word of its own: it is completed only when the query
  // as typed finds nothing, and that empty answer is never shown.
  const typed = composed && !composing ? await run(query) : undefined;
  if (!composed || (typed && typed.hits.length)) return finish(typed ?? (await run(query, onRanked)));
  // The completions stand for the one word being typed: for a query of that word alone, a hit with any of them answers it.
  const single = query.trim().split(/\s+/).length === 1;
  const answer = (r: SearchResult): SearchResult => ({ ...r, query, ...(single && r.hits.length ? { match: 'full' as const } : {}) });
  return finish(answer(await run(composed, onRanked && ((r) => onRanked(answer(r))))));

  function finish(result: SearchResult): SearchResult {
    // Performance entries let `npm run bench` read the cost in a real browser: main-thread work, and the whole wait.
    performance.measure('maru:search', { start, duration: work });
    performance.measure('maru:search-total', { start, end: performance.now() });
    return result;
  }
}

/** A document's snippet text (`_wiki/search/text/<id>.json`): at once when already fetched, else fetched and cached. */
function loadText(id: string): DocumentText | Promise<DocumentText | undefined> {
  const known = texts.get(id);
  if (known) return known;
  const p = fetch(joinUrl(base, `_wiki/search/text/${id.split('/').map(encodeURIComponent).join('/')}.json`))
    .then((r): Promise<unknown> => (r.ok ? r.json() : Promise.resolve(undefined)))
    .then((v) => (Array.isArray(v) && v.every((s) => typeof s === 'string') ? v : undefined))
    .catch(() => undefined);
  texts.set(id, p);
  // Kept as a value once here, so the next search shows it without waiting; a failure may be retried later.
  void p.then((v) => (v ? texts.set(id, v) : texts.delete(id)));
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

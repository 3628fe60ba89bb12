// The search itself: loading the index and running the shared search function over it. It runs in the search worker
// (src/client/search-worker.ts), off the page's main thread, or in the page when no worker can start.
import { loadSplitSearch, type LoadedSearch } from '../lib/search/split-load.ts';
import { search, type SearchFilters, type SearchResult } from '../lib/search/search.ts';
import type { DocumentText } from '../lib/search/snippet.ts';
import { searchAsTyped, termTable, type TermTable } from '../lib/search/composing.ts';
import { fetchFile, type FetchFile } from './search-fetch.ts';
import { isGzip } from '../lib/search/precompressed.ts';

/** What one search cost, for the measures the benchmarks read (`maru:index-load`, `maru:search`), ms. */
export interface SearchTiming {
  /** Fetching and loading the index, on the first search that waited for it only. */
  indexLoad?: number;
  /** The search's own work, waits for files left out. */
  work: number;
}

let searchPromise: Promise<LoadedSearch> | undefined;
let indexLoadMs: number | undefined;
const texts = new Map<string, DocumentText | Promise<DocumentText | undefined>>();
/** The index's Hangul bigrams for completing a word being typed, built once per loaded index. */
const terms = new WeakMap<LoadedSearch, TermTable>();

let fetchSiteFile: FetchFile = fetchFile;

/** Sets how files are fetched (the worker has the page fetch them, so the page's preloads and network are used). */
export function setFetchFile(f: FetchFile): void {
  fetchSiteFile = f;
}

const decoder = new TextDecoder();

async function fetchJson(path: string): Promise<unknown> {
  const bytes = await fetchSiteFile(path);
  if (typeof bytes === 'number') throw new Error(`${path}: HTTP ${bytes}`);
  return JSON.parse(decoder.decode(await inflated(new Uint8Array(bytes)))) as unknown;
}

/**
 * The bytes of a file as the build wrote it: a `.gz` copy (src/lib/search/precompressed.ts) inflated here, in the
 * worker; anything else as it came (a plain file, or a `.gz` copy a host sent with `Content-Encoding: gzip`, which the
 * browser has inflated already).
 */
async function inflated(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  if (!isGzip(bytes)) return bytes;
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** Loads the search index once, on first use. */
function loadSiteSearch(): Promise<LoadedSearch> {
  const start = performance.now();
  // The split index: the base now, each shard of postings when a query first needs it (then cached).
  searchPromise ??= fetchJson('_wiki/search/base.json').then(async (json) => {
    const loaded = loadSplitSearch(json, (file) => fetchJson(`_wiki/search/${file}`));
    // A small wiki's document details are one file: fetched now, so hits show at once instead of after a round trip.
    await loaded.shards?.preloadDetails();
    indexLoadMs = performance.now() - start;
    return loaded;
  });
  searchPromise.catch(() => (searchPromise = undefined));
  return searchPromise;
}

/** Starts loading the index without waiting for it (when someone focuses a search box). */
export function warmSearch(): void {
  loadSiteSearch().catch(() => undefined);
}

/**
 * Runs the shared search function (the same one the MCP server uses) by the site's rule for a query as typed
 * (`searchAsTyped`): hits with their snippets. `onRanked` gets the hits at once, before the text of new hits arrives.
 */
export async function runSearch(
  query: string,
  filters: SearchFilters,
  limit: number,
  onRanked?: (result: SearchResult) => void,
  composing = false,
): Promise<{ result: SearchResult; timing: SearchTiming }> {
  const loaded = await loadSiteSearch();
  const indexLoad = indexLoadMs;
  indexLoadMs = undefined;
  let work = 0;
  const table = () => {
    let t = terms.get(loaded);
    if (!t) terms.set(loaded, (t = termTable(loaded.sectionFrequency)));
    return t;
  };
  const result = await searchAsTyped(query, composing, table, (q, present) =>
    // Snippet text is fetched once per document shown, and cached.
    search(loaded, q, {
      filters,
      limit,
      loadText: (d) => loadText(d.id),
      ...(present && onRanked ? { onRanked: (r: SearchResult) => onRanked(present(r)) } : {}),
      onTiming: (stage, ms) => stage !== 'load' && (work += ms),
    }),
  );
  return { result, timing: { work, ...(indexLoad === undefined ? {} : { indexLoad }) } };
}

/** A document's snippet text (`_wiki/search/text/<id>.json`): at once when already fetched, else fetched and cached. */
function loadText(id: string): DocumentText | Promise<DocumentText | undefined> {
  const known = texts.get(id);
  if (known) return known;
  const p = fetchJson(`_wiki/search/text/${id.split('/').map(encodeURIComponent).join('/')}.json`)
    .then((v) => (Array.isArray(v) && v.every((s) => typeof s === 'string') ? v : undefined))
    .catch(() => undefined);
  texts.set(id, p);
  // Kept as a value once here, so the next search shows it without waiting; a failure may be retried later.
  void p.then((v) => (v ? texts.set(id, v) : texts.delete(id)));
  return p;
}

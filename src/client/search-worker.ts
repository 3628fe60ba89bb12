// The search worker: loads the index and runs searches off the page's main thread, so typing, scrolling and the
// first paint of a search page never wait for JSON parsing, the index's restore or ranking (src/client/search-engine.ts).
import { runSearch, setFetchFile, warmSearch, type SearchTiming } from './search-run.ts';
import type { SearchFilters, SearchResult } from '../lib/search/search.ts';

/** What the page asks: load the index now, one search (its early ranked hits wanted or not), or takes a fetched file. */
export type WorkerRequest =
  | { type: 'warm' }
  | { type: 'file'; id: number; file: ArrayBuffer | number }
  | { type: 'search'; id: number; query: string; filters: SearchFilters; limit: number; composing: boolean; ranked: boolean };

/** What the worker answers, per search id: ranked hits first (maybe), then the result or an error. */
export type WorkerReply =
  | { type: 'ranked'; id: number; result: SearchResult }
  | { type: 'done'; id: number; result: SearchResult; timing: SearchTiming }
  | { type: 'error'; id: number; message: string }
  | { type: 'fetch'; id: number; path: string };

/** The worker's global scope, typed by what is used (the project's types are the window's DOM). */
const scope = globalThis as unknown as {
  postMessage(message: WorkerReply): void;
  addEventListener(type: 'message', listener: (e: MessageEvent<WorkerRequest>) => void): void;
};

/** Files asked of the page, by request id. */
const files = new Map<number, (file: ArrayBuffer | number) => void>();
let nextFile = 0;
// The page fetches: its preload of the index is used, and what it fetches is what the page's network shows.
setFetchFile(
  (path) =>
    new Promise((resolve) => {
      const id = nextFile++;
      files.set(id, resolve);
      scope.postMessage({ type: 'fetch', id, path });
    }),
);

scope.addEventListener('message', ({ data }) => {
  if (data.type === 'warm') return warmSearch();
  if (data.type === 'file') {
    files.get(data.id)?.(data.file);
    return void files.delete(data.id);
  }
  const { id } = data;
  const ranked = data.ranked ? (result: SearchResult) => scope.postMessage({ type: 'ranked', id, result }) : undefined;
  runSearch(data.query, data.filters, data.limit, ranked, data.composing).then(
    ({ result, timing }) => scope.postMessage({ type: 'done', id, result, timing }),
    (error: unknown) => scope.postMessage({ type: 'error', id, message: error instanceof Error ? error.message : String(error) }),
  );
});

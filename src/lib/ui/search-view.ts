import type { SearchFilters, SearchHit } from '../search/search.ts';
import type { Snippet } from '../search/snippet.ts';
import { anchorHash } from '../wiki/url.ts';

/** A piece of snippet text, marked when it matched the query. */
export interface Segment {
  text: string;
  mark: boolean;
}

/** Splits a snippet into plain and highlighted segments (for safe DOM building, no innerHTML). */
export function toSegments(snippet: Snippet): Segment[] {
  const out: Segment[] = [];
  let at = 0;
  for (const [start, end] of snippet.highlights) {
    if (start > at) out.push({ text: snippet.text.slice(at, start), mark: false });
    out.push({ text: snippet.text.slice(start, end), mark: true });
    at = end;
  }
  if (at < snippet.text.length) out.push({ text: snippet.text.slice(at), mark: false });
  return out;
}

/** The deep link of a hit: the document page at its best section. */
export function hitHref(hit: SearchHit): string {
  return hit.document.url + anchorHash(hit.section.anchor);
}

/** The search state carried in a URL (`/search/?q=…&project=…`). */
export interface SearchState {
  q: string;
  project: string;
  category: string;
  tag: string;
}

/** Reads the query and filters from URL search params. */
export function parseSearchState(params: URLSearchParams): SearchState {
  return { q: params.get('q') ?? '', project: params.get('project') ?? '', category: params.get('category') ?? '', tag: params.get('tag') ?? '' };
}

/** Writes the non-empty parts of a search state as URL search params. */
export function searchParams(state: SearchState): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ['q', 'project', 'category', 'tag'] as const) if (state[key].trim()) params.set(key, state[key].trim());
  return params;
}

/** The filters of a state in the shape `searchDocuments` takes. */
export function toFilters(state: SearchState): SearchFilters {
  return { project: state.project || undefined, category: state.category || undefined, tags: state.tag ? [state.tag] : undefined };
}

/** Other queries worth trying when a query finds nothing: each word alone, and the words joined or split. */
export function alternativeQueries(query: string): string[] {
  const q = query.trim().replace(/\s+/g, ' ');
  if (!q) return [];
  const words = q.split(' ');
  const out = new Set<string>();
  if (words.length > 1) {
    words.filter((w) => w.length > 1).forEach((w) => out.add(w));
    out.add(words.join(''));
  } else if (/^[\p{Script=Hangul}]{4,}$/u.test(q)) {
    // A long Hangul run may be two words written together: try the halves.
    const mid = Math.ceil(q.length / 2);
    out.add(`${q.slice(0, mid)} ${q.slice(mid)}`);
    out.add(q.slice(0, mid));
  }
  out.delete(q);
  return [...out];
}

/** Words worth searching for from a missing page's path: `/base/docs/search-tokeniser/` → `search tokeniser`. */
export function guessQuery(pathname: string, base: string): string {
  let path = pathname;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    // Keep the raw path.
  }
  const rest = path.startsWith(base) ? path.slice(base.length) : path;
  const last =
    rest
      .split('/')
      .filter((s) => s && s !== 'docs' && !/^index(\.html?)?$/.test(s))
      .pop() ?? '';
  return last
    .replace(/\.(html?|md)$/, '')
    .replace(/[-_]+/g, ' ')
    .trim();
}

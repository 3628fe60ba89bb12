import type { CatalogEntry } from '../artifacts/schema.ts';
import type { SearchFilters, SearchHit } from '../search/search.ts';
import { makeSnippet, markdownToText, sliceSection, type Snippet } from '../sections.ts';
import { anchorHash } from '../wiki/url.ts';
import { stripFrontmatter } from '../wiki/frontmatter-fence.ts';

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

/** Length of a result snippet, in characters. */
export const SNIPPET_LENGTH = 160;

/** The snippet of a hit: from its best section, else wherever the document matches, else its summary. */
export function hitSnippet(hit: SearchHit, markdown: string | undefined, headings: CatalogEntry['headings'] | undefined, max = SNIPPET_LENGTH): Snippet {
  const candidates: string[] = [];
  if (markdown !== undefined && headings) {
    candidates.push(stripHeading(markdownToText(sliceSection(markdown, headings, hit.section.anchor)), hit.section.path.at(-1)));
    // A lead that only repeats the title (or is empty) says nothing; the matching words are further down.
    candidates.push(markdownToText(stripFrontmatter(markdown)));
  }
  candidates.push(hit.document.summary);
  const snippets = candidates.filter((text) => text.trim()).map((text) => makeSnippet(text, hit.terms, max));
  return snippets.find((s) => s.highlights.length > 0) ?? snippets[0] ?? { text: '', highlights: [] };
}

function stripHeading(text: string, heading: string | undefined): string {
  return heading && text.startsWith(heading) ? text.slice(heading.length).trim() : text;
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
  const last = rest.split('/').filter((s) => s && s !== 'docs' && !/^index(\.html?)?$/.test(s)).pop() ?? '';
  return last.replace(/\.(html?|md)$/, '').replace(/[-_]+/g, ' ').trim();
}

import type { LoadedSearch } from '../../src/lib/search/index-load.ts';
import { rankDocuments, searchSync, type MatchLevel, type SearchResult } from '../../src/lib/search/search.ts';
import { documentText } from '../../src/lib/search/snippet.ts';
import type { MarkdownOf } from './eval-corpus.ts';

/** One query as the evaluation sees it: ids best first, best section per id (anchor and heading), and whether the result claims a match. */
export interface EvalRun {
  ids: string[];
  sections: Map<string, string>;
  headings: Map<string, string>;
  match: MatchLevel;
}

/** How several phrasings are searched: fused by reciprocal rank (what the search does), or joined into one query. */
export type Fusion = 'rrf' | 'joined' | 'rrf+joined';

/**
 * Runs one query (with `also`, other phrasings of it) through the shared search, with the same limit (10) as the site
 * and MCP default, and the words each hit reports checked against its Markdown as the MCP server checks them.
 */
export function runEvalQuery(
  search: LoadedSearch,
  q: string,
  markdownOf: MarkdownOf,
  also: readonly string[] = [],
  fusion: Fusion = 'rrf',
): EvalRun & { result: SearchResult } {
  const joined = fusion === 'joined' && also.length > 0;
  const result = searchSync(search, joined ? [q, ...also].join(' ') : q, {
    limit: 10,
    ...(joined ? {} : { also: fusion === 'rrf+joined' && also.length ? [...also, [q, ...also].join(' ')] : also }),
    hitTextOf: markdownOf,
    textOf: (d) => {
      const markdown = markdownOf(d);
      return markdown === undefined ? undefined : documentText(d, markdown);
    },
  });
  const hits = result.hits;
  return {
    ids: hits.map((h) => h.document.id),
    sections: new Map(hits.map((h) => [h.document.id, h.section.anchor])),
    headings: new Map(hits.map((h) => [h.document.id, h.section.path.at(-1) ?? ''])),
    match: result.match,
    result,
  };
}

/**
 * Other phrasings per query from a phrasings file: `{ "queries": [{ "q": …, "phrasings": […] }] }`, a list of such
 * entries, or an object from query to phrasings (an entry's list may also be called `rewrites`, `also` or `queries`).
 */
export function parsePhrasings(raw: unknown): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const strings = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
  const entries = Array.isArray(raw)
    ? raw
    : raw && typeof raw === 'object' && Array.isArray((raw as { queries?: unknown }).queries)
      ? (raw as { queries: unknown[] }).queries
      : undefined;
  if (entries) {
    for (const e of entries) {
      if (!e || typeof e !== 'object') continue;
      const r = e as Record<string, unknown>;
      const q = typeof r.q === 'string' ? r.q : typeof r.query === 'string' ? r.query : undefined;
      if (q !== undefined) out.set(q, strings(r.phrasings ?? r.rewrites ?? r.also ?? r.queries));
    }
  } else if (raw && typeof raw === 'object') {
    for (const [q, v] of Object.entries(raw as Record<string, unknown>)) out.set(q, strings(v));
  }
  return out;
}

/**
 * Where the first stage (whole documents, before section scoring) puts the best of `expected`: 1-based, or undefined when
 * it matches none. A miss ranked past the section stage's depth is the candidate pool's; one inside it, the ranking's.
 */
export function firstStageRank(search: LoadedSearch, q: string, expected: readonly string[]): number | undefined {
  const at = rankDocuments(search, q).ranked.findIndex((m) => expected.includes(search.documents[m.doc]!.id));
  return at < 0 ? undefined : at + 1;
}

import type { LoadedSearch } from '../../src/lib/search/index-load.ts';
import { rankDocuments, searchSync, type MatchLevel, type SearchResult } from '../../src/lib/search/search.ts';
import { documentText } from '../../src/lib/search/snippet.ts';
import { fuseRanked, phrasingsOf } from '../../src/lib/search/fuse.ts';
import { matchLevel } from '../../src/lib/search/coverage.ts';
import { FUSE_DEPTH } from '../../src/lib/search/ranking.ts';
import type { SearchDocument } from '../../src/lib/search/index-schema.ts';
import type { MarkdownOf } from './eval-corpus.ts';

/** One query as the evaluation sees it: ids best first, best section per id (anchor and heading), and whether the result claims a match. */
export interface EvalRun {
  ids: string[];
  sections: Map<string, string>;
  headings: Map<string, string>;
  match: MatchLevel;
}

/** How several phrasings are searched: joined into one query (what the search does), or each alone and fused by reciprocal rank (the baseline). */
export type Fusion = 'joined' | 'rrf';

/**
 * Runs one query (with `also`, other phrasings of it) through the shared search, with the same limit (10) as the site
 * and MCP default, and the words each hit reports checked against its Markdown as the MCP server checks them.
 */
export function runEvalQuery(
  search: LoadedSearch,
  q: string,
  markdownOf: MarkdownOf,
  also: readonly string[] = [],
  fusion: Fusion = 'joined',
): EvalRun & { result: SearchResult } {
  const options = {
    hitTextOf: markdownOf,
    textOf: (d: SearchDocument) => {
      const markdown = markdownOf(d);
      return markdown === undefined ? undefined : documentText(d, markdown);
    },
  };
  const result = fusion === 'rrf' && also.length ? fusedByRank(search, phrasingsOf(q, also), options) : searchSync(search, q, { limit: 10, also, ...options });
  const hits = result.hits;
  return {
    ids: hits.map((h) => h.document.id),
    sections: new Map(hits.map((h) => [h.document.id, h.section.anchor])),
    headings: new Map(hits.map((h) => [h.document.id, h.section.path.at(-1) ?? ''])),
    match: result.match,
    result,
  };
}

/** Each phrasing searched alone, its first FUSE_DEPTH hits fused by reciprocal rank (the hit and match of its best phrasing). */
function fusedByRank(search: LoadedSearch, phrasings: readonly string[], options: Parameters<typeof searchSync>[2]): SearchResult {
  const results = phrasings.map((p) => searchSync(search, p, { ...options, limit: FUSE_DEPTH }));
  const byId = results.map((r) => new Map(r.hits.map((h) => [h.document.id, h])));
  const hits = fuseRanked(
    results.map((r) => r.hits),
    (h) => h.document.id,
  )
    .slice(0, 10)
    .map((f) => ({ ...f.best, coverage: Math.max(...[...f.ranks.keys()].map((p) => byId[p]!.get(f.key)!.coverage)) }));
  const best = Math.max(0, ...hits.map((h) => h.coverage));
  return { ...results[0]!, phrasings: [...phrasings], hits, match: matchLevel(hits.length ? best : undefined) };
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

import type { LoadedSearch } from '../../src/lib/search/envelope.ts';
import { isMiss } from '../../src/lib/misses/misses.ts';
import { searchDocuments, type MarkdownOf } from '../../src/lib/search/search.ts';

/** One query as the evaluation sees it: ids best first, best section per id, and whether the result claims a match. */
export interface EvalRun {
  ids: string[];
  sections: Map<string, string>;
  match: 'none' | 'partial' | 'full';
}

/** Runs one query through the shared search, with the same limit (10) as the site and MCP default. */
export function runEvalQuery(search: LoadedSearch, q: string, markdownOf: MarkdownOf): EvalRun {
  const hits = searchDocuments(search, q, {}, 10, markdownOf);
  // Before `match` existed, the only signal of a weak result was the miss log's score threshold.
  const match = isMiss(hits.length, hits[0]?.score) ? 'none' : 'full';
  return { ids: hits.map((h) => h.document.id), sections: new Map(hits.map((h) => [h.document.id, h.section.anchor])), match };
}

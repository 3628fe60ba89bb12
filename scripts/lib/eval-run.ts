import type { LoadedSearch } from '../../src/lib/search/index-load.ts';
import { rankDocuments, searchSync, type MatchLevel } from '../../src/lib/search/search.ts';
import { documentText } from '../../src/lib/search/snippet.ts';
import type { MarkdownOf } from './eval-corpus.ts';

/** One query as the evaluation sees it: ids best first, best section per id (anchor and heading), and whether the result claims a match. */
export interface EvalRun {
  ids: string[];
  sections: Map<string, string>;
  headings: Map<string, string>;
  match: MatchLevel;
}

/** Runs one query through the shared search, with the same limit (10) as the site and MCP default. */
export function runEvalQuery(search: LoadedSearch, q: string, markdownOf: MarkdownOf): EvalRun {
  const result = searchSync(search, q, {
    limit: 10,
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
  };
}

/**
 * Where the first stage (whole documents, before section scoring) puts the best of `expected`: 1-based, or undefined when
 * it matches none. A miss ranked past the section stage's depth is the candidate pool's; one inside it, the ranking's.
 */
export function firstStageRank(search: LoadedSearch, q: string, expected: readonly string[]): number | undefined {
  const at = rankDocuments(search, q).ranked.findIndex((m) => expected.includes(search.documents[m.doc]!.id));
  return at < 0 ? undefined : at + 1;
}

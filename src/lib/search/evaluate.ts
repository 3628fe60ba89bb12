import * as z from 'zod';

/** One labelled query: the documents that answer it and, optionally, the section. */
export const EvalQuerySchema = z.object({
  q: z.string().min(1),
  kind: z.enum(['keyword', 'question', 'spacing', 'mixed', 'english', 'typo', 'paraphrase', 'section']),
  expected: z.array(z.string()).min(1),
  section: z.string().optional(),
});
export const EvalSetSchema = z.object({ corpus: z.string(), queries: z.array(EvalQuerySchema).min(1) });
export type EvalQuery = z.output<typeof EvalQuerySchema>;

/** A ranker's answer: ids best first, and the best section anchor per id when it knows one. */
export interface Ranking {
  ids: string[];
  sections?: Map<string, string>;
}

/** recall@1, recall@5, MRR@10 and (for queries with a section) the share whose first hit points at it. */
export interface Metrics {
  count: number;
  recall1: number;
  recall5: number;
  mrr10: number;
  sectionAccuracy: number | null;
}

/** Scores a ranker over labelled queries, overall and per kind. */
export function evaluate(
  queries: readonly EvalQuery[],
  rank: (q: string) => Ranking,
): { overall: Metrics; byKind: Record<string, Metrics>; misses: { q: string; kind: string; got: string[] }[] } {
  const rows = queries.map((query) => {
    const r = rank(query.q);
    const pos = r.ids.slice(0, 10).findIndex((id) => query.expected.includes(id));
    const sectionHit = query.section === undefined ? null : r.ids[0] === query.expected[0] && r.sections?.get(r.ids[0]!) === query.section;
    return { query, pos, sectionHit, got: r.ids.slice(0, 3) };
  });
  const metrics = (subset: typeof rows): Metrics => {
    const n = subset.length || 1;
    const withSection = subset.filter((r) => r.sectionHit !== null);
    return {
      count: subset.length,
      recall1: round(subset.filter((r) => r.pos === 0).length / n),
      recall5: round(subset.filter((r) => r.pos >= 0 && r.pos < 5).length / n),
      mrr10: round(subset.reduce((s, r) => s + (r.pos >= 0 ? 1 / (r.pos + 1) : 0), 0) / n),
      sectionAccuracy: withSection.length ? round(withSection.filter((r) => r.sectionHit).length / withSection.length) : null,
    };
  };
  const kinds = [...new Set(queries.map((q) => q.kind))];
  return {
    overall: metrics(rows),
    byKind: Object.fromEntries(kinds.map((k) => [k, metrics(rows.filter((r) => r.query.kind === k))])),
    misses: rows.filter((r) => r.pos !== 0).map((r) => ({ q: r.query.q, kind: r.query.kind, got: r.got })),
  };
}

function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}

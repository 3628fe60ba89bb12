import * as z from 'zod';

export { isMiss, WEAK_BEST_SCORE } from './miss-rule.ts';
/** Longest query kept in the log; longer ones are cut. */
export const MAX_MISS_QUERY = 500;
/** Largest accepted POST body of `/_wiki/miss`, in bytes. */
export const MAX_MISS_BODY = 4096;

/** Filters a search ran with; only names, never who searched. */
export const MissFiltersSchema = z.strictObject({
  /** Project filter, if any. */
  project: z.string().max(100).optional(),
  /** Category filter, if any. */
  category: z.string().max(100).optional(),
  /** Tag filters, if any. */
  tags: z.array(z.string().max(100)).max(20).optional(),
});

/** What the site's search client posts to `/_wiki/miss`. */
export const MissReportSchema = z.strictObject({
  /** The query as typed. */
  query: z.string().trim().min(1).max(MAX_MISS_QUERY),
  /** Filters in effect. */
  filters: MissFiltersSchema.default({}),
  /** How many results were shown. */
  resultCount: z.number().int().min(0).max(100_000),
  /** Score of the best result, or null when there was none. */
  bestScore: z.number().finite().nullable().default(null),
  /** The search's own verdict (`match` of its result): whether any hit covered the query's main terms. */
  match: z.enum(['none', 'partial', 'full']).optional(),
  /** Other phrasings searched with the query in the same call (an AI's rewrites through MCP), each cut like the query. */
  also: z.array(z.string().max(MAX_MISS_QUERY)).max(4).optional(),
});
export type MissReport = z.output<typeof MissReportSchema>;

/** One line of the miss log (JSON Lines). */
export const MissEntrySchema = MissReportSchema.extend({
  /** When, ISO 8601. */
  time: z.iso.datetime(),
  /** Which search: the MCP tool or the website. */
  source: z.enum(['mcp', 'site']),
});
export type MissEntry = z.output<typeof MissEntrySchema>;

/** The log line of a miss. */
export function toMissLine(report: MissReport, source: MissEntry['source'], time: string): string {
  const entry: MissEntry = {
    time,
    source,
    query: report.query.slice(0, MAX_MISS_QUERY),
    filters: report.filters,
    resultCount: report.resultCount,
    bestScore: report.bestScore,
    ...(report.match ? { match: report.match } : {}),
    ...(report.also?.length ? { also: report.also.map((q) => q.slice(0, MAX_MISS_QUERY)) } : {}),
  };
  return `${JSON.stringify(entry)}\n`;
}

/** The form queries are grouped by: NFC, lowercase, punctuation dropped, spaces collapsed. */
export function normalizeQuery(query: string): string {
  return query
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .replace(/\s+/g, ' ');
}

/** Parses a JSON Lines log; bad lines are counted, not thrown. */
export function parseMissLog(text: string): { entries: MissEntry[]; skipped: number } {
  const entries: MissEntry[] = [];
  let skipped = 0;
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    try {
      const parsed = MissEntrySchema.safeParse(JSON.parse(line));
      if (parsed.success) entries.push(parsed.data);
      else skipped++;
    } catch {
      skipped++;
    }
  }
  return { entries, skipped };
}

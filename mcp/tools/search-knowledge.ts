import type { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { MAX_FILTER_TAGS, MAX_NAME_CHARS, MAX_SEARCH_OFFSET } from '../support/limits.ts';
import { MAX_MISS_QUERY, type MissReport } from '../../src/lib/misses/misses.ts';
import { MAX_QUERY_LENGTH, search, type SearchResult } from '../../src/lib/search/search.ts';
import { MAX_PHRASINGS } from '../../src/lib/search/fuse.ts';
import { day, docRef, DocumentRefSchema, fail, fitted, ok, READ_ONLY, type ToolDeps } from './common.ts';
import { checkName, checkTags } from './filters.ts';
import type { ArtifactSet } from '../artifacts.ts';

const SNIPPET_CHARS = 300;
/** Phrasings an AI may add to the query (the search takes five in all). */
const MAX_ALSO = MAX_PHRASINGS - 1;
/** Longest phrasing in `also`: a phrasing is a few words, not a passage. */
const MAX_PHRASING_CHARS = 500;

export const SearchKnowledgeInputSchema = z.object({
  query: z
    .string()
    .max(MAX_QUERY_LENGTH, {
      error: (iss) =>
        `query is ${(iss.input as string).length} characters; the limit is ${MAX_QUERY_LENGTH}. Search with a few key words instead of a whole passage.`,
    })
    .describe('The user\'s own words, as asked (e.g. "배포 롤백", "search tokenizer"). Max 4,000 characters.'),
  also: z
    .array(
      z.string().max(MAX_PHRASING_CHARS, { error: `each phrasing in also is at most ${MAX_PHRASING_CHARS} characters; send a few key words per phrasing.` }),
    )
    .max(MAX_ALSO, { error: `also takes at most ${MAX_ALSO} phrasings.` })
    .optional()
    .describe(
      `Up to ${MAX_ALSO} more phrasings of the same question, searched with the query and fused: the words the wiki itself would use, in Korean and in English, and the identifiers the answer would contain (API names, file names, config keys), e.g. ["State 끌어올리기 공통 부모", "lifting state up", "useState props"].`,
    ),
  project: z.string().max(MAX_NAME_CHARS).optional().describe(`Only this project (see list_projects; at most ${MAX_NAME_CHARS} characters).`),
  category: z.string().max(MAX_NAME_CHARS).optional().describe(`Only this category, e.g. guide, policy, decision (at most ${MAX_NAME_CHARS} characters).`),
  tags: z
    .array(z.string().max(MAX_NAME_CHARS))
    .max(MAX_FILTER_TAGS)
    .optional()
    .describe(`Only documents carrying all of these tags (at most ${MAX_FILTER_TAGS} tags of ${MAX_NAME_CHARS} characters).`),
  limit: z.number().int().min(1).max(50).default(10).describe('Maximum hits (1-50, default 10).'),
  offset: z
    .number()
    .int()
    .min(0)
    .max(MAX_SEARCH_OFFSET, { error: `offset is past ${MAX_SEARCH_OFFSET}; hits that far down are no answer. Search with other or more words instead.` })
    .default(0)
    .describe(`Hits to skip, to read on (next_offset of the previous call, with the same query, filters and limit; 0-${MAX_SEARCH_OFFSET}, default 0).`),
});

const HitSchema = DocumentRefSchema.extend({
  score: z.number().describe('Relevance; only meaningful relative to the other hits.'),
  section: z
    .object({ anchor: z.string(), path: z.array(z.string()) })
    .describe('Best-matching section: heading anchor ("" = top of the page) and heading path.'),
  snippet: z.string().describe('About 300 characters of that section around the matched words.'),
  matched_terms: z
    .array(z.string())
    .describe("Words of the query (and of also) this document's text contains, as written or in the spelling spelled_as names."),
  spelled_as: z
    .array(z.object({ term: z.string(), as: z.string() }))
    .describe("Matched words the text spells otherwise: the word as sent, and what the text says (another form, its English or Korean, a typo's correction)."),
  coverage: z.number().min(0).max(1).describe('Share of the best-covered phrasing this document covers, weighted by how rare each word is (1 = every word).'),
  found_by: z
    .array(z.number().int())
    .describe(
      'Which phrasings this hit answers (0 = query, 1… = also[0]…): those whose words it has, at least in part; else the ones it covers best; empty when it has no whole word of any.',
    ),
});

export const SearchKnowledgeOutputSchema = z.object({
  query: z.string(),
  match: z
    .enum(['none', 'partial', 'full'])
    .describe(
      '"full" when some hit covers the query\'s main terms; "partial" when hits cover only part of them; "none" when nothing does (hits, if any, are weak).',
    ),
  results: z.array(HitSchema),
  offset: z.number().int().describe('Hits skipped before the first result.'),
  total: z.number().int().describe('Documents the query matches under the filters, in all.'),
  truncated: z.number().int().describe('Hits of this page left out to stay under the size limit (0 normally); next_offset continues with them.'),
  next_offset: z.number().int().nullable().describe('Pass as offset (same query, filters and limit) for the hits after these; null when there are no more.'),
});

export type SearchKnowledgeOutput = z.output<typeof SearchKnowledgeOutputSchema>;

/** Whether this process has compiled the tool's schemas yet (see compileSchemas). */
let compiled = false;

/**
 * zod compiles an object schema's parser the first time it parses one (8 ms for this tool's output here), and the SDK
 * parses every call's arguments and answer: done once per process as soon as a build is in, with a hit of that build,
 * rather than in the first search_knowledge answer.
 */
function compileSchemas(set: ArtifactSet): void {
  if (compiled) return;
  compiled = true;
  const entry = set.catalog.documents[0];
  const hit = entry && {
    ...docRef(entry),
    score: 1,
    section: { anchor: '', path: [] },
    snippet: '',
    matched_terms: [],
    spelled_as: [],
    coverage: 1,
    found_by: [0],
  };
  SearchKnowledgeInputSchema.safeParse({ query: 'warm' });
  SearchKnowledgeOutputSchema.safeParse({ query: 'warm', match: 'none', results: hit ? [hit] : [], offset: 0, total: 1, truncated: 0, next_offset: null });
}

/** Registers `search_knowledge`: the website's own ranking (shared searchDocuments) plus section snippets. */
export function registerSearchKnowledgeTool(server: McpServer, deps: ToolDeps): void {
  if (!compiled) {
    void (deps.loading ?? Promise.resolve()).then(() => compileSchemas(deps.artifacts())).catch(() => undefined);
  }
  server.registerTool(
    'search_knowledge',
    {
      title: 'Search the wiki',
      description:
        "Full-text search over the team wiki (Korean and English), ranked like the website search. Pass the user's words as query and, in also, up to four phrasings of your own: the words the wiki itself would use for the answer, in Korean and in English, and the identifiers the answer would contain (API names, file names, config keys). Lexical search cannot bridge words a page never uses; your phrasings can. One call searches them together (ranked as one query, judged phrasing by phrasing); do not make one call per phrasing. Returns ids, titles, URIs, site URLs and a ~300 character snippet of the best-matching section; matched_terms lists only words the hit's text really contains (spelled_as names another spelling). Then call read_knowledge with an id (and section anchor). When next_offset is not null, call again with offset=next_offset (same query and also) for more hits.",
      inputSchema: SearchKnowledgeInputSchema,
      outputSchema: SearchKnowledgeOutputSchema,
      annotations: READ_ONLY,
    },
    async (args) => {
      const set = deps.artifacts();
      const query = args.query.trim();
      if (!query) return fail('query is empty. Pass a few words to search for, or call list_knowledge to browse.');
      if (args.query.length > MAX_QUERY_LENGTH) {
        return fail(`query is ${args.query.length} characters; the limit is ${MAX_QUERY_LENGTH}. Search with a few key words instead of a whole passage.`);
      }
      const bad = checkName(set, 'project', args.project) ?? checkName(set, 'category', args.category) ?? checkTags(set, 'tag', args.tags);
      if (bad) return bad;
      const also = (args.also ?? []).map((p) => p.trim()).filter(Boolean);
      const result = await search(set.search, query, {
        also,
        // Every reported word is checked against the hit's Markdown, the text read_knowledge returns.
        hitText: (d) => set.markdown.get(d.id),
        filters: { project: args.project, category: args.category, tags: args.tags },
        limit: args.limit,
        offset: args.offset,
        // The same snippet text the site fetches from `_wiki/search/text/`, cut from the same Markdown by the same function.
        loadText: (d) => set.markdown.sectionTexts(d),
        snippetLength: SNIPPET_CHARS,
      });
      // A later page is the same search read on, not another one to log.
      if (deps.misses && args.offset === 0) void deps.misses.record(missReport(query, also, args, result), 'mcp');
      if (args.offset > 0 && args.offset >= result.total) {
        return fail(`offset ${args.offset} is past the last hit (${result.total} for "${query.slice(0, 100)}"). Start again with offset 0.`);
      }
      const results = result.hits.flatMap((h) => {
        const entry = set.byId.get(h.document.id);
        return entry
          ? [
              {
                ...docRef(entry),
                score: h.score,
                section: h.section,
                snippet: h.snippet.text,
                matched_terms: h.matchedTerms,
                spelled_as: h.spelledAs ?? [],
                coverage: h.coverage,
                found_by: h.foundBy ?? [0],
              },
            ]
          : [];
      });
      return fitted(results, (kept, dropped) => {
        const lines = kept.map((r, i) => {
          const where = r.section.path.length ? ` § ${r.section.path.join(' > ')}` : '';
          const spelled = new Map(r.spelled_as.map((s) => [s.term, s.as]));
          const words = r.matched_terms.map((t) => (spelled.has(t) ? `${t} (as ${spelled.get(t)})` : t)).join(' ');
          const covered = result.match === 'full' ? '' : `, matched ${words || 'no main term'}`;
          const by =
            result.phrasings.length > 1 ? `, found by ${r.found_by.map((p) => (p ? `also[${p - 1}]` : 'query')).join(' ') || 'pieces of words only'}` : '';
          return `${args.offset + i + 1}. ${r.id} — ${r.title} (${r.project}/${r.category}, ${day(r.updatedAt)}, score ${r.score}${covered}${by})${where}\n   ${r.snippet}`;
        });
        const end = args.offset + kept.length;
        const next_offset = end < result.total ? end : null;
        const text = kept.length
          ? `${MATCH_LINE[result.match]}${hitsLine(query, args.offset, kept.length, result.total)}\n${lines.join('\n')}${moreLine(dropped, next_offset, result.total)}\nRead one with read_knowledge(document_id, section).`
          : `No documents match "${query.slice(0, 100)}". Try fewer or other words (synonyms, English/Korean), drop filters, or browse with list_knowledge.`;
        return ok({ query, match: result.match, results: [...kept], offset: args.offset, total: result.total, truncated: dropped, next_offset }, text);
      });
    },
  );
}

/** "3 hits for …" on a first page, "hits 21-40 of 73 for …" on a later one. */
function hitsLine(query: string, offset: number, count: number, total: number): string {
  const what = offset ? `hits ${offset + 1}-${offset + count} of ${total}` : `${count} ${count === 1 ? 'hit' : 'hits'}`;
  return `${what} for "${query.slice(0, 100)}":`;
}

/** What is left and how to get it: the hits the size cap dropped from this page, or the ones after it. */
function moreLine(dropped: number, next: number | null, total: number): string {
  if (next === null) return '';
  if (dropped)
    return `\n${dropped} more ${dropped === 1 ? 'hit' : 'hits'} of this page left out to stay under the size limit: call search_knowledge again with offset=${next} (same query, filters and limit) for them.`;
  return `\n${total - next} more ${total - next === 1 ? 'hit' : 'hits'}: call again with offset=${next} for the next ones.`;
}

/** The one line that tells the model how far to trust the hits below it. */
const MATCH_LINE: Record<SearchResult['match'], string> = {
  full: '',
  partial: 'No document matches every main term of the query; the hits below match only part of it.\n',
  none: "No document matches the query's main terms; the hits below are weak and probably not what was asked for.\n",
};

/** The miss-log view of one search: the query, its filters, how many hits, the best score and the search's verdict. */
function missReport(
  query: string,
  also: readonly string[],
  args: { project?: string | undefined; category?: string | undefined; tags?: string[] | undefined },
  result: SearchResult,
): MissReport {
  const filters = {
    ...(args.project ? { project: args.project } : {}),
    ...(args.category ? { category: args.category } : {}),
    ...(args.tags?.length ? { tags: args.tags } : {}),
  };
  return {
    query: query.slice(0, MAX_MISS_QUERY),
    filters,
    resultCount: result.hits.length,
    bestScore: result.hits[0]?.score ?? null,
    match: result.match,
    ...(also.length ? { also: also.map((p) => p.slice(0, MAX_MISS_QUERY)) } : {}),
  };
}

import type { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { MAX_CURSOR_CHARS, MAX_DATE_CHARS, MAX_NAME_CHARS } from '../support/limits.ts';
import { decodeCursor, encodeCursor } from '../support/paging.ts';
import { day, docRef, DocumentRefSchema, fail, fitted, ok, READ_ONLY, type ToolDeps } from './common.ts';
import { checkName, checkTags, dateWindow } from './filters.ts';

export const ListKnowledgeInputSchema = z.object({
  project: z.string().max(MAX_NAME_CHARS).optional().describe(`Only documents of this project (see list_projects; at most ${MAX_NAME_CHARS} characters).`),
  category: z.string().max(MAX_NAME_CHARS).optional().describe(`Only this category, e.g. guide, policy, decision (at most ${MAX_NAME_CHARS} characters).`),
  tag: z.string().max(MAX_NAME_CHARS).optional().describe(`Only documents carrying this tag (at most ${MAX_NAME_CHARS} characters).`),
  updated_after: z
    .string()
    .max(MAX_DATE_CHARS)
    .optional()
    .describe(`Only documents updated on or after this date (YYYY-MM-DD or ISO 8601; at most ${MAX_DATE_CHARS} characters).`),
  updated_before: z
    .string()
    .max(MAX_DATE_CHARS)
    .optional()
    .describe(`Only documents updated on or before this date (YYYY-MM-DD or ISO 8601; at most ${MAX_DATE_CHARS} characters).`),
  limit: z.number().int().min(1).max(100).default(20).describe('Rows per page (1-100, default 20).'),
  cursor: z
    .string()
    .max(MAX_CURSOR_CHARS)
    .optional()
    .describe(`next_cursor from the previous page; omit for the first page (at most ${MAX_CURSOR_CHARS} characters).`),
});

export const ListKnowledgeOutputSchema = z.object({
  documents: z.array(DocumentRefSchema.extend({ summary: z.string() })),
  total: z.number().int().describe('Documents matching the filters, over all pages.'),
  // min(1) is true of every cursor and makes zod emit anyOf instead of a type array, which more clients accept.
  next_cursor: z.string().min(1).nullable().describe('Pass as cursor for the next page; null on the last page.'),
});

/** Registers `list_knowledge`: metadata rows, newest first, paged with an opaque cursor. */
export function registerListKnowledgeTool(server: McpServer, deps: ToolDeps): void {
  server.registerTool(
    'list_knowledge',
    {
      title: 'List wiki documents',
      description:
        'Lists document metadata (id, title, project, category, tags, dates, summary), newest update first, filtered by project, category, tag or update dates. Use it to browse; use search_knowledge to find documents about a topic. Pages with next_cursor.',
      inputSchema: ListKnowledgeInputSchema,
      outputSchema: ListKnowledgeOutputSchema,
      annotations: READ_ONLY,
    },
    async (args) => {
      const set = deps.artifacts();
      const bad =
        checkName(set, 'project', args.project) ??
        checkName(set, 'category', args.category) ??
        checkTags(set, 'tag', args.tag === undefined ? undefined : [args.tag]);
      if (bad) return bad;
      const window = dateWindow('updated_after', args.updated_after, 'updated_before', args.updated_before);
      if ('content' in window) return window;
      const start = args.cursor === undefined ? { ok: true as const, offset: 0 } : decodeCursor(args.cursor, set.manifest.buildId);
      if (!start.ok) return fail(start.error);
      const rows = set.catalog.documents
        .filter((d) => (!args.project || d.project === args.project) && (!args.category || d.category === args.category))
        .filter((d) => !args.tag || d.tags.includes(args.tag))
        .filter((d) => {
          const t = Date.parse(d.updatedAt);
          return t >= window.from && t <= window.to;
        })
        .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || a.id.localeCompare(b.id));
      const page = rows.slice(start.offset, start.offset + args.limit).map((d) => ({ ...docRef(d), summary: d.summary }));
      return fitted(page, (kept) => {
        const end = start.offset + kept.length;
        const next_cursor = end < rows.length ? encodeCursor(end, set.manifest.buildId) : null;
        const lines = kept.map((d) => `- ${d.id} | ${d.title} | ${d.project}/${d.category} | ${day(d.updatedAt)} | ${d.tags.join(', ')}`);
        const more = next_cursor ? `\nMore: call again with cursor "${next_cursor}".` : '';
        const text = `${rows.length} ${rows.length === 1 ? 'document matches' : 'documents match'}; showing ${start.offset + 1}-${end}:\n${lines.join('\n')}${more}`;
        return ok(
          { documents: kept, total: rows.length, next_cursor },
          rows.length ? text : 'No documents match these filters. Loosen them, or call list_projects to see what exists.',
        );
      });
    },
  );
}

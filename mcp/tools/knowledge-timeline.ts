import type { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { MAX_CURSOR_CHARS, MAX_DATE_CHARS, MAX_NAME_CHARS } from '../support/limits.ts';
import { decodeCursor, encodeCursor } from '../support/paging.ts';
import { day, docRef, DocumentRefSchema, fail, fitted, ok, READ_ONLY, type ToolDeps } from './common.ts';
import { checkName, dateWindow } from './filters.ts';

export const KnowledgeTimelineOutputSchema = z.object({
  from: z.string(),
  to: z.string(),
  changes: z.array(
    DocumentRefSchema.extend({
      createdAt: z.string(),
      change: z.enum(['created', 'updated', 'created and updated']).describe('What happened to the document inside the window.'),
      summary: z.string(),
    }),
  ),
  total: z.number().int().describe('Documents changed in the window, over all pages.'),
  next_cursor: z.string().min(1).nullable().describe('Pass as cursor for the next page; null on the last page.'),
});

/** Registers `knowledge_timeline`: every document created or updated in a window, not just top matches. */
export function registerKnowledgeTimelineTool(server: McpServer, deps: ToolDeps): void {
  server.registerTool(
    'knowledge_timeline',
    {
      title: 'What changed in the wiki',
      description:
        'Lists every document created or updated between two dates (inclusive), newest change first, optionally for one project. Use it for "what changed between these dates" questions; it is complete, not ranked. Pages with next_cursor.',
      inputSchema: z.object({
        from: z.string().max(MAX_DATE_CHARS).describe(`Start date, inclusive (YYYY-MM-DD or ISO 8601; at most ${MAX_DATE_CHARS} characters).`),
        to: z.string().max(MAX_DATE_CHARS).describe(`End date, inclusive (YYYY-MM-DD means the whole day, UTC; at most ${MAX_DATE_CHARS} characters).`),
        project: z.string().max(MAX_NAME_CHARS).optional().describe(`Only this project (see list_projects; at most ${MAX_NAME_CHARS} characters).`),
        limit: z.number().int().min(1).max(100).default(50).describe('Rows per page (1-100, default 50).'),
        cursor: z.string().max(MAX_CURSOR_CHARS).optional().describe(`next_cursor from the previous page (at most ${MAX_CURSOR_CHARS} characters).`),
      }),
      outputSchema: KnowledgeTimelineOutputSchema,
      annotations: READ_ONLY,
    },
    async (args) => {
      const set = deps.artifacts();
      const bad = checkName(set, 'project', args.project);
      if (bad) return bad;
      const window = dateWindow('from', args.from, 'to', args.to);
      if ('content' in window) return window;
      const start = args.cursor === undefined ? { ok: true as const, offset: 0 } : decodeCursor(args.cursor, set.manifest.buildId);
      if (!start.ok) return fail(start.error);
      const inside = (iso: string) => Date.parse(iso) >= window.from && Date.parse(iso) <= window.to;
      const rows = set.catalog.documents
        .filter((d) => !args.project || d.project === args.project)
        .flatMap((d) => {
          const created = inside(d.createdAt);
          const updated = inside(d.updatedAt) && d.updatedAt !== d.createdAt;
          if (!created && !updated) return [];
          const change = created && updated ? ('created and updated' as const) : created ? ('created' as const) : ('updated' as const);
          return [{ ...docRef(d), createdAt: d.createdAt, change, summary: d.summary, at: updated ? d.updatedAt : d.createdAt }];
        })
        .sort((a, b) => b.at.localeCompare(a.at) || a.id.localeCompare(b.id))
        .map(({ at: _at, ...row }) => row);
      const page = rows.slice(start.offset, start.offset + args.limit);
      return fitted(page, (kept) => {
        const end = start.offset + kept.length;
        const next_cursor = end < rows.length ? encodeCursor(end, set.manifest.buildId) : null;
        const lines = kept.map(
          (r) => `- ${day(r.change === 'created' ? r.createdAt : r.updatedAt)} ${r.change}: ${r.id} — ${r.title} (${r.project}/${r.category})`,
        );
        const more = next_cursor ? `\nMore: call again with cursor "${next_cursor}".` : '';
        const text = rows.length
          ? `${rows.length} documents changed between ${args.from} and ${args.to}:\n${lines.join('\n')}${more}`
          : `No document was created or updated between ${args.from} and ${args.to}. Widen the window or call list_knowledge for the newest documents.`;
        return ok({ from: args.from, to: args.to, changes: [...kept], total: rows.length, next_cursor }, text);
      });
    },
  );
}

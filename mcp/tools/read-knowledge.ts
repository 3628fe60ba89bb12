import type { CallToolResult, McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { MAX_ID_CHARS, MAX_SECTION_CHARS } from '../support/limits.ts';
import type { CatalogEntry } from '../../src/lib/artifacts/schema.ts';
import { charWindow } from '../support/paging.ts';
import { headingBySlugRule } from '../../src/lib/markdown/heading-anchors.ts';
import { headingBelowAnchor } from '../../src/lib/markdown/html-anchors.ts';
import { findHeading, sliceSection } from '../../src/lib/markdown/sections.ts';
import { headingPath } from '../../src/lib/markdown/heading-path.ts';
import { day, fail, findDocument, fitted, isResult, MAX_RESULT_CHARS, ok, READ_ONLY, resultSize, uriOf, type ToolDeps } from './common.ts';

/** Markdown and structured copy both carry the text, so one page stays under half the result budget. */
const MAX_CHARS = 12_000;
const MAX_OUTLINE = 300;

export const ReadKnowledgeInputSchema = z.object({
  document_id: z
    .string()
    .max(MAX_ID_CHARS)
    .describe(
      `Document id, e.g. from search_knowledge or list_knowledge, or its file path as links in the Markdown write it ("guides/Setup.md"; at most ${MAX_ID_CHARS} characters).`,
    ),
  section: z
    .string()
    .max(MAX_SECTION_CHARS)
    .optional()
    .describe(
      `Read only this section: a heading anchor (from search hits), a heading path "Parent > Child", or heading text (at most ${MAX_SECTION_CHARS} characters).`,
    ),
  format: z.enum(['markdown', 'outline']).default('markdown').describe('markdown = the text; outline = the headings with anchors, to pick a section.'),
  offset: z.number().int().min(0).default(0).describe('Character offset to continue from (next_offset of the previous call).'),
  max_chars: z.number().int().min(200).max(MAX_CHARS).default(8000).describe(`Characters to return (200-${MAX_CHARS}, default 8000).`),
});

const OutlineItemSchema = z.object({ depth: z.number().int(), text: z.string(), anchor: z.string(), path: z.array(z.string()) });

export const ReadKnowledgeOutputSchema = z.object({
  id: z.string(),
  title: z.string(),
  uri: z.string(),
  url: z.string(),
  updatedAt: z.string(),
  format: z.enum(['markdown', 'outline']),
  section: z
    .object({ anchor: z.string(), path: z.array(z.string()) })
    .nullable()
    .describe('The section read; null for the whole document.'),
  content: z.string().describe('The Markdown (frontmatter included for the whole document) or the outline as text.'),
  outline: z.array(OutlineItemSchema).optional(),
  offset: z.number().int(),
  total_chars: z.number().int(),
  next_offset: z.number().int().nullable().describe('Pass as offset to read on; null when this is the end.'),
});

export type ReadKnowledgeOutput = z.output<typeof ReadKnowledgeOutputSchema>;

/** Registers `read_knowledge`: the main way to read (many clients never show resources to the model). */
export function registerReadKnowledgeTool(server: McpServer, deps: ToolDeps): void {
  server.registerTool(
    'read_knowledge',
    {
      title: 'Read a wiki document',
      description:
        'Reads one document as Markdown: whole, one section (by heading anchor, heading path "A > B" or heading text), or its outline. Long text comes in pages: when next_offset is not null, call again with offset=next_offset. Nothing is cut silently.',
      inputSchema: ReadKnowledgeInputSchema,
      outputSchema: ReadKnowledgeOutputSchema,
      annotations: READ_ONLY,
    },
    async (args) => {
      const set = deps.artifacts();
      const entry = findDocument(set, args.document_id);
      if (isResult(entry)) return entry;
      const base = { id: entry.id, title: entry.title, uri: uriOf(entry.id), url: entry.url, updatedAt: entry.updatedAt, format: args.format };
      let section: { anchor: string; path: string[] } | null = null;
      let index = -1;
      if (args.section !== undefined && args.section.trim() !== '') {
        // An anchor copied from a link in the Markdown may follow another tool's slug rule, or be a raw HTML anchor just
        // above a heading (`<a id="factory-ajv"></a>`), as the site's pages accept.
        const heading =
          findHeading(entry.headings, args.section) ??
          headingBySlugRule(entry.headings, args.section) ??
          headingBelowAnchor((await set.markdown.get(entry.id)) ?? '', entry.headings, args.section.trim().replace(/^#/, ''));
        if (!heading) return fail(noSection(entry, args.section));
        index = entry.headings.indexOf(heading);
        section = { anchor: heading.anchor, path: headingPath(entry.headings, index) };
      }
      if (args.format === 'outline') {
        // An outline is never paged; an offset meant for the Markdown would otherwise be dropped without a word.
        if (args.offset > 0) return fail('offset pages the Markdown; an outline comes whole. Drop offset, or use format "markdown".');
        return outlineResult(entry, { ...base, section }, index);
      }
      const markdown = (await set.markdown.get(entry.id)) ?? '';
      const text = section ? sliceSection(markdown, entry.headings, section.anchor) : markdown;
      if (args.offset > 0 && args.offset >= text.length) {
        return fail(`offset ${args.offset} is past the end (${text.length} characters). Start again with offset 0.`);
      }
      return pageResult(entry, { ...base, section }, text, args.offset, args.max_chars);
    },
  );
}

/** One page of `text`; JSON escaping can push a full page past the cap, so the window shrinks until it fits. */
function pageResult(
  entry: CatalogEntry,
  base: Record<string, unknown> & { section: { path: string[] } | null },
  text: string,
  offset: number,
  maxChars: number,
): CallToolResult {
  const where = base.section ? ` § ${base.section.path.join(' > ')}` : '';
  for (let max = maxChars; ;) {
    const page = charWindow(text, offset, max);
    const range = `characters ${offset}-${offset + page.text.length} of ${text.length}`;
    const more = page.next === null ? '' : `\n\n[… continues: call read_knowledge with offset=${page.next}]`;
    const header = `${entry.title} (${entry.id}${where}, updated ${day(entry.updatedAt)}, ${range})\n\n`;
    const result = ok({ ...base, content: page.text, offset, total_chars: text.length, next_offset: page.next }, `${header}${page.text}${more}`);
    const over = resultSize(result) - MAX_RESULT_CHARS;
    if (over <= 0 || max <= 200) return result;
    max = Math.max(200, max - Math.ceil(over / 2) - 50);
  }
}

/** The outline of the document, or with `index` (a heading's position) of that heading's section: it and the headings under it. */
function outlineResult(entry: CatalogEntry, base: Record<string, unknown> & { section: unknown }, index: number): CallToolResult {
  const { headings } = entry;
  const from = Math.max(0, index);
  let to = headings.length;
  if (index >= 0) {
    const next = headings.findIndex((h, i) => i > index && h.depth <= headings[index]!.depth);
    if (next >= 0) to = next;
  }
  const all = headings
    .slice(from, to)
    .slice(0, MAX_OUTLINE)
    .map((h, i) => ({ depth: h.depth, text: h.text, anchor: h.anchor, path: headingPath(headings, from + i) }));
  return fitted(all, (outline) => {
    const content = outline.map((h) => `${'  '.repeat(Math.max(0, h.depth - 2))}- ${h.text} (#${h.anchor})`).join('\n');
    const left = to - from - outline.length;
    const cut = left > 0 ? `\n(${left} more headings not shown; read the document in pages instead)` : '';
    const where = index >= 0 ? ` § ${headingPath(headings, index).join(' > ')}` : '';
    const text = `Outline of ${entry.title} (${entry.id}${where}); pass an anchor as section to read_knowledge:\n${content || '(no headings)'}${cut}`;
    return ok({ ...base, content, outline: [...outline], offset: 0, total_chars: content.length, next_offset: null }, text);
  });
}

function noSection(entry: CatalogEntry, wanted: string): string {
  const names = entry.headings
    .slice(0, 40)
    .map((h) => `"${h.anchor}"`)
    .join(', ');
  return `No section "${wanted.slice(0, 100)}" in ${entry.id}. Sections (anchors): ${names || 'none'}. Call read_knowledge with format "outline" to see the heading paths.`;
}

import type { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { WriteRefused } from '../../src/lib/write/protocol.ts';
import type { Writer } from '../write/writer.ts';
import { fail, ok, uriOf, type ToolDeps } from './common.ts';

/** Largest body accepted, in characters; wiki pages are far smaller, and this keeps the rebuild cheap. */
export const MAX_CONTENT_CHARS = 200_000;

export const RememberKnowledgeInputSchema = z.object({
  content: z
    .string()
    .min(1)
    .max(MAX_CONTENT_CHARS)
    .describe(
      'The Markdown body to save (no frontmatter): what was learned, decided or why something failed, with the context needed to use it later. At most 200,000 characters.',
    ),
  title: z.string().max(200).optional().describe('Document title. Default: the first "# " heading of content, else its first line. At most 200 characters.'),
  project: z
    .string()
    .max(100)
    .optional()
    .describe('Project (folder) to file it under, e.g. "search"; see list_projects. Default "general". At most 100 characters.'),
  category: z.string().max(50).optional().describe('Category, e.g. guide, decision, reference. Default "reference". At most 50 characters.'),
  tags: z
    .array(z.string().max(50))
    .max(20)
    .optional()
    .describe('Tags for filtering, e.g. ["배포", "롤백"]: one tag per item, written as is (no commas, no leading "#"). At most 20 tags of 50 characters.'),
  id: z
    .string()
    .max(200)
    .optional()
    .describe('Document id for a new document (lowercase, Korean allowed, "-" between words). Default: derived from the title. At most 200 characters.'),
  external_id: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .describe(
      'Your stable key for this piece of knowledge. Calling again with the same external_id updates that document instead of adding another. At most 200 characters.',
    ),
  revision: z
    .string()
    .max(100)
    .optional()
    .describe(
      'Only after an update was refused because the file changed on disk: the revision that refusal named, once you have read the current document and merged your content into it. It proves you saw that version; without it the refusal repeats. Every save returns the new revision too. At most 100 characters.',
    ),
  force: z
    .boolean()
    .default(false)
    .describe('Save even though a current document is at least 80% similar. Only after reading the similar documents and deciding this is really new.'),
});

const SimilarSchema = z.object({ id: z.string(), title: z.string(), similarity: z.number().describe('Cosine similarity 0-1 of the texts.'), uri: z.string() });

export const RememberKnowledgeOutputSchema = z.object({
  status: z.enum(['created', 'updated', 'unchanged']),
  id: z.string(),
  path: z.string().describe('Markdown file written, relative to the content folder.'),
  uri: z.string(),
  revision: z.string().describe('sha256 of the saved file; an update after someone edits the file on disk needs the newer revision.'),
  searchable: z.boolean().describe('Whether search_knowledge already finds it in this server.'),
  branch: z.string().optional().describe('Git branch the file was committed on (--git only).'),
  similar: z.array(SimilarSchema).describe('Similar documents that were overridden with force.'),
  note: z.string(),
});

/** Registers `remember_knowledge` (only when the server runs with --allow-write). */
export function registerRememberKnowledgeTool(server: McpServer, deps: ToolDeps & { writer: Writer }): void {
  server.registerTool(
    'remember_knowledge',
    {
      title: 'Save knowledge to the wiki',
      description:
        "Saves a Markdown document into the team wiki's content folder (reviewed in Git like any page). Call it only when the user explicitly asks to remember or save something. " +
        'It refuses near-duplicates (≥80% similar) and lists them: read those first and update one (same external_id) or pass force: true. Pass external_id to update the same document later; a leading "# heading" in content becomes the title (and is not repeated in the body), otherwise an update keeps the title. ' +
        "An update never overwrites an edit made on disk: it is refused with the file's current revision until you read the document again, merge, and call with that revision. An update cannot change project. The saved document is searchable at once.",
      inputSchema: RememberKnowledgeInputSchema,
      outputSchema: RememberKnowledgeOutputSchema,
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    async (args) => {
      if (!args.content.trim()) return fail('content is empty. Pass the Markdown text to save.');
      if (/^\uFEFF?---\r?\n/.test(args.content))
        return fail('content starts with a frontmatter block. Pass only the Markdown body, and title, project, category and tags as arguments.');
      let outcome;
      try {
        outcome = await deps.writer.remember({
          content: args.content,
          title: args.title,
          project: args.project,
          category: args.category,
          tags: args.tags,
          id: args.id,
          externalId: args.external_id,
          revision: args.revision,
          force: args.force,
        });
      } catch (e) {
        if (e instanceof WriteRefused) return fail(e.message);
        throw e;
      }
      const similar = outcome.similar.map((s) => ({ ...s, uri: uriOf(s.id) }));
      if (outcome.status === 'duplicate') {
        const lines = similar.map((s) => `- ${s.id} — ${s.title} (similarity ${s.similarity.toFixed(3)}, ${s.uri})`);
        return fail(
          `Not saved: ${similar.length} current document(s) are at least 80% similar:\n${lines.join('\n')}\n` +
            'Read them with read_knowledge. If one covers this, update it instead (call again with its external_id, or tell the user to edit it); if this is really new, call again with force: true.',
        );
      }
      const structured = {
        status: outcome.status,
        id: outcome.id,
        path: outcome.path,
        uri: uriOf(outcome.id),
        revision: outcome.revision,
        searchable: outcome.searchable,
        ...(outcome.branch ? { branch: outcome.branch } : {}),
        similar,
        note: outcome.note,
      };
      const branch = outcome.branch ? ` Committed on branch ${outcome.branch}.` : '';
      return ok(structured, `${outcome.status} ${outcome.id} (${outcome.path}, ${structured.uri}). ${outcome.note}${branch}`);
    },
  );
}

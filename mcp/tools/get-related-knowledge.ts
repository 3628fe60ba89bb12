import type { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { MAX_ID_CHARS } from '../support/limits.ts';
import { RELATED_LIMIT, RelationReasonSchema, type RelatedEntry } from '../../src/lib/wiki/relations.ts';
import { docRef, DocumentRefSchema, findDocument, isResult, ok, READ_ONLY, type ToolDeps } from './common.ts';

export const GetRelatedKnowledgeOutputSchema = z.object({
  document_id: z.string(),
  related: z.array(
    DocumentRefSchema.extend({
      reasons: z
        .array(RelationReasonSchema)
        .describe('related = listed in frontmatter; links-to / linked-from = wiki links; shared-tags; similar = similar wording.'),
      sharedTags: z.array(z.string()).optional(),
      similarity: z.number().optional().describe('Content similarity 0-1, when similar.'),
      score: z.number(),
      why: z.string().describe('The reasons in one sentence.'),
    }),
  ),
});

/** Registers `get_related_knowledge`: a document's neighbours with the reason each is related. */
export function registerGetRelatedKnowledgeTool(server: McpServer, deps: ToolDeps): void {
  server.registerTool(
    'get_related_knowledge',
    {
      title: 'Related wiki documents',
      description:
        'Given a document id, lists related documents, strongest first, each with why: listed as related in frontmatter, links either way, shared tags, or similar content. Use it to widen context after reading a document.',
      inputSchema: z.object({
        document_id: z.string().max(MAX_ID_CHARS).describe(`Document id, e.g. from search_knowledge (at most ${MAX_ID_CHARS} characters).`),
        // The build keeps each document's RELATED_LIMIT closest neighbours; a larger limit could not be honoured.
        limit: z
          .number()
          .int()
          .min(1)
          .max(RELATED_LIMIT)
          .default(RELATED_LIMIT)
          .describe(`Maximum related documents (1-${RELATED_LIMIT}, default ${RELATED_LIMIT}: the build keeps each document's ${RELATED_LIMIT} closest).`),
      }),
      outputSchema: GetRelatedKnowledgeOutputSchema,
      annotations: READ_ONLY,
    },
    async ({ document_id, limit }) => {
      const set = deps.artifacts();
      const entry = findDocument(set, document_id);
      if (isResult(entry)) return entry;
      const related = entry.related.slice(0, limit).flatMap((r) => {
        const other = set.byId.get(r.id);
        if (!other) return [];
        const row = { ...docRef(other), reasons: r.reasons, score: r.score, why: explain(r) };
        return [{ ...row, ...(r.sharedTags ? { sharedTags: r.sharedTags } : {}), ...(r.similarity !== undefined ? { similarity: r.similarity } : {}) }];
      });
      const lines = related.map((r) => `- ${r.id} — ${r.title}: ${r.why}`);
      const text = related.length
        ? `Related to ${entry.id} (${entry.title}):\n${lines.join('\n')}`
        : `${entry.id} has no related documents. Try search_knowledge with words from its title.`;
      return ok({ document_id: entry.id, related }, text);
    },
  );
}

/** One sentence a model can quote. */
function explain(r: RelatedEntry): string {
  const parts = r.reasons.map((reason) => {
    switch (reason) {
      case 'related':
        return 'listed as related';
      case 'links-to':
        return 'this document links to it';
      case 'linked-from':
        return 'it links to this document';
      case 'shared-tags':
        return `shares tags ${(r.sharedTags ?? []).join(', ')}`.trim();
      case 'similar':
        return `similar content${r.similarity !== undefined ? ` (${Math.round(r.similarity * 100)}%)` : ''}`;
    }
  });
  return `${parts.join('; ')}.`;
}

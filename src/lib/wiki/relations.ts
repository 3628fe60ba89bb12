import * as z from 'zod';
import { nearestNeighbours, type TermVector } from './similarity.ts';

/** Why two documents are related; listed strongest first. */
export const RelationReasonSchema = z.enum(['related', 'links-to', 'linked-from', 'shared-tags', 'similar']);
export type RelationReason = z.output<typeof RelationReasonSchema>;

/** One related document with every reason it is related. */
export const RelatedEntrySchema = z.object({
  id: z.string(),
  reasons: z.array(RelationReasonSchema),
  sharedTags: z.array(z.string()).optional(),
  similarity: z.number().optional(),
  score: z.number(),
});
export type RelatedEntry = z.output<typeof RelatedEntrySchema>;

/** What relation-finding needs to know about a document. */
export interface RelationInput {
  id: string;
  tags: readonly string[];
  related: readonly string[];
  links: readonly string[];
  vector: TermVector;
}

const WEIGHTS: Record<RelationReason, number> = { related: 4, 'links-to': 3, 'linked-from': 2.5, 'shared-tags': 1, similar: 2 };
/** Similarity below this is noise for "related" purposes. */
export const SIMILAR_MIN = 0.25;
/** Related entries kept per document. */
export const RELATED_LIMIT = 8;

/** Backlinks: for each id, the ids that link to it (sorted). */
export function backlinksOf(docs: readonly RelationInput[]): Map<string, string[]> {
  const out = new Map<string, string[]>(docs.map((d) => [d.id, []]));
  for (const d of docs) for (const target of new Set(d.links)) if (target !== d.id) out.get(target)?.push(d.id);
  for (const list of out.values()) list.sort();
  return out;
}

/** Related documents per id, combining explicit `related`, links both ways, shared tags and similar content. */
export function relatedOf(docs: readonly RelationInput[], backlinks: Map<string, string[]>): Map<string, RelatedEntry[]> {
  const similar = nearestNeighbours(
    docs.map((d) => d.vector),
    SIMILAR_MIN,
    RELATED_LIMIT,
  );
  const byTag = new Map<string, string[]>();
  for (const d of docs) for (const t of d.tags) byTag.set(t, [...(byTag.get(t) ?? []), d.id]);
  const result = new Map<string, RelatedEntry[]>();
  docs.forEach((d, i) => {
    const entries = new Map<string, RelatedEntry>();
    const add = (id: string, reason: RelationReason, extra: Partial<RelatedEntry> = {}) => {
      if (id === d.id) return;
      const e = entries.get(id) ?? { id, reasons: [], score: 0 };
      if (!e.reasons.includes(reason)) e.reasons.push(reason);
      e.score += WEIGHTS[reason] * (reason === 'shared-tags' ? (extra.sharedTags?.length ?? 1) : reason === 'similar' ? (extra.similarity ?? 0) : 1);
      entries.set(id, { ...e, ...extra });
    };
    d.related.forEach((id) => add(id, 'related'));
    d.links.forEach((id) => add(id, 'links-to'));
    (backlinks.get(d.id) ?? []).forEach((id) => add(id, 'linked-from'));
    const shared = new Map<string, string[]>();
    for (const t of d.tags) for (const other of byTag.get(t) ?? []) if (other !== d.id) shared.set(other, [...(shared.get(other) ?? []), t]);
    for (const [id, tags] of shared) add(id, 'shared-tags', { sharedTags: tags.sort() });
    for (const s of similar[i]!) add(docs[s.index]!.id, 'similar', { similarity: s.similarity });
    const list = [...entries.values()]
      .map((e) => ({ ...e, reasons: [...e.reasons].sort((a, b) => WEIGHTS[b] - WEIGHTS[a]), score: Math.round(e.score * 1000) / 1000 }))
      .sort((a, b) => b.score - a.score || a.id.localeCompare(b.id))
      .slice(0, RELATED_LIMIT);
    result.set(d.id, list);
  });
  return result;
}

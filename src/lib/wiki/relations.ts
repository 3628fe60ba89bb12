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

/** What relation-finding needs to know about a document besides its terms. */
export interface RelationLinks {
  id: string;
  tags: readonly string[];
  related: readonly string[];
  links: readonly string[];
}

/** What relation-finding needs to know about a document. */
export interface RelationInput extends RelationLinks {
  vector: TermVector;
}

const WEIGHTS: Record<RelationReason, number> = { related: 4, 'links-to': 3, 'linked-from': 2.5, 'shared-tags': 1, similar: 2 };
/** Similarity below this is noise for "related" purposes. */
export const SIMILAR_MIN = 0.25;
/** Related entries kept per document. */
export const RELATED_LIMIT = 8;

/** Backlinks: for each id, the ids that link to it (sorted). */
export function backlinksOf(docs: readonly RelationLinks[]): Map<string, string[]> {
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
  // A popular tag makes thousands of documents candidates of each other: they are counted in flat arrays by
  // position, and only the few that win become entries. Ties break by id in `localeCompare` order, as a rank.
  const position = new Map(docs.map((d, i) => [d.id, i]));
  const rank = new Int32Array(docs.length);
  docs
    .map((_, i) => i)
    .sort((a, b) => docs[a]!.id.localeCompare(docs[b]!.id))
    .forEach((doc, r) => (rank[doc] = r));
  // Documents compared by number, not by id: the document `position` names for an id stands for every document with it.
  const same = Int32Array.from(docs, (d) => position.get(d.id)!);
  const lists = new Map<string, number[]>();
  docs.forEach((d, i) => {
    for (const t of d.tags) (lists.get(t) ?? lists.set(t, []).get(t)!).push(i);
  });
  const byTag = new Map([...lists].map(([t, list]) => [t, Int32Array.from(list)]));
  const sharing = new Int32Array(docs.length);
  const touched = new Int32Array(docs.length);
  /** By `same`: documents related to the current one for a reason besides shared tags. */
  const marked = new Uint8Array(docs.length);
  const marks: number[] = [];
  const top = topRelated(rank, position);
  const result = new Map<string, RelatedEntry[]>();
  docs.forEach((d, i) => {
    let count = 0;
    const self = same[i]!;
    for (const t of d.tags) {
      const holders = byTag.get(t)!;
      for (let k = 0; k < holders.length; k++) {
        const o = holders[k]!;
        if (same[o] === self) continue;
        if (sharing[o] === 0) touched[count++] = o;
        sharing[o]!++;
      }
    }
    const sharedTags = (o: number) => d.tags.flatMap((t) => docs[o]!.tags.filter((x) => x === t)).sort();
    // The documents related for another reason too, score added up reason by reason, strongest reason first.
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
    const mark = (doc: number | undefined) => {
      if (doc === undefined || marked[same[doc]!]) return;
      marked[same[doc]!] = 1;
      marks.push(same[doc]!);
    };
    for (const id of entries.keys()) mark(position.get(id));
    for (const s of similar[i]!) mark(s.index);
    for (let c = 0; c < count; c++) {
      const o = touched[c]!;
      if (marked[same[o]!]) add(docs[o]!.id, 'shared-tags', { sharedTags: sharedTags(o) });
    }
    for (const s of similar[i]!) add(docs[s.index]!.id, 'similar', { similarity: s.similarity });
    top.clear();
    for (const e of entries.values())
      top.offer({ ...e, reasons: [...e.reasons].sort((a, b) => WEIGHTS[b] - WEIGHTS[a]), score: Math.round(e.score * 1000) / 1000 });
    // The others share tags only: the score is the number of shared tags (weight 1).
    for (let c = 0; c < count; c++) {
      const o = touched[c]!;
      if (!marked[same[o]!]) top.offerShared(o, docs[o]!.id, WEIGHTS['shared-tags'] * sharing[o]!, () => sharedTags(o));
      sharing[o] = 0;
    }
    for (const m of marks) marked[m] = 0;
    marks.length = 0;
    result.set(d.id, top.entries());
  });
  return result;
}

interface Candidate {
  id: string;
  score: number;
  /** Place of the id in `localeCompare` order; undefined for an id outside the table. */
  rank: number | undefined;
  entry: () => RelatedEntry;
}

/** The best `RELATED_LIMIT` entries, best score first and ties by id, kept sorted as candidates come in. */
function topRelated(rank: Int32Array, position: ReadonlyMap<string, number>) {
  const kept: Candidate[] = [];
  /** Negative when `a` goes before `b`: higher score, then id in `localeCompare` order. */
  const before = (a: Candidate, b: Candidate) =>
    a.score !== b.score ? b.score - a.score : a.rank !== undefined && b.rank !== undefined ? a.rank - b.rank : a.id.localeCompare(b.id);
  const insert = (candidate: Candidate) => {
    if (kept.length === RELATED_LIMIT && before(kept[RELATED_LIMIT - 1]!, candidate) <= 0) return;
    let at = kept.length;
    while (at > 0 && before(kept[at - 1]!, candidate) > 0) at--;
    kept.splice(at, 0, candidate);
    if (kept.length > RELATED_LIMIT) kept.pop();
  };
  return {
    clear() {
      kept.length = 0;
    },
    offer(entry: RelatedEntry) {
      const at = position.get(entry.id);
      insert({ id: entry.id, score: entry.score, rank: at === undefined ? undefined : rank[at], entry: () => entry });
    },
    offerShared(doc: number, id: string, score: number, tags: () => string[]) {
      // Most of a popular tag's documents lose to the eighth kept: `before` on score and rank, without allocating.
      const last = kept.length === RELATED_LIMIT ? kept[RELATED_LIMIT - 1]! : undefined;
      if (last && (last.score > score || (last.score === score && last.rank !== undefined && last.rank <= rank[doc]!))) return;
      insert({ id, score, rank: rank[doc], entry: () => ({ id, reasons: ['shared-tags'], score, sharedTags: tags() }) });
    },
    entries: (): RelatedEntry[] => kept.map((k) => k.entry()),
  };
}

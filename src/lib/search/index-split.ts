import { SPLIT_INDEX_VERSION, type IndexEnvelope, type SplitBase, type SplitShard } from './index-schema.ts';

/**
 * The site's split index: the envelope cut into a base (everything but postings) and shards of postings by
 * term, so a first search fetches the base and the few shards its terms are in, not the whole index. The
 * MCP server keeps reading the whole `search-index.json`; both hold the same lines, so both rank alike.
 */

/**
 * Encoded postings (document and section lines together) per shard, before gzip: about 3.5 KiB on the wire,
 * 150 shards at ko-react-docs. Measured there (six queries): 58 shards fetched 68 + 234 KiB of shards, 150
 * fetched 34 + 120, 300 fetched 25 + 98 — smaller shards waste less on terms nobody asked for, more files cost requests.
 */
export const SHARD_TARGET_CHARS = 7_500;

/**
 * Shard of a term: Latin words by their first two letters, so prefix and typo matches of a typed word stay
 * in the shard that holds the word; other terms (Hangul bigrams) by a hash of the whole term.
 */
export function shardOf(term: string, shards: number): number {
  const key = /^[a-z0-9]/.test(term) ? term.slice(0, 2) : term;
  let h = 2166136261;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 16777619);
  return (h >>> 0) % shards;
}

/**
 * Cuts an envelope into the split base and its shards: one shard per SHARD_TARGET_CHARS of postings, so a
 * small wiki has one shard (its whole postings) and a big one many (`shards` overrides, for tests).
 */
export function splitIndex(envelope: IndexEnvelope, shards?: number): { base: SplitBase; shards: SplitShard[] } {
  const { version: _version, postings, sectionPostings, ...rest } = envelope;
  const count = shards ?? Math.max(1, Math.ceil((postings.length + sectionPostings.length) / SHARD_TARGET_CHARS));
  const cut = Array.from({ length: count }, () => ({ postings: [] as string[], sectionPostings: [] as string[] }));
  const vocabulary: string[] = [];
  for (const line of lines(postings)) {
    const tab = line.indexOf('\t');
    const term = line.slice(0, tab);
    cut[shardOf(term, count)]!.postings.push(line);
    // The `#` section frequencies stay in the base: spellings and rarity need every term's.
    vocabulary.push(line.startsWith('#', tab + 1) ? `${term}\t${line.slice(tab + 1).split('\t')[0]!}` : `${term}\t`);
  }
  for (const line of lines(sectionPostings)) cut[shardOf(line.slice(0, line.indexOf('\t')), count)]!.sectionPostings.push(line);
  return {
    base: { ...rest, version: SPLIT_INDEX_VERSION, vocabulary: vocabulary.join('\n'), shards: count },
    shards: cut.map((s) => ({ postings: s.postings.join('\n'), sectionPostings: s.sectionPostings.join('\n') })),
  };
}

function lines(text: string): string[] {
  return text ? text.split('\n') : [];
}

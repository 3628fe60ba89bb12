import { encodeNameTable, NAME_SHARE, namingWords } from './names.ts';
import type { SerializedIndex } from './contract.ts';
import { SPLIT_INDEX_VERSION, type IndexEnvelope, type SplitBase, type SplitChunk, type SplitShard } from './index-schema.ts';

/**
 * The site's split index: the envelope cut into a base (what every query needs), shards of postings by term and
 * chunks of document details (sections, link, summary), so a first search fetches the base, the few shards its
 * terms are in and the chunks of the documents it section-scores, not the whole index. The MCP server keeps
 * reading the whole `search-index.json`; both hold the same lines, so both rank alike.
 */

/**
 * Encoded postings (document and section lines together) per shard, before gzip: about 3.5 KiB on the wire,
 * 150 shards at ko-react-docs. Measured there (six queries): 58 shards fetched 68 + 234 KiB of shards, 150
 * fetched 34 + 120, 300 fetched 25 + 98 — smaller shards waste less on terms nobody asked for, more files cost requests.
 */
export const SHARD_TARGET_CHARS = 7_500;

/**
 * A two-letter Latin prefix whose postings pass this many characters is sharded by three letters instead: at
 * 10,000 generated documents one two-letter prefix made a 184 KiB shard.
 */
const LATIN_SPLIT_CHARS = 4 * SHARD_TARGET_CHARS;
/** Longest prefix sharded by one more letter: past it a typed prefix would span too many shards. */
const MAX_LATIN_PREFIX = 6;

/**
 * JSON characters of document details per chunk (about 1 KiB on the wire): the section stage scores 40
 * documents, which at 10,000 documents lie in as many chunks, so small chunks waste least.
 */
const CHUNK_TARGET_CHARS = 1_500;

/**
 * Details of a small wiki stay in one chunk, which the site fetches with the base: ko-react-docs' 226 documents
 * hold 274,000 characters (about 60 KiB on the wire), and its budgets (300 KiB per first search, 300 KiB for five
 * more) were met with them in the base, while chunks fetched per query would delay every new hit by a round trip.
 */
const WHOLE_DETAILS_CHARS = 400_000;

/**
 * Shard of a term: Latin words by their first two letters (one more for each crowded prefix in `latinSplit`), so
 * prefix and typo matches of a typed word stay in the shard that holds the word, or in the few its prefix spans;
 * other terms (Hangul bigrams) by a hash of the whole term.
 */
export function shardOf(term: string, shards: number, latinSplit: ReadonlySet<string> = new Set()): number {
  let key = term;
  if (/^[a-z0-9]/.test(term)) {
    let k = 2;
    while (k < term.length && latinSplit.has(term.slice(0, k))) k++;
    key = term.slice(0, k);
  }
  let h = 2166136261;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 16777619);
  return (h >>> 0) % shards;
}

/** Sizes of the cut; tests make them small to exercise many files on a small wiki. */
export interface SplitSizes {
  /** Number of term shards (default: one per SHARD_TARGET_CHARS of postings, so a small wiki has one). */
  shards?: number;
  /** Postings characters past which a two-letter Latin prefix is sharded by three letters. */
  latinSplitChars?: number;
  /** JSON characters of document details per chunk. */
  chunkChars?: number;
}

/** Cuts an envelope into the split base, its term shards and its document chunks. */
export function splitIndex(envelope: IndexEnvelope, sizes: SplitSizes = {}): { base: SplitBase; shards: SplitShard[]; chunks: SplitChunk[] } {
  const { version: _version, postings, sectionPostings, documents, ...rest } = envelope;
  const count = sizes.shards ?? Math.max(1, Math.ceil((postings.length + sectionPostings.length) / SHARD_TARGET_CHARS));
  const [postingLines, sectionLines] = [lines(postings), lines(sectionPostings)];
  const latinSplit = crowdedPrefixes([...postingLines, ...sectionLines], sizes.latinSplitChars ?? LATIN_SPLIT_CHARS);
  const crowded = new Set(latinSplit);
  const details = documents.map(({ id, title, aliases, updatedAt, url, summary, sections }) => ({ id, title, aliases, updatedAt, url, summary, sections }));
  const detailChars = details.map((d) => JSON.stringify(d).length);
  const chunkChars = sizes.chunkChars ?? (detailChars.reduce((a, b) => a + b, 0) <= WHOLE_DETAILS_CHARS ? Infinity : CHUNK_TARGET_CHARS);
  const cut = Array.from({ length: count }, () => ({ postings: [] as string[], sectionPostings: [] as string[] }));
  const shardOfLine = (line: string) => shardOf(line.slice(0, line.indexOf('\t')), count, crowded);
  const vocabulary: string[] = [];
  for (const line of postingLines) {
    const tab = line.indexOf('\t');
    cut[shardOfLine(line)]!.postings.push(line);
    // The `#` section frequencies stay in the base: spellings and rarity need every term's.
    vocabulary.push(line.startsWith('#', tab + 1) ? `${line.slice(0, tab)}\t${line.slice(tab + 1).split('\t')[0]!}` : `${line.slice(0, tab)}\t`);
  }
  for (const line of sectionLines) cut[shardOfLine(line)]!.sectionPostings.push(line);
  const chunks: SplitChunk[] = [];
  const starts: number[] = [];
  let size = Infinity;
  details.forEach((detail, doc) => {
    if (size >= chunkChars) {
      starts.push(doc);
      chunks.push({ documents: [] });
      size = 0;
    }
    chunks[chunks.length - 1]!.documents.push(detail);
    size += detailChars[doc]!;
  });
  return {
    base: {
      ...rest,
      version: SPLIT_INDEX_VERSION,
      ...compactShell(rest.index, documents.length),
      documents: documents.map(({ title, project, category, tags, aliases }) => ({
        title: initialsKey(title),
        project,
        category,
        tags,
        aliases: aliases.map(initialsKey),
      })),
      chunks: starts,
      naming: namingWords(documents),
      names: encodeNameTable(documents, NAME_SHARE),
      vocabulary: vocabulary.join('\n'),
      shards: count,
      latinSplit,
    },
    shards: cut.map((s) => ({ postings: s.postings.join('\n'), sectionPostings: s.sectionPostings.join('\n') })),
    chunks,
  };
}

/**
 * Latin prefixes (two letters and longer) with more than `limit` characters of postings lines: their terms are
 * sharded by one more letter, and so on while a longer prefix is still crowded.
 */
function crowdedPrefixes(all: readonly string[], limit: number): string[] {
  const crowded: string[] = [];
  let terms = all.filter((line) => /^[a-z0-9]/.test(line));
  for (let k = 2; terms.length && k <= MAX_LATIN_PREFIX; k++) {
    const size = new Map<string, number>();
    for (const line of terms) {
      const term = line.slice(0, line.indexOf('\t'));
      if (term.length > k) size.set(term.slice(0, k), (size.get(term.slice(0, k)) ?? 0) + line.length);
    }
    const over = new Set([...size].filter(([, n]) => n > limit).map(([p]) => p));
    crowded.push(...over);
    terms = terms.filter((line) => over.has(line.slice(0, k)));
  }
  return crowded.sort();
}

/**
 * A name reduced to what 초성 search reads: each Hangul syllable as the first syllable of its initial consonant
 * ('클래스 구현' → '카라사가하'), everything else left out. `choseongOf` gives the same initials; it compresses far better.
 */
function initialsKey(name: string): string {
  let out = '';
  for (const ch of name.normalize('NFC')) {
    const code = ch.charCodeAt(0);
    if (code >= 0xac00 && code <= 0xd7a3) out += String.fromCharCode(0xac00 + Math.floor((code - 0xac00) / 588) * 588);
  }
  return out;
}

/**
 * MiniSearch's shell without its per-document maps when its short ids are the document numbers (as the build
 * makes them): they were a fifth of the base at 10,000 documents. `restoreShell` puts them back.
 */
function compactShell(index: SerializedIndex, count: number): { index: SerializedIndex; fieldLengths?: string } {
  const ids = Object.entries(index.documentIds);
  const identity = ids.length === count && ids.every(([short, doc], i) => short === String(i) && doc === i && index.fieldLength[short]);
  if (!identity) return { index };
  const fieldLengths = ids.map(([short]) => index.fieldLength[short]!.join(',')).join(';');
  return { index: { ...index, documentIds: {}, fieldLength: {} }, fieldLengths };
}

/** The shell of a split base as MiniSearch wrote it (see `compactShell`). */
export function restoreShell(base: Pick<SplitBase, 'index' | 'fieldLengths'>): SerializedIndex {
  if (base.fieldLengths === undefined) return base.index;
  const rows = base.fieldLengths ? base.fieldLengths.split(';') : [];
  const documentIds: SerializedIndex['documentIds'] = {};
  const fieldLength: SerializedIndex['fieldLength'] = {};
  rows.forEach((row, i) => {
    documentIds[i] = i;
    fieldLength[i] = row.split(',').map(Number);
  });
  return { ...base.index, documentIds, fieldLength };
}

function lines(text: string): string[] {
  return text ? text.split('\n') : [];
}

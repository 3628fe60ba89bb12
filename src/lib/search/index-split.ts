import { encodeNameTable, NAME_SHARE, namingWords } from './names.ts';
import type { SerializedIndex } from './contract.ts';
import { foldByDocument, PIECE_TERM_CHARS, withBodyWrittenOut } from './split-pieces.ts';
import { SPLIT_INDEX_VERSION } from './index-versions.ts';
import { readName, type ReadLatin } from './initials-readings.ts';
import type { IndexEnvelope, SearchDocument, SplitBase, SplitChunk, SplitInitials, SplitRows, SplitShard } from './index-schema.ts';

/**
 * The site's split index: the envelope cut into a base (what every query needs), shards of postings by term and
 * chunks of document details (sections, link, summary, and the document's counts of the very common terms), so a
 * first search fetches the base, the few shards its terms are in and the chunks of the documents it section-scores,
 * not the whole index. The MCP server answers its first
 * search from these files too, then the whole `search-index.json`; both hold the same lines, so both rank alike.
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
 * JSON characters of document details per chunk: 1, so each document is a chunk of its own. The section stage scores
 * 40 documents, which at 10,000 documents lie in as many chunks; measured there on the bench's queries, chunks of
 * 1,500 characters (about two documents) fetched 42–45 KiB of details per first search, one document each 28–31.
 */
const CHUNK_TARGET_CHARS = 1;

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
  /** Section-postings characters past which a term's section postings are cut by document into the chunks (`PIECE_TERM_CHARS`). */
  pieceTermChars?: number;
}

/** The split index: its base, term shards, document chunks (with the very common terms' pieces) and 초성 initials. */
export interface SplitIndex {
  base: SplitBase;
  shards: SplitShard[];
  chunks: SplitChunk[];
  initials: SplitInitials;
}

/** Cuts an envelope into the split base, its term shards and document chunks. */
export function splitIndex(envelope: IndexEnvelope, sizes: SplitSizes = {}, readLatin?: ReadLatin): SplitIndex {
  const { version: _version, commonTerms: _common, postings, sectionPostings, documents, ...rest } = envelope;
  const [postingLines, sectionLines] = [lines(postings), lines(sectionPostings)];
  const indexed = new Set(postingLines.map((line) => line.slice(0, line.indexOf('\t'))));
  const { pieced, kept } = cutCommonTerms(sectionLines, sizes.pieceTermChars ?? PIECE_TERM_CHARS, indexed);
  const postingChars = postingLines.reduce((n, l) => n + l.length + 1, 0) + kept.reduce((n, l) => n + l.length + 1, 0);
  const count = sizes.shards ?? Math.max(1, Math.ceil(postingChars / SHARD_TARGET_CHARS));
  const latinSplit = crowdedPrefixes([...postingLines, ...kept], sizes.latinSplitChars ?? LATIN_SPLIT_CHARS);
  const crowded = new Set(latinSplit);
  const cut = Array.from({ length: count }, () => ({ postings: [] as string[], sectionPostings: [] as string[], pieced: [] as string[] }));
  const shardOfTerm = (term: string) => cut[shardOf(term, count, crowded)]!;
  const termOf = (line: string) => line.slice(0, line.indexOf('\t'));
  const vocabulary: string[] = [];
  for (const line of postingLines) {
    const term = termOf(line);
    const tab = term.length;
    const piecedTerm = pieced.get(term);
    shardOfTerm(term).postings.push(piecedTerm ? withBodyWrittenOut(line, piecedTerm.encoded, rest.index) : line);
    if (piecedTerm) shardOfTerm(term).pieced.push(`${term}\t${piecedTerm.number.toString(36)}`);
    // The `#` section frequencies stay in the base: spellings and rarity need every term's.
    vocabulary.push(line.startsWith('#', tab + 1) ? `${term}\t${line.slice(tab + 1).split('\t')[0]!}` : `${term}\t`);
  }
  for (const line of kept) shardOfTerm(termOf(line)).sectionPostings.push(line);
  const folded = pieced.size
    ? foldByDocument(
        [...pieced].map(([term, p]) => ({ term, encoded: p.encoded })),
        documents.length,
      )
    : undefined;
  const { chunks, sizes: chunkSizes } = chunkDetails(documents, sizes.chunkChars, folded);
  return {
    base: {
      ...rest,
      version: SPLIT_INDEX_VERSION,
      ...compactShell(rest.index, documents.length),
      rows: filterRows(documents),
      chunks: chunkSizes.map((n) => n.toString(36)).join(','),
      naming: namingWords(documents),
      names: encodeNameTable(documents, NAME_SHARE),
      vocabulary: vocabulary.join('\n'),
      shards: count,
      latinSplit,
      pieced: pieced.size,
    },
    shards: cut.map((s) => ({ postings: s.postings.join('\n'), sectionPostings: s.sectionPostings.join('\n'), pieced: s.pieced.join('\n') })),
    chunks,
    initials: { names: documents.map((d) => initialsLine([d.title, ...d.aliases], readLatin)).join('\n') },
  };
}

/**
 * Section-postings lines longer than `termChars` (pieced terms, numbered in term order, which `foldByDocument` cuts
 * into the chunks) and the other lines, kept for the shards. A long line of a term without postings is left out: no
 * search asks for it (the split index fetches counts only for terms of its vocabulary); at 10,000 documents 118 of the
 * lines past 7,500 characters, a tenth of their characters.
 */
function cutCommonTerms(sectionLines: readonly string[], termChars: number, indexed: ReadonlySet<string>) {
  const pieced = new Map<string, { encoded: string; number: number }>();
  const kept: string[] = [];
  for (const line of sectionLines) {
    if (line.length <= termChars) {
      kept.push(line);
      continue;
    }
    const tab = line.indexOf('\t');
    if (indexed.has(line.slice(0, tab))) pieced.set(line.slice(0, tab), { encoded: line.slice(tab + 1), number: pieced.size });
  }
  return { pieced, kept };
}

/**
 * Document details in chunks of about `chunkChars` JSON characters (one chunk for a small wiki), each with its
 * documents' lines of pieced counts when there are pieced terms.
 */
function chunkDetails(
  documents: readonly SearchDocument[],
  chunkChars: number | undefined,
  folded: readonly string[] | undefined,
): { chunks: SplitChunk[]; sizes: number[] } {
  const details = documents.map(({ id, title, aliases, updatedAt, url, summary, sections }) => ({ id, title, aliases, updatedAt, url, summary, sections }));
  // A document's pieced counts weigh on its chunk like its details: both are fetched together.
  const detailChars = details.map((d, doc) => JSON.stringify(d).length + (folded?.[doc]!.length ?? 0));
  const limit = chunkChars ?? (detailChars.reduce((a, b) => a + b, 0) <= WHOLE_DETAILS_CHARS ? Infinity : CHUNK_TARGET_CHARS);
  const chunks: SplitChunk[] = [];
  let size = Infinity;
  details.forEach((detail, doc) => {
    if (size >= limit) {
      chunks.push(folded ? { documents: [], pieced: [] } : { documents: [] });
      size = 0;
    }
    const chunk = chunks[chunks.length - 1]!;
    chunk.documents.push(detail);
    chunk.pieced?.push(folded![doc]!);
    size += detailChars[doc]!;
  });
  return { chunks, sizes: chunks.map((c) => c.documents.length) };
}

/** Every document's project, category and tags as numbers into name lists (see `SplitRowsSchema`). */
function filterRows(documents: readonly SearchDocument[]): SplitRows {
  const names = (values: Iterable<string>) => [...new Set(values)].sort();
  const [projects, categories, tags] = [
    names(documents.map((d) => d.project)),
    names(documents.map((d) => d.category)),
    names(documents.flatMap((d) => d.tags)),
  ];
  const number = (list: string[]) => new Map(list.map((v, i) => [v, i.toString(36)]));
  const [p, c, t] = [number(projects), number(categories), number(tags)];
  const filters = documents.map((d) => [p.get(d.project)!, c.get(d.category)!, ...d.tags.map((tag) => t.get(tag)!)].join(',')).join(';');
  return { projects, categories, tags, filters };
}

/** The filter fields of every document from the base's rows; throws naming the row when it is damaged. */
export function decodeFilterRows(rows: SplitRows): Pick<SearchDocument, 'project' | 'category' | 'tags'>[] {
  return (rows.filters ? rows.filters.split(';') : []).map((row, n) => {
    const [project, category, ...tags] = row.split(',').map((v) => parseInt(v, 36));
    const at = (list: string[], i: number | undefined) => {
      const v = i === undefined ? undefined : list[i];
      if (v === undefined) throw new Error(`filter row ${n} (${row}) names no project, category or tag at one of its numbers.`);
      return v;
    };
    return { project: at(rows.projects, project), category: at(rows.categories, category), tags: tags.map((i) => at(rows.tags, i)) };
  });
}

/** First document number of each chunk, from the base's chunk sizes. */
export function chunkStarts(chunks: string): number[] {
  let at = 0;
  return (chunks ? chunks.split(',') : []).map((n) => {
    const start = at;
    at += parseInt(n, 36);
    return start;
  });
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
 * A document's line of `initials.json`: its title and aliases, then each of them again read in Hangul where it has
 * Latin words the content gives a reading of ('React 훅' and '리액트 훅'), as aliases (initials-readings.ts).
 */
function initialsLine(names: readonly string[], readLatin: ReadLatin | undefined): string {
  const read = readLatin ? names.flatMap((n) => readName(n, readLatin) ?? []) : [];
  return [...names, ...read].map(initialsKey).join('\t');
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

/** Every file of a split index by its name under `_wiki/search/` (the build writes each as JSON and lists it in the manifest). */
export function splitFiles(split: SplitIndex): Map<string, unknown> {
  return new Map<string, unknown>([
    ['base.json', split.base],
    ['initials.json', split.initials],
    ...split.shards.map((s, n) => [`terms-${n}.json`, s] as const),
    ...split.chunks.map((c, n) => [`docs-${n}.json`, c] as const),
  ]);
}

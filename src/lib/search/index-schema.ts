import * as z from 'zod';
import type { SerializedIndex } from './contract.ts';
import { INDEX_ENVELOPE_VERSION, SPLIT_INDEX_VERSION } from './index-versions.ts';

export { INDEX_ENVELOPE_VERSION, SPLIT_INDEX_VERSION };

/** A section of a document as search results name it. */
export const SearchSectionSchema = z.object({
  /** Heading anchor on the page; '' for the lead. */
  anchor: z.string(),
  heading: z.string(),
  depth: z.number().int(),
  /** 1-based line of the heading in `_wiki/docs/<id>.md` (1 for the lead), so a browser can cut the section out without the catalog. */
  line: z.number().int().positive(),
  /** How many index terms the section's prose yields, for the section ranking's length normalisation. */
  terms: z.number().int().nonnegative(),
  /**
   * The section's heading path (`headingPath` over all of the document's headings, as the catalog's outline has it), only
   * where it is not the ancestry of the sections above it: under a `#` heading of the body, which starts no section.
   */
  path: z.array(z.string()).optional(),
});
export type SearchSection = z.output<typeof SearchSectionSchema>;

/** What a search result shows about a document, stored once per document beside the index. */
export const SearchDocumentSchema = z.object({
  id: z.string(),
  title: z.string(),
  project: z.string(),
  category: z.string(),
  tags: z.array(z.string()),
  /** Other names people search by; the section ranking scores them on the lead. */
  aliases: z.array(z.string()),
  updatedAt: z.string(),
  url: z.string(),
  summary: z.string(),
  sections: z.array(SearchSectionSchema),
});
export type SearchDocument = z.output<typeof SearchDocumentSchema>;

/**
 * Corpus figures the section ranking needs to score sections as a per-section index would: the
 * number of sections, and each field's mean length in terms over all sections (the lead
 * section carries title, aliases and tags; every other section has the title before its headings).
 */
export const SectionStatsSchema = z.object({
  sections: z.number().int().nonnegative(),
  /** Mean number of index terms of each field over all sections. */
  averageTerms: z.object({ title: z.number(), aliases: z.number(), tags: z.number(), headings: z.number(), body: z.number() }),
});
export type SectionStats = z.output<typeof SectionStatsSchema>;

/** `_wiki/search-index.json`: versions, the document table and MiniSearch's serialised index. */
export const IndexEnvelopeSchema = z.object({
  version: z.literal(INDEX_ENVELOPE_VERSION),
  searchOptionsVersion: z.number().int(),
  documents: z.array(SearchDocumentSchema),
  /** Synonym groups from glossary documents and glosses mined from the text ('에러 경계(Error Boundary)'); a query naming one member also looks for the others. */
  synonyms: z.array(z.array(z.string())),
  /** Terms whose body postings were left out for being in too many documents (see COMMON_BODY_SHARE); for people asking why a word does not match. */
  commonTerms: z.array(z.string()),
  sectionStats: SectionStatsSchema,
  /** MiniSearch.toJSON() with its `index` (the postings) moved to `postings`, encoded by `encodePostings`; body postings as patches over `sectionPostings`. */
  index: z.custom<SerializedIndex>((v) => typeof v === 'object' && v !== null && 'serializationVersion' in v, {
    message: 'index must be MiniSearch.toJSON() output',
  }),
  postings: z.string(),
  /** Per term, how often it occurs in the prose of each section (`section-postings.ts`): what the section ranking counts, so it needs no Markdown. */
  sectionPostings: z.string(),
});
export type IndexEnvelope = z.output<typeof IndexEnvelopeSchema>;

/**
 * What filters read of every document, in the split base: the project, category and tags of document n are the
 * names at the numbers (base 36) of row n of `filters` (`project,category,tag,tag…`, rows separated by `;`).
 */
export const SplitRowsSchema = z.object({
  projects: z.array(z.string()),
  categories: z.array(z.string()),
  tags: z.array(z.string()),
  filters: z.string(),
});
export type SplitRows = z.output<typeof SplitRowsSchema>;

/** The rest of a document (and its title and aliases as written), in `_wiki/search/docs-<n>.json`: fetched for the documents the section stage scores. */
export const SplitDetailSchema = SearchDocumentSchema.pick({ id: true, title: true, aliases: true, updatedAt: true, url: true, summary: true, sections: true });

/**
 * `_wiki/search/base.json`: the envelope without its postings, its document table or `commonTerms` (nothing searches
 * them). `vocabulary` has every term with its section frequencies (postings lines without their fields), so spellings
 * and rarity see the whole corpus; a term's postings are in shard `shardOf(term, shards, latinSplit)`.
 */
export const SplitBaseSchema = IndexEnvelopeSchema.omit({ version: true, postings: true, sectionPostings: true, documents: true, commonTerms: true }).extend({
  version: z.literal(SPLIT_INDEX_VERSION),
  rows: SplitRowsSchema,
  /** Documents per chunk of document details (base 36, comma-separated): chunk k holds the next that many documents. */
  chunks: z.string(),
  /** Hangul words of every title, alias, tag and heading (what an English query may mean; see `namingWords`). */
  naming: z.array(z.string()),
  /** English words of ids and anchors: one line per word, `word\tdoc.section doc.section…` (see names.ts). */
  names: z.string(),
  vocabulary: z.string(),
  shards: z.number().int().positive(),
  /** Latin prefixes whose terms are sharded by one more letter (too many postings for one shard). */
  latinSplit: z.array(z.string()),
  /** Number of pieced terms (very common terms whose section postings are in the document chunks, `split-pieces.ts`); 0 for none. */
  pieced: z.number().int().nonnegative(),
  /**
   * Per document in order, its field lengths (`index.fieldLength`, comma-separated, `;` between documents) when
   * the index's short ids are the document numbers; `index.documentIds` and `index.fieldLength` are then left empty.
   */
  fieldLengths: z.string().optional(),
});
export type SplitBase = z.output<typeof SplitBaseSchema>;

/**
 * `_wiki/search/terms-<n>.json`: the document and section postings lines of the terms of shard n; a very common term's
 * section postings are cut by document into the chunks instead, and `pieced` gives its number there (`term<TAB>number`
 * per line, base 36: see `split-pieces.ts`).
 */
export const SplitShardSchema = z.object({ postings: z.string(), sectionPostings: z.string(), pieced: z.string() });
export type SplitShard = z.output<typeof SplitShardSchema>;

/**
 * `_wiki/search/initials.json`: what a 초성 query reads, fetched for the first such query: per document a line of its
 * title and aliases (tab-separated), each Hangul syllable as the first syllable of its initial consonant.
 */
export const SplitInitialsSchema = z.object({ names: z.string() });
export type SplitInitials = z.output<typeof SplitInitialsSchema>;

/**
 * `_wiki/search/docs-<n>.json`: the details of chunk n's documents, in document order, and when the index has pieced
 * terms each document's counts of them (`pieced`, one line per document: see `foldByDocument`).
 */
export const SplitChunkSchema = z.object({ documents: z.array(SplitDetailSchema), pieced: z.array(z.string()).optional() });
export type SplitChunk = z.output<typeof SplitChunkSchema>;

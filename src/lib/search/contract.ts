import MiniSearch, { type Options, type SearchOptions } from 'minisearch';
import { isLatinTerm, QUERY_STOP_WORDS, tokenize } from './tokenize.ts';

/**
 * The one search definition shared by the build, the browser and the MCP server.
 * Bump SEARCH_OPTIONS_VERSION whenever anything here changes how terms are produced or scored:
 * an index built with other options answers wrongly, so loaders refuse a mismatch.
 */
export const SEARCH_OPTIONS_VERSION = 7;

/**
 * Each indexed unit is one whole document, its id the document's position in the envelope's table.
 * Sections are ranked afterwards from the Markdown of the best documents (see `section-rank.ts`):
 * one unit per section made the index 2× plain MiniSearch and slow at 10,000 documents.
 */
export const ID_FIELD = 'id';

/** Fields indexed per document. */
export const INDEX_FIELDS = ['title', 'aliases', 'tags', 'headings', 'body'] as const;
export type IndexField = (typeof INDEX_FIELDS)[number];

/** Nothing is stored per unit: document data lives once in the index envelope. */
export const STORE_FIELDS: readonly string[] = [];

/** Field weights, keeping the design's order title ≥ aliases > tags > headings > body. */
export const FIELD_BOOSTS: Readonly<Record<IndexField, number>> = { title: 8, aliases: 6, tags: 4, headings: 3, body: 1 };

/** A unit as handed to MiniSearch. */
export type IndexUnit = { id: number } & Record<IndexField, string>;

/**
 * Body postings of a term found in more than this share of documents are left out of the index:
 * such terms (common bigrams like '컴포' in a React wiki) say little about which document is meant,
 * yet make up ~45 % of all postings. They still match titles, aliases, tags and headings, and the
 * section ranking counts them in the text of the candidates.
 */
export const COMMON_BODY_SHARE = 0.3;
/** Below this many documents nothing is left out: shares are noise in a small wiki. */
export const COMMON_BODY_MIN_DOCUMENTS = 100;

/**
 * How many of the best documents get their sections ranked (and may be reordered by them). 40 (was 20) once the
 * section counts came from the index: paraphrase recall@5 on ko-react-docs 0.75 → 0.83, no set or kind worse; 60 adds nothing.
 */
export const SECTION_RANK_DEPTH = 40;

/** BM25 parameters, MiniSearch's defaults; section ranking uses the same ones. */
export const BM25 = { k: 1.2, b: 0.7, d: 0.5 } as const;

/** Match weights of a term the user did not type exactly (MiniSearch's prefix/fuzzy weights). */
export const DERIVED_TERM_WEIGHTS = { fuzzy: 0.4, prefix: 0.6 } as const;

/** Identity after tokenizing: all normalisation happens in `tokenize` so index and query agree. */
export function processTerm(term: string): string {
  return term;
}

/** Query-side term processing: drops question words. */
export function processQueryTerm(term: string): string | null {
  return QUERY_STOP_WORDS.has(term) ? null : term;
}

/** Prefix matching for Latin words of three letters or more only. */
export function prefixFor(term: string): boolean {
  return isLatinTerm(term) && term.length >= 3;
}

/** Typo tolerance for Latin words only: fuzzy Hangul bigrams would match nearly anything. */
export function fuzzyFor(term: string): number | false {
  if (!isLatinTerm(term) || term.length < 4) return false;
  return term.length <= 5 ? 1 : 2;
}

/** Query defaults; callers never pass their own scoring options. */
export const DEFAULT_SEARCH_OPTIONS: SearchOptions = {
  boost: { ...FIELD_BOOSTS },
  combineWith: 'OR',
  tokenize: (text: string) => tokenize(text),
  processTerm: processQueryTerm,
  prefix: (term: string) => prefixFor(term),
  fuzzy: (term: string) => fuzzyFor(term),
  weights: { ...DERIVED_TERM_WEIGHTS },
  bm25: { ...BM25 },
};

const OPTIONS: Options<IndexUnit> = {
  idField: ID_FIELD,
  fields: [...INDEX_FIELDS],
  storeFields: [...STORE_FIELDS],
  tokenize: (text: string) => tokenize(text),
  processTerm,
  searchOptions: DEFAULT_SEARCH_OPTIONS,
};

/** The opaque index type; only this module knows it is MiniSearch. */
export type SearchIndex = MiniSearch<IndexUnit>;
/** MiniSearch's serialised form, stored inside the index envelope. */
export type SerializedIndex = ReturnType<SearchIndex['toJSON']>;

/** Builds an index over the given units. */
export function createIndex(units: readonly IndexUnit[]): SearchIndex {
  const index = new MiniSearch<IndexUnit>(OPTIONS);
  index.addAll(units);
  return index;
}

/** Restores an index serialised by `createIndex(...).toJSON()` with the same options. */
export function loadIndex(json: SerializedIndex): SearchIndex {
  return MiniSearch.loadJS<IndexUnit>(json, OPTIONS);
}

/** Restores an index's settings and document table without any postings (see `lazy-postings.ts`, which adds them). */
export function loadIndexShell(json: SerializedIndex): SearchIndex {
  return MiniSearch.loadJS<IndexUnit>({ ...json, index: [] }, OPTIONS);
}

/** One document matched by a raw query. */
export interface DocumentMatch {
  /** Position in the envelope's document table. */
  doc: number;
  score: number;
  /** Index terms that matched (after prefix and typo expansion). */
  terms: string[];
  /** Query terms that found something. */
  queryTerms: string[];
}

/** Runs a raw query against the index; `searchDocuments` is the function callers want. */
export function queryDocuments(index: SearchIndex, query: string, expansion = ''): DocumentMatch[] {
  const typed = new Set(tokenize(query));
  // Expansions (other spellings, synonyms) help recall but count less than what the user typed.
  const boostTerm = (term: string) => (typed.has(term) ? 1 : EXPANSION_WEIGHT);
  // Prefix and typo tolerance are for what the user typed; an expansion ('컴포넌트' → 'component') is matched exactly,
  // or 'component' would go on to match every 'componentDidMount' of a class-component reference page.
  const prefix = (term: string) => typed.has(term) && prefixFor(term);
  const fuzzy = (term: string) => (typed.has(term) ? fuzzyFor(term) : false);
  return index
    .search(expansion ? `${query} ${expansion}` : query, { boostTerm, prefix, fuzzy })
    .map((r) => ({ doc: Number(r.id), score: r.score, terms: r.terms, queryTerms: r.queryTerms }));
}

/** Documents (by position) that have every one of the given index terms, matched exactly. */
export function queryAll(index: SearchIndex, terms: readonly string[]): number[] {
  return index.search({ combineWith: 'AND', queries: [...terms] }, { prefix: false, fuzzy: false }).map((r) => Number(r.id));
}

/** Weight of a term the query gained by loanword or glossary expansion. */
export const EXPANSION_WEIGHT = 0.5;

/** The query terms the user's text turns into (for highlighting and miss reports). */
export function queryTerms(query: string): string[] {
  return tokenize(query).filter((t) => processQueryTerm(t) !== null);
}

import MiniSearch, { type Options, type SearchOptions } from 'minisearch';
import { isLatinTerm, QUERY_STOP_WORDS, tokenize, tokenizeQuery } from './tokenize.ts';

/**
 * The one search definition shared by the build, the browser and the MCP server.
 * Bump SEARCH_OPTIONS_VERSION whenever anything here changes how terms are produced or scored:
 * an index built with other options answers wrongly, so loaders refuse a mismatch.
 */
export const SEARCH_OPTIONS_VERSION = 5;

/** Each indexed unit is one section of one document: `${docIndex}.${sectionIndex}`. */
export const ID_FIELD = 'id';

/** Fields indexed per unit. The lead unit (section 0) carries the document-level fields. */
export const INDEX_FIELDS = ['title', 'aliases', 'tags', 'headings', 'body'] as const;
export type IndexField = (typeof INDEX_FIELDS)[number];

/** Nothing is stored per unit: document data lives once in the index envelope. */
export const STORE_FIELDS: readonly string[] = [];

/** Field weights, keeping the design's order title ≥ aliases > tags > headings > body. */
export const FIELD_BOOSTS: Readonly<Record<IndexField, number>> = { title: 8, aliases: 6, tags: 4, headings: 3, body: 1 };

/** A unit as handed to MiniSearch. */
export type IndexUnit = { id: string } & Record<IndexField, string>;

/** Identity after tokenizing: all normalisation happens in `tokenize` so index and query agree. */
export function processTerm(term: string): string {
  return term;
}

/** Query-side term processing: drops question words. */
export function processQueryTerm(term: string): string | null {
  return QUERY_STOP_WORDS.has(term) ? null : term;
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
  tokenize: (text: string) => tokenizeQuery(text),
  processTerm: processQueryTerm,
  prefix: (term: string) => isLatinTerm(term) && term.length >= 3,
  fuzzy: (term: string) => fuzzyFor(term),
  weights: { fuzzy: 0.4, prefix: 0.6 },
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

/** Runs a raw query against the index; `searchDocuments` is the function callers want. */
export function queryUnits(index: SearchIndex, query: string, expansion = ''): { id: string; score: number; terms: string[]; queryTerms: string[] }[] {
  const typed = new Set(tokenize(query));
  // Loanword expansions help recall but count less than what the user typed.
  const boostTerm = (term: string) => (typed.has(term) ? 1 : EXPANSION_WEIGHT);
  return index.search(expansion ? `${query} ${expansion}` : query, { boostTerm }).map((r) => ({ id: String(r.id), score: r.score, terms: r.terms, queryTerms: r.queryTerms }));
}

/** Weight of a term the query gained by loanword or glossary expansion. */
export const EXPANSION_WEIGHT = 0.5;

/** The query terms the user's text turns into (for highlighting and miss reports). */
export function queryTerms(query: string): string[] {
  return tokenizeQuery(query).filter((t) => processQueryTerm(t) !== null);
}

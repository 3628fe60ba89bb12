import MiniSearch, { type Options, type SearchOptions } from 'minisearch';
import { BM25, DERIVED_TERM_WEIGHTS, DERIVED_WEIGHT, EXPANSION_WEIGHT, FIELD_BOOSTS } from './ranking.ts';
export {
  BM25,
  COMMON_BODY_MIN_DOCUMENTS,
  COMMON_BODY_SHARE,
  DERIVED_TERM_WEIGHTS,
  DERIVED_WEIGHT,
  EXPANSION_WEIGHT,
  FIELD_BOOSTS,
  SECTION_RANK_DEPTH,
} from './ranking.ts';
import { derivedQueryTerms, isLatinTerm, QUERY_STOP_WORDS, isMarkedTerm, tokenize } from './tokenize.ts';
import { bestDocuments, type QuerySpec, type ScoringIndex, type Selection, type TermLookup } from './first-stage.ts';
import { termLookupOf, type TermTree } from './term-lookup.ts';

/**
 * The one search definition shared by the build, the browser and the MCP server.
 * Bump SEARCH_OPTIONS_VERSION whenever anything here changes how terms are produced or scored:
 * an index built with other options answers wrongly, so loaders refuse a mismatch.
 */
export const SEARCH_OPTIONS_VERSION = 8;

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

/** A unit as handed to MiniSearch. */
export type IndexUnit = { id: number } & Record<IndexField, string>;

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

/** A unit whose fields the build has already tokenized (with `tokenize`, as the options would). */
export interface TokenizedUnit {
  id: number;
  tokens: Record<IndexField, readonly string[]>;
}

/**
 * What `createIndex(units).toJSON()` gives, for units the build has tokenized itself and whose postings it counts
 * itself: `units` hold each field's distinct terms, `terms` every distinct term in the order MiniSearch would first file
 * it (documents, then fields, in order). Returns the document table (`table`: everything of `toJSON()` but `index`) and
 * `order`, the terms in the order `toJSON().index` lists them; the caller pairs each with its postings, one term at a
 * time (at 10,000 documents all postings as objects at once were millions of objects for the collector). MiniSearch
 * still makes the document table (field lengths, their running averages) and the order of the terms (its radix tree's),
 * each term filed once instead of once per document that has it: filing was a linear scan of the tree's root per term
 * per document. `index-build.test.ts` compares the result with MiniSearch's own byte for byte.
 */
export function serializeTokenized(units: readonly TokenizedUnit[], terms: readonly string[]): { table: Omit<SerializedIndex, 'index'>; order: string[] } {
  const { index: _none, ...table } = tokenFed(units, () => null).toJSON();
  const order = tokenFed([{ id: 0, tokens: { title: terms, aliases: [], tags: [], headings: [], body: [] } }], processTerm);
  return { table, order: order.toJSON().index.map(([term]) => term) };
}

/** A MiniSearch index fed tokens: `stringifyField` hands a field's tokens to `tokenize`, which MiniSearch calls right after it. */
function tokenFed(units: readonly TokenizedUnit[], process: (term: string) => string | null): MiniSearch<TokenizedUnit> {
  let pending: string[] = [];
  const index = new MiniSearch<TokenizedUnit>({
    ...(OPTIONS as Options<unknown>),
    extractField: (unit: TokenizedUnit, field: string) => (field === ID_FIELD ? unit.id : unit.tokens[field as IndexField]),
    stringifyField: (tokens: string[]) => {
      pending = tokens;
      return '';
    },
    tokenize: () => pending,
    processTerm: process,
  });
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

/** Runs a raw query against the index; `searchDocuments` is the function callers want. Best first, ties by position. */
export function queryDocuments(index: SearchIndex, query: string, expansion = ''): DocumentMatch[] {
  return queryBest(index, query, expansion).documents;
}

/**
 * `queryDocuments` cut to the best `selection.limit` of the documents `selection.accept` keeps, and their count. `query`
 * is a text, or the query's terms as `tokenizeQuery` gives them; `derived` (default: `derivedQueryTerms` of a text) are
 * the stems and identifier words among them, matched exactly and weighted DERIVED_WEIGHT.
 */
export function queryBest(
  index: SearchIndex,
  query: string | readonly string[],
  expansion = '',
  selection: Selection = {},
  derived: ReadonlyMap<string, string> = typeof query === 'string' ? derivedQueryTerms(query) : new Map(),
): { documents: DocumentMatch[]; total: number } {
  const own = typeof query === 'string' ? tokenize(query) : query;
  const typed = new Set(own.filter((t) => !derived.has(t)));
  // Expansions (other spellings, synonyms) help recall but count less than what the user typed.
  // Prefix and typo tolerance are for what the user typed; an expansion ('컴포넌트' → 'component') is matched exactly,
  // or 'component' would go on to match every 'componentDidMount' of a class-component reference page. Its stem is
  // left out: an expansion stands for one word, not for every form of it.
  const extra = expansion ? tokenize(expansion).filter((t) => !isMarkedTerm(t)) : [];
  const specs = [...own, ...extra].flatMap((t): QuerySpec[] => {
    const term = processQueryTerm(t);
    if (!term) return [];
    return [
      {
        term,
        prefix: typed.has(term) && prefixFor(term),
        maxDistance: typed.has(term) ? maxDistance(term, fuzzyFor(term)) : 0,
        boost: typed.has(term) ? 1 : derived.has(term) ? DERIVED_WEIGHT : EXPANSION_WEIGHT,
      },
    ];
  });
  // The same scores as `index.search(text, { boostTerm, prefix, fuzzy })`, without its per-posting objects (see first-stage.ts).
  return bestDocuments(scoringIndexOf(index), specs, { weights: DERIVED_TERM_WEIGHTS, bm25: BM25 }, selection);
}

/** The query's terms as MiniSearch's search makes them: tokenized, then stop words dropped. */
function queryTermsOf(text: string): string[] {
  return tokenize(text).flatMap((t) => {
    const term = processQueryTerm(t);
    return term ? [term] : [];
  });
}

/** MiniSearch's rule for a `fuzzy` option: below 1 a share of the term's length (at most 6), else an edit distance. */
function maxDistance(term: string, fuzzy: number | boolean): number {
  if (fuzzy === false || fuzzy === 0) return 0;
  const share = fuzzy === true ? 0.2 : fuzzy;
  return share < 1 ? Math.min(6, Math.round(term.length * share)) : share;
}

/** What `scoringIndexOf` reads of MiniSearch 7.2's private state (see lazy-postings.ts for the same reach into `_index`). */
interface MiniSearchInternals {
  _index: TermLookup;
  _documentCount: number;
  _nextId: number;
  _fieldIds: Record<string, number>;
  _avgFieldLength: number[];
  _fieldLength: Map<number, number[]>;
  _documentIds: Map<number, unknown>;
}

const scoringIndexes = new WeakMap<SearchIndex, { nextId: number; scoring: ScoringIndex }>();
const termLookups = new WeakMap<SearchIndex, { nextId: number; terms: TermLookup }>();

/**
 * Builds the tables that answer the first stage's term lookups without walking MiniSearch's tree (see term-lookup.ts):
 * 10–40 ms once at 10,000 documents, against up to milliseconds per new query word. For a server, which loads once and
 * searches often; the site's split index, which searches a few times, keeps the tree. Answers are the same either way.
 */
export function prepareTermLookup(index: SearchIndex): void {
  const m = index as unknown as Partial<MiniSearchInternals>;
  const tree = m._index as Partial<TermTree> | undefined;
  if (typeof tree?.[Symbol.iterator] !== 'function' || typeof m._nextId !== 'number') {
    throw new Error('MiniSearch no longer keeps its index state where src/lib/search/contract.ts expects it (prepareTermLookup); update it with the upgrade.');
  }
  termLookups.set(index, { nextId: m._nextId, terms: termLookupOf(tree as TermTree) });
  scoringIndexes.delete(index);
}

/**
 * The flat view of an index that `bestDocuments` reads, built once per index (and again only if documents
 * were added since). Throws rather than answering wrongly if a MiniSearch upgrade renamed its private fields;
 * `first-stage.test.ts` pins them.
 */
function scoringIndexOf(index: SearchIndex): ScoringIndex {
  // Private in MiniSearch; the shape is checked below and by the tests.
  const m = index as unknown as Partial<MiniSearchInternals>;
  const known = scoringIndexes.get(index);
  if (known && known.nextId === m._nextId) return known.scoring;
  if (
    !m._index ||
    !m._fieldIds ||
    !m._avgFieldLength ||
    !(m._fieldLength instanceof Map) ||
    !(m._documentIds instanceof Map) ||
    typeof m._nextId !== 'number'
  ) {
    throw new Error('MiniSearch no longer keeps its index state where src/lib/search/contract.ts expects it (scoringIndexOf); update it with the upgrade.');
  }
  const stride = Object.keys(m._fieldIds).length;
  const externalIds = new Int32Array(m._nextId).fill(-1);
  const fieldLengths = new Float64Array(m._nextId * stride);
  for (const [short, id] of m._documentIds) {
    externalIds[short] = Number(id);
    m._fieldLength.get(short)?.forEach((length, f) => (fieldLengths[short * stride + f] = length));
  }
  const fields = INDEX_FIELDS.map((field) => {
    const id = m._fieldIds![field]!;
    return { id, boost: FIELD_BOOSTS[field] || 1, averageLength: m._avgFieldLength![id]! };
  });
  // Tables built for another set of documents may lack terms added since: the tree answers then.
  const lookup = termLookups.get(index);
  const terms = lookup?.nextId === m._nextId ? lookup.terms : m._index;
  const scoring: ScoringIndex = { terms, documentCount: m._documentCount ?? 0, fields, fieldLengths, stride, externalIds };
  scoringIndexes.set(index, { nextId: m._nextId, scoring });
  return scoring;
}

/**
 * Documents (by position) that have every one of the given index terms, matched exactly: what MiniSearch's
 * `search({ combineWith: 'AND', queries: terms }, { prefix: false, fuzzy: false })` returns, by intersecting
 * the postings instead of scoring them. Each term is tokenized as a query is; one that yields nothing matches nothing.
 */
export function queryAll(index: SearchIndex, terms: readonly string[]): number[] {
  const scoring = scoringIndexOf(index);
  const tokens: string[] = [];
  for (const text of terms) {
    const own = queryTermsOf(text);
    if (!own.length) return [];
    tokens.push(...own);
  }
  if (!tokens.length) return [];
  // Per document, how many tokens in a row it has had (a typed array, not a Set per token: the spellings ask this of common words).
  const reached = new Int32Array(scoring.externalIds.length);
  for (let k = 0; k < tokens.length; k++) {
    const postings = scoring.terms.get(tokens[k]!);
    let found = 0;
    for (const field of scoring.fields) {
      postings?.get(field.id)?.forEach((_, short) => {
        if (reached[short] === k && (scoring.externalIds[short] ?? -1) >= 0) {
          reached[short] = k + 1;
          found++;
        }
      });
    }
    if (!found) return [];
  }
  const out: number[] = [];
  for (let short = 0; short < reached.length; short++) if (reached[short] === tokens.length) out.push(scoring.externalIds[short]!);
  return out;
}

/** The query terms the user's text turns into (for highlighting and miss reports). */
export function queryTerms(query: string): string[] {
  return tokenize(query).filter((t) => processQueryTerm(t) !== null);
}

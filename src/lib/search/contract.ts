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
import { bestDocuments, type QuerySpec, type ScoringIndex, type Selection } from './first-stage.ts';
import { TermTable } from './term-lookup.ts';

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

/**
 * The index as searches read it, owned by this module: its terms (`TermTable`) and the document table BM25 needs.
 * MiniSearch makes the build's postings and document table (through its public `addAll` and `toJSON`); nothing here
 * reads its private state, and a search never runs MiniSearch's own code.
 */
export interface SearchIndex extends ScoringIndex {
  readonly terms: TermTable;
}
/** MiniSearch's serialised form (its public `toJSON()`), stored inside the index envelope. */
export type SerializedIndex = ReturnType<MiniSearch<IndexUnit>['toJSON']>;

/** The `serializationVersion` of MiniSearch's `toJSON()` this module reads; another is refused. */
const SERIALIZATION_VERSION = 2;

/** Builds an index over the given units. */
export function createIndex(units: readonly IndexUnit[]): SearchIndex {
  return loadIndex(createMiniSearch(units).toJSON());
}

/** MiniSearch over the given units with the contract's options (the build's index; tests compare the search with its `search`). */
export function createMiniSearch(units: readonly IndexUnit[]): MiniSearch<IndexUnit> {
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

/** MiniSearch restored from its serialised form with the contract's options (tests compare the search with its `search`). */
export function loadMiniSearch(json: SerializedIndex): MiniSearch<IndexUnit> {
  return MiniSearch.loadJS<IndexUnit>(json, OPTIONS);
}

/** Restores an index serialised by `createMiniSearch(...).toJSON()` with its postings, each term in the order `toJSON` lists it. */
export function loadIndex(json: SerializedIndex): SearchIndex {
  const index = loadIndexShell(json);
  for (const [term, byField] of json.index) {
    const postings = new Map<number, Map<number, number>>();
    for (const [field, docs] of Object.entries(byField)) postings.set(Number(field), new Map(Object.entries(docs).map(([short, tf]) => [Number(short), tf])));
    index.terms.set(term, postings);
  }
  return index;
}

/**
 * Restores an index's document table from MiniSearch's serialised form, without any postings (see `lazy-postings.ts`,
 * which adds them): the field ids and mean lengths, each document's field lengths and external id by its short id.
 */
export function loadIndexShell(json: SerializedIndex): SearchIndex {
  if (json.serializationVersion !== SERIALIZATION_VERSION) {
    throw new Error(`index.serializationVersion is ${String(json.serializationVersion)}, expected ${SERIALIZATION_VERSION}.`);
  }
  const stride = Object.keys(json.fieldIds).length;
  const externalIds = new Int32Array(json.nextId).fill(-1);
  const fieldLengths = new Float64Array(json.nextId * stride);
  for (const short in json.documentIds) {
    const at = Number(short);
    if (!(at >= 0 && at < json.nextId)) throw new Error(`index.documentIds has short id ${short}, outside 0–${json.nextId - 1}.`);
    externalIds[at] = Number(json.documentIds[at]);
    json.fieldLength[at]?.forEach((length, f) => (fieldLengths[at * stride + f] = length));
  }
  const fields = INDEX_FIELDS.map((field) => {
    const id = json.fieldIds[field];
    if (id === undefined) throw new Error(`index.fieldIds has no ${field}.`);
    return { id, boost: FIELD_BOOSTS[field] || 1, averageLength: json.averageFieldLength[id] ?? 0 };
  });
  return { terms: new TermTable(), documentCount: json.documentCount, fields, fieldLengths, stride, externalIds };
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
  return bestDocuments(index, specs, { weights: DERIVED_TERM_WEIGHTS, bm25: BM25 }, selection);
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

/** Builds the tables of prefix and typo lookups now, rather than in the first query that makes one (a server's load; see term-lookup.ts). */
export function prepareTermLookup(index: SearchIndex): void {
  index.terms.prepare();
}

/**
 * Documents (by position) that have every one of the given index terms, matched exactly: what MiniSearch's
 * `search({ combineWith: 'AND', queries: terms }, { prefix: false, fuzzy: false })` returns, by intersecting
 * the postings instead of scoring them. Each term is tokenized as a query is; one that yields nothing matches nothing.
 */
export function queryAll(index: SearchIndex, terms: readonly string[]): number[] {
  const scoring = index;
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

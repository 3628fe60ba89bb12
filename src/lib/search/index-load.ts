import * as z from 'zod';
import { loadIndexLazily, loadIndexVocabulary } from './lazy-postings.ts';
import { chunkStarts, decodeFilterRows, restoreShell, shardOf } from './index-split.ts';
import { SplitSectionPostings } from './split-pieces.ts';
import { queryAll, SEARCH_OPTIONS_VERSION, type SearchIndex } from './contract.ts';
import { synonymMatcher, type SynonymMatcher } from './synonyms.ts';
import type { SpellingsOf } from './expand.ts';
import { adoptNameTable, namingWords } from './names.ts';
import { createSpellings } from './spellings.ts';
import { bodyPostingsOf, SectionPostingsTable, shortIdsOf } from './section-postings.ts';
import type { DerivePostings } from './postings.ts';
import {
  INDEX_ENVELOPE_VERSION,
  IndexEnvelopeSchema,
  SPLIT_INDEX_VERSION,
  SplitBaseSchema,
  SplitChunkSchema,
  SplitInitialsSchema,
  SplitShardSchema,
  type IndexEnvelope,
  type SearchDocument,
  type SectionStats,
} from './index-schema.ts';

/** A loaded, queryable search: the document table plus the restored index. */
export interface LoadedSearch {
  documents: readonly SearchDocument[];
  index: SearchIndex;
  synonyms: readonly (readonly string[])[];
  matcher: SynonymMatcher;
  sectionStats: SectionStats;
  /** Per term, in how many sections it occurs in each field (INDEX_FIELDS order). */
  sectionFrequency: ReadonlyMap<string, readonly number[]>;
  /** Other spellings of a query word found in this corpus (loanwords by sound, typos by one jamo). */
  spellings: SpellingsOf;
  /** Per term, how often it occurs in each section's prose (what the section ranking counts). */
  sectionPostings: SectionPostingsTable;
  /** Only for the site's split index: the shards searches found missing, and how to fetch them. */
  shards?: ShardLoader;
}

/** The site's split index as loaded: a search fetches the shards its terms are in, then searches again. */
export interface ShardLoader {
  /** Files that searches since the last call needed but did not have (cleared by the call): term shards first, then document chunks. */
  takeMissing(): string[];
  /** Fetches files and adds their postings or documents; later searches see them. */
  fetch(files: readonly string[]): Promise<void>;
  /** Fetches the document details now when they are one file (a small wiki), so no hit waits for them. */
  preloadDetails(): Promise<void>;
  /** False for a document whose details (sections, url, summary) are not fetched yet. */
  has(document: SearchDocument): boolean;
}

/**
 * Validates an envelope (already JSON-parsed) and restores the index; throws a message that says what to do. With
 * `validate: false` (a file whose hash a manifest has vouched for, checked against the schema later: see
 * `mcp/artifacts.ts`) only the versions and the shape of what restoring reads are checked, not every document's fields.
 */
export function loadSearch(json: unknown, { validate = true }: { validate?: boolean } = {}): LoadedSearch {
  const data = validate ? parseOrExplain(IndexEnvelopeSchema, json, INDEX_ENVELOPE_VERSION, 'Search index') : shallowEnvelope(json);
  const sectionPostings = new SectionPostingsTable();
  const table = termTable();
  let index;
  try {
    index = loadIndexLazily(data.index, data.postings, table.onExtra, table.collect, bodyFromSections(data.index, sectionPostings));
    sectionPostings.add(data.sectionPostings);
  } catch (e) {
    throw new Error(`Search index is malformed: ${(e as Error).message} Rebuild with \`npm run build\`.`, { cause: e });
  }
  return assemble(data, namingWords(data.documents), index, table, sectionPostings).loaded;
}

/**
 * Loads the site's split index from its base (`_wiki/search/base.json`, parsed); `fetchFile(name)` gives another of
 * its files (`terms-<n>.json`, `docs-<n>.json`, `initials.json`, parsed). A search fetches what it needs through
 * `shards`: the term shards of its terms, then (once every term is there) the document chunks of the documents the
 * section stage scores (their details and their counts of the very common terms), then the 초성 initials if a ranking
 * read a title it had no details for; it ranks again each time, so answers equal the whole index's.
 */
export function loadSplitSearch(json: unknown, fetchFile: (file: string) => Promise<unknown>): LoadedSearch {
  const data = parseOrExplain(SplitBaseSchema, json, SPLIT_INDEX_VERSION, 'Split search index');
  const loaded = new Set<string>();
  const inflight = new Map<string, Promise<unknown>>();
  const latinSplit = new Set(data.latinSplit);
  const missingTerms = new Set<string>();
  // Documents whose details a ranking read while they were not there; whether one read a title (for 초성 initials).
  const touched = new Set<number>();
  let wantInitials = false;
  let initials: string[][] | undefined;
  const want = (term: string) => {
    const file = `terms-${shardOf(term, data.shards, latinSplit)}.json`;
    if (!loaded.has(file)) missingTerms.add(file);
  };
  let rows;
  try {
    rows = decodeFilterRows(data.rows);
  } catch (e) {
    throw new Error(`Split search index is malformed: ${(e as Error).message} Rebuild with \`npm run build\`.`, { cause: e });
  }
  const starts = chunkStarts(data.chunks);
  const chunkOf = (doc: number) => {
    let lo = 0;
    for (let hi = starts.length - 1; lo < hi;) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= doc) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  const pending = (doc: number) =>
    new PendingDocument(
      rows[doc]!,
      () => touched.add(doc),
      () => initials?.[doc] ?? void (wantInitials = true),
    ) as SearchDocument;
  const documents: SearchDocument[] = rows.map((_, doc) => pending(doc));
  adoptNameTable(documents, data.names);
  const table = termTable();
  const sectionPostings = new SplitSectionPostings(
    (term) => table.terms.has(term) && want(term),
    (doc) => touched.add(doc),
  );
  let vocabulary;
  try {
    const shell = restoreShell(data);
    vocabulary = loadIndexVocabulary(shell, data.vocabulary, table.onExtra, table.collect, want, bodyFromSections(shell, sectionPostings));
  } catch (e) {
    throw new Error(`Split search index is malformed: ${(e as Error).message} Rebuild with \`npm run build\`.`, { cause: e });
  }
  const { loaded: search, forget } = assemble({ ...data, documents }, data.naming, vocabulary.index, table, sectionPostings);
  const malformed = (file: string, what: string) => new Error(`Split search index ${what} ${file} is malformed. Rebuild with \`npm run build\`.`);
  const addChunk = (file: string, json: unknown) => {
    const chunk = SplitChunkSchema.safeParse(json);
    const n = Number(file.slice(5, -5));
    const first = starts[n] ?? 0;
    const size = (starts[n + 1] ?? rows.length) - first;
    // With pieced terms every document has its line of counts (maybe empty); without, the chunk has none.
    const lines = chunk.success ? chunk.data.pieced?.length : undefined;
    if (!chunk.success || chunk.data.documents.length !== size || lines !== (data.pieced ? size : undefined)) throw malformed(file, 'chunk');
    const { documents: details, pieced } = chunk.data;
    try {
      details.forEach((_, i) => sectionPostings.addDocument(first + i, pieced?.[i] ?? '', `document ${i}`));
    } catch (e) {
      throw new Error(`Split search index chunk ${file} is malformed: ${(e as Error).message} Rebuild with \`npm run build\`.`, { cause: e });
    }
    details.forEach((detail, i) => (documents[first + i] = { ...rows[first + i]!, ...detail }));
  };
  const add = (file: string, json: unknown) => {
    if (file.startsWith('docs-')) {
      addChunk(file, json);
    } else if (file === 'initials.json') {
      const names = SplitInitialsSchema.safeParse(json);
      const lines = names.success ? names.data.names.split('\n') : [];
      if (lines.length !== rows.length) throw malformed(file, 'file');
      initials = lines.map((line) => line.split('\t'));
    } else {
      const shard = SplitShardSchema.safeParse(json);
      if (!shard.success) throw malformed(file, 'shard');
      try {
        sectionPostings.addPieced(shard.data.pieced, data.pieced);
      } catch (e) {
        throw new Error(`Split search index shard ${file} is malformed: ${(e as Error).message} Rebuild with \`npm run build\`.`, { cause: e });
      }
      vocabulary.supply(shard.data.postings);
      sectionPostings.add(shard.data.sectionPostings);
    }
  };
  const shards: ShardLoader = {
    takeMissing: () => {
      // Details (with pieced counts) are fetched only for a ranking made with every term's postings: others may section-score
      // documents that fall out. Initials come last: the section stage reads the titles of documents whose details are coming.
      const details = [...new Set([...touched].map((doc) => `docs-${chunkOf(doc)}.json`))];
      const out = missingTerms.size ? [...missingTerms] : details.length ? details : wantInitials ? ['initials.json'] : [];
      // The search caches what it prepares from a document object: a fresh placeholder makes the next ranking ask again.
      if (missingTerms.size) for (const doc of touched) documents[doc] = pending(doc);
      missingTerms.clear();
      touched.clear();
      wantInitials = false;
      // Files an earlier search is still fetching: this ranking may have read their terms or documents as missing
      // without asking again (a prepared document, a term already asked for), so it waits for them and ranks again.
      return (out.length ? out : [...inflight.keys()]).sort();
    },
    has: (document) => !(document instanceof PendingDocument),
    preloadDetails: async () => {
      if (starts.length === 1) await shards.fetch(['docs-0.json']);
    },
    fetch: async (wanted) => {
      const files = wanted.filter((f) => !loaded.has(f));
      // One request per file, shared by searches that overlap (a person typing faster than the files arrive).
      for (const f of files) if (!inflight.has(f)) inflight.set(f, fetchFile(f));
      try {
        const fetched = await Promise.all(files.map(async (f) => [f, await inflight.get(f)] as const));
        for (const [file, json] of fetched) {
          if (loaded.has(file)) continue;
          add(file, json);
          loaded.add(file);
        }
      } finally {
        // Added, or failed (a later search may try again).
        for (const f of files) inflight.delete(f);
      }
      // Co-occurrence answers computed without these postings were partial.
      forget();
    },
  };
  return { ...search, shards };
}

/**
 * A document whose details are not fetched yet: reading them reports it (and gives empty values until the next
 * ranking). Its title and aliases are their 초성 initials once `initials.json` is fetched (all a 초성 query reads).
 */
class PendingDocument {
  readonly project: string;
  readonly category: string;
  readonly tags: string[];
  readonly #want: () => void;
  readonly #initials: () => string[] | undefined;
  constructor(row: Pick<SearchDocument, 'project' | 'category' | 'tags'>, want: () => void, initials: () => string[] | undefined) {
    ({ project: this.project, category: this.category, tags: this.tags } = row);
    this.#want = want;
    this.#initials = initials;
  }
  get title(): string {
    return this.#initials()?.[0] ?? '';
  }
  get aliases(): string[] {
    return this.#initials()?.slice(1) ?? [];
  }
  get id(): string {
    this.#want();
    return '';
  }
  get sections(): SearchDocument['sections'] {
    this.#want();
    return [];
  }
  get summary(): string {
    this.#want();
    return '';
  }
  get url(): string {
    this.#want();
    return '';
  }
  get updatedAt(): string {
    this.#want();
    return '';
  }
}

/**
 * Derives a term's body postings from its section postings (a document's frequency is the sum over its
 * sections); the postings line carries a patch for the documents where the two differ (see `index-build.ts`).
 */
function bodyFromSections(index: IndexEnvelope['index'], sectionPostings: SectionPostingsTable): DerivePostings {
  const shortOf = shortIdsOf(index.documentIds);
  return (term) => bodyPostingsOf(sectionPostings.get(term), shortOf);
}

/** The envelope's versions and the types of what `loadSearch` reads, without walking every document's fields. */
function shallowEnvelope(json: unknown): IndexEnvelope {
  const data = json as Partial<Record<keyof IndexEnvelope, unknown>> | null;
  const wrong = (what: string) => new Error(`Search index is malformed: ${what}. Rebuild with \`npm run build\`.`);
  if (typeof data !== 'object' || data === null) throw wrong('not an object');
  if (data.version !== INDEX_ENVELOPE_VERSION) {
    throw new Error(
      `Search index version ${JSON.stringify(data.version)} is not supported (expected ${INDEX_ENVELOPE_VERSION}). Rebuild with \`npm run build\`.`,
    );
  }
  if (data.searchOptionsVersion !== SEARCH_OPTIONS_VERSION) {
    throw new Error(
      `Search index was built with search options version ${String(data.searchOptionsVersion)}, but this code uses version ${SEARCH_OPTIONS_VERSION}. Rebuild with \`npm run build\`.`,
    );
  }
  for (const key of ['documents', 'synonyms', 'commonTerms'] as const) if (!Array.isArray(data[key])) throw wrong(`${key} is not an array`);
  for (const key of ['postings', 'sectionPostings'] as const) if (typeof data[key] !== 'string') throw wrong(`${key} is not a string`);
  if (typeof data.sectionStats !== 'object' || data.sectionStats === null) throw wrong('sectionStats is not an object');
  if (typeof data.index !== 'object' || data.index === null || !('serializationVersion' in data.index)) throw wrong('index must be MiniSearch.toJSON() output');
  return data as IndexEnvelope;
}

function parseOrExplain<T extends z.ZodType>(schema: T, json: unknown, expected: number, what: string): z.output<T> {
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const version = (json as { version?: unknown } | null)?.version;
    if (version !== undefined && version !== expected) {
      throw new Error(`${what} version ${JSON.stringify(version)} is not supported (expected ${expected}). Rebuild with \`npm run build\`.`);
    }
    throw new Error(
      `${what} is malformed: ${parsed.error.issues[0]?.path.join('.') ?? ''} ${parsed.error.issues[0]?.message ?? ''}. Rebuild with \`npm run build\`.`,
    );
  }
  const data = parsed.data as { searchOptionsVersion: number };
  if (data.searchOptionsVersion !== SEARCH_OPTIONS_VERSION) {
    throw new Error(
      `Search index was built with search options version ${data.searchOptionsVersion}, but this code uses version ${SEARCH_OPTIONS_VERSION}. Rebuild with \`npm run build\`.`,
    );
  }
  return parsed.data;
}

/** The per-term figures gathered while terms are registered. */
function termTable() {
  const sectionFrequency = new Map<string, number[]>();
  const latin: string[] = [];
  const grams: string[] = [];
  const terms = new Set<string>();
  return {
    sectionFrequency,
    latin,
    grams,
    terms,
    onExtra: (term: string, counts: number[]) => void sectionFrequency.set(term, counts),
    collect: (term: string) => {
      terms.add(term);
      if (/^[a-z]{3,}$/.test(term)) latin.push(term);
      else if (/^\p{Script=Hangul}{2}$/u.test(term)) grams.push(term);
    },
  };
}

function assemble(
  data: Pick<IndexEnvelope, 'documents' | 'synonyms' | 'sectionStats'>,
  naming: string[],
  index: SearchIndex,
  table: ReturnType<typeof termTable>,
  sectionPostings: SectionPostingsTable,
): { loaded: LoadedSearch; forget: () => void } {
  const together = cooccurrence(index);
  return {
    forget: together.forget,
    loaded: {
      documents: data.documents,
      index,
      synonyms: data.synonyms,
      matcher: synonymMatcher(data.synonyms),
      sectionStats: data.sectionStats,
      sectionFrequency: table.sectionFrequency,
      sectionPostings,
      spellings: createSpellings({
        latin: table.latin,
        hangul: naming,
        bigrams: table.grams,
        frequency: (t) => (table.sectionFrequency.get(t) ?? []).reduce((a, b) => a + b, 0),
        has: (t) => table.terms.has(t),
        together: together.share,
      }),
    },
  };
}

/** Share of documents two term lists have in common (of the smaller list's documents, smoothed; 0 below two shared pages). */
function cooccurrence(index: SearchIndex): { share: (a: readonly string[], b: readonly string[]) => number; forget: () => void } {
  // Sorted document lists, compact and bounded: the spellings ask about a few dozen word pairs per query.
  const cache = new Map<string, Int32Array>();
  // A common term's body postings are not indexed, so its documents here are those naming it in a title, alias, tag or heading.
  const documentsWith = (terms: readonly string[]) => {
    const key = terms.join(' ');
    let docs = cache.get(key);
    if (!docs) {
      if (cache.size >= COOCCURRENCE_KEPT) cache.delete(cache.keys().next().value!);
      docs = new Int32Array(queryAll(index, terms));
      // Ascending already when short ids follow the documents' order (as the build writes them); sorted otherwise.
      if (docs.some((doc, i) => i > 0 && doc < docs![i - 1]!)) docs.sort();
      cache.set(key, docs);
    }
    return docs;
  };
  const share = (a: readonly string[], b: readonly string[]) => {
    const [x, y] = [documentsWith(a), documentsWith(b)];
    if (!x.length || !y.length) return 0;
    let both = 0;
    for (let i = 0, j = 0; i < x.length && j < y.length;) {
      if (x[i]! < y[j]!) i++;
      else if (x[i]! > y[j]!) j++;
      else {
        both++;
        i++;
        j++;
      }
    }
    // Smoothed, and one shared page is not enough: a rare word would pair with everything on its page.
    return both < 2 ? 0 : both / (Math.min(x.length, y.length) + 1);
  };
  return { share, forget: () => cache.clear() };
}

const COOCCURRENCE_KEPT = 2000;

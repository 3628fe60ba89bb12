// The loaded search and the site's split index loader. The split loader runs in the search worker, so this module and
// what it imports stay free of zod (a validator bigger than the search itself): the split files are the build's own,
// listed with their hashes in the manifest, and are checked here by hand for the shape the loader reads.
import { loadIndexVocabulary } from './lazy-postings.ts';
import { chunkStarts, decodeFilterRows, restoreShell, shardOf } from './index-split.ts';
import { SplitSectionPostings } from './split-pieces.ts';
import { queryAll, SEARCH_OPTIONS_VERSION, type SearchIndex } from './contract.ts';
import { synonymMatcher, type SynonymMatcher } from './synonyms.ts';
import type { SpellingsOf } from './expand.ts';
import { adoptNameTable } from './names.ts';
import { createSpellings } from './spellings.ts';
import { bodyPostingsOf, SectionPostingsTable, shortIdsOf } from './section-postings.ts';
import type { DerivePostings } from './postings.ts';
import { SPLIT_INDEX_VERSION } from './index-versions.ts';
import type { IndexEnvelope, SearchDocument, SectionStats, SplitBase, SplitChunk, SplitInitials, SplitShard } from './index-schema.ts';

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
  /**
   * Every document's names as 초성 search reads them (title first, then aliases and their Hangul readings:
   * `initials.json`), once fetched; before, undefined, and the next `takeMissing` asks for the file.
   */
  initials(): readonly (readonly string[])[] | undefined;
}

/**
 * Loads the site's split index from its base (`_wiki/search/base.json`, parsed); `fetchFile(name)` gives another of
 * its files (`terms-<n>.json`, `docs-<n>.json`, `initials.json`, parsed). A search fetches what it needs through
 * `shards`: the term shards of its terms, then (once every term is there) the document chunks of the documents the
 * section stage scores (their details and their counts of the very common terms), then the 초성 initials if a ranking
 * read a title it had no details for; it ranks again each time, so answers equal the whole index's.
 */
export function loadSplitSearch(json: unknown, fetchFile: (file: string) => Promise<unknown>): LoadedSearch {
  const data = checkSplitBase(json);
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
    const chunk = isSplitChunk(json) ? { success: true as const, data: json } : { success: false as const };
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
      const names = isSplitInitials(json) ? { success: true as const, data: json } : { success: false as const };
      const lines = names.success ? names.data.names.split('\n') : [];
      if (lines.length !== rows.length) throw malformed(file, 'file');
      initials = lines.map((line) => line.split('\t'));
    } else {
      const shard = isSplitShard(json) ? { success: true as const, data: json } : { success: false as const };
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
    initials: () => initials ?? void (wantInitials = true),
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
export function bodyFromSections(index: IndexEnvelope['index'], sectionPostings: SectionPostingsTable): DerivePostings {
  const shortOf = shortIdsOf(index.documentIds);
  return (term) => bodyPostingsOf(sectionPostings.get(term), shortOf);
}

/** The per-term figures gathered while terms are registered. */
export function termTable() {
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

export function assemble(
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

/** The split base's versions and the types of every field the loader reads; throws a message that names the field. */
function checkSplitBase(json: unknown): SplitBase {
  const data = json as Record<string, unknown> | null;
  const wrong = (what: string) => new Error(`Split search index is malformed: ${what}. Rebuild with \`npm run build\`.`);
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw wrong('not an object');
  if (data['version'] !== SPLIT_INDEX_VERSION) {
    throw new Error(
      `Split search index version ${JSON.stringify(data['version'])} is not supported (expected ${SPLIT_INDEX_VERSION}). Rebuild with \`npm run build\`.`,
    );
  }
  if (data['searchOptionsVersion'] !== SEARCH_OPTIONS_VERSION) {
    throw new Error(
      `Search index was built with search options version ${String(data['searchOptionsVersion'])}, but this code uses version ${SEARCH_OPTIONS_VERSION}. Rebuild with \`npm run build\`.`,
    );
  }
  for (const key of ['chunks', 'names', 'vocabulary'] as const) if (typeof data[key] !== 'string') throw wrong(`${key} is not a string`);
  if (data['fieldLengths'] !== undefined && typeof data['fieldLengths'] !== 'string') throw wrong('fieldLengths is not a string');
  for (const key of ['naming', 'latinSplit'] as const) if (!isStrings(data[key])) throw wrong(`${key} is not a list of strings`);
  if (!Array.isArray(data['synonyms']) || !data['synonyms'].every(isStrings)) throw wrong('synonyms is not a list of lists of strings');
  if (!Number.isInteger(data['shards']) || (data['shards'] as number) < 1) throw wrong('shards is not a positive whole number');
  if (!Number.isInteger(data['pieced']) || (data['pieced'] as number) < 0) throw wrong('pieced is not a whole number');
  const rows = data['rows'] as Record<string, unknown> | null;
  if (typeof rows !== 'object' || rows === null || !['projects', 'categories', 'tags'].every((k) => isStrings(rows[k])) || typeof rows['filters'] !== 'string')
    throw wrong('rows is not { projects, categories, tags, filters }');
  const stats = data['sectionStats'] as Record<string, unknown> | null;
  if (
    typeof stats !== 'object' ||
    stats === null ||
    typeof stats['sections'] !== 'number' ||
    typeof stats['averageTerms'] !== 'object' ||
    stats['averageTerms'] === null
  )
    throw wrong('sectionStats is not { sections, averageTerms }');
  const index = data['index'];
  if (typeof index !== 'object' || index === null || !('serializationVersion' in index)) throw wrong('index must be MiniSearch.toJSON() output');
  return data as unknown as SplitBase;
}

function isStrings(v: unknown): v is string[] {
  return Array.isArray(v) && v.every((s) => typeof s === 'string');
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const isWhole = (v: unknown, least: number) => Number.isInteger(v) && (v as number) >= least;

function isSection(v: unknown): boolean {
  return (
    isRecord(v) &&
    typeof v['anchor'] === 'string' &&
    typeof v['heading'] === 'string' &&
    isWhole(v['depth'], -Infinity) &&
    isWhole(v['line'], 1) &&
    isWhole(v['terms'], 0) &&
    (v['path'] === undefined || isStrings(v['path']))
  );
}

/** `docs-<n>.json`: every document's details (as `SplitDetailSchema` has them) and maybe its pieced counts. */
function isSplitChunk(v: unknown): v is SplitChunk {
  const isDetail = (d: unknown) =>
    isRecord(d) &&
    ['id', 'title', 'updatedAt', 'url', 'summary'].every((k) => typeof d[k] === 'string') &&
    isStrings(d['aliases']) &&
    Array.isArray(d['sections']) &&
    d['sections'].every(isSection);
  return isRecord(v) && Array.isArray(v['documents']) && v['documents'].every(isDetail) && (v['pieced'] === undefined || isStrings(v['pieced']));
}

function isSplitInitials(v: unknown): v is SplitInitials {
  return isRecord(v) && typeof v['names'] === 'string';
}

function isSplitShard(v: unknown): v is SplitShard {
  return isRecord(v) && typeof v['postings'] === 'string' && typeof v['sectionPostings'] === 'string' && typeof v['pieced'] === 'string';
}

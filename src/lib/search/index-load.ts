import * as z from 'zod';
import { loadIndexLazily, loadIndexVocabulary } from './lazy-postings.ts';
import { shardOf } from './index-split.ts';
import { queryAll, SEARCH_OPTIONS_VERSION, type SearchIndex } from './contract.ts';
import { synonymMatcher, type SynonymMatcher } from './synonyms.ts';
import { hangulStem, type SpellingsOf } from './expand.ts';
import { createSpellings } from './spellings.ts';
import { SectionPostingsTable } from './section-postings.ts';
import type { DerivePostings } from './postings.ts';
import {
  INDEX_ENVELOPE_VERSION,
  IndexEnvelopeSchema,
  SPLIT_INDEX_VERSION,
  SplitBaseSchema,
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
  /** Shards that searches since the last call needed but did not have (cleared by the call). */
  takeMissing(): number[];
  /** Fetches shards and adds their postings; later searches see them. */
  fetch(shards: readonly number[]): Promise<void>;
}

/** Validates an envelope (already JSON-parsed) and restores the index; throws a message that says what to do. */
export function loadSearch(json: unknown): LoadedSearch {
  const data = parseOrExplain(IndexEnvelopeSchema, json, INDEX_ENVELOPE_VERSION, 'Search index');
  const sectionPostings = new SectionPostingsTable();
  const table = termTable();
  let index;
  try {
    index = loadIndexLazily(data.index, data.postings, table.onExtra, table.collect, bodyFromSections(data.index, sectionPostings));
    sectionPostings.add(data.sectionPostings);
  } catch (e) {
    throw new Error(`Search index is malformed: ${(e as Error).message} Rebuild with \`npm run build\`.`, { cause: e });
  }
  return assemble(data, index, table, sectionPostings).loaded;
}

/**
 * Loads the site's split index from its base (`_wiki/search/base.json`, parsed); `fetchShard(n)` gives shard n
 * (`terms-<n>.json`, parsed). `search` fetches what a query needs through `shards`, so answers equal the whole index's.
 */
export function loadSplitSearch(json: unknown, fetchShard: (shard: number) => Promise<unknown>): LoadedSearch {
  const data = parseOrExplain(SplitBaseSchema, json, SPLIT_INDEX_VERSION, 'Split search index');
  const loadedShards = new Set<number>();
  const missing = new Set<number>();
  const want = (term: string) => {
    const shard = shardOf(term, data.shards);
    if (!loadedShards.has(shard)) missing.add(shard);
  };
  const table = termTable();
  const sectionPostings = new SectionPostingsTable((term) => table.terms.has(term) && want(term));
  let vocabulary;
  try {
    vocabulary = loadIndexVocabulary(data.index, data.vocabulary, table.onExtra, table.collect, want, bodyFromSections(data.index, sectionPostings));
  } catch (e) {
    throw new Error(`Split search index is malformed: ${(e as Error).message} Rebuild with \`npm run build\`.`, { cause: e });
  }
  const { loaded, forget } = assemble(data, vocabulary.index, table, sectionPostings);
  const shards: ShardLoader = {
    takeMissing: () => {
      const out = [...missing].sort((a, b) => a - b);
      missing.clear();
      return out;
    },
    fetch: async (wanted) => {
      const fetched = await Promise.all(wanted.filter((n) => !loadedShards.has(n)).map(async (n) => [n, await fetchShard(n)] as const));
      for (const [n, json] of fetched) {
        if (loadedShards.has(n)) continue;
        const shard = SplitShardSchema.safeParse(json);
        if (!shard.success) throw new Error(`Split search index shard ${n} is malformed. Rebuild with \`npm run build\`.`);
        vocabulary.supply(shard.data.postings);
        sectionPostings.add(shard.data.sectionPostings);
        loadedShards.add(n);
      }
      // Co-occurrence answers computed without these postings were partial.
      forget();
    },
  };
  return { ...loaded, shards };
}

/**
 * Derives a term's body postings from its section postings (a document's frequency is the sum over its
 * sections); the postings line carries a patch for the documents where the two differ (see `index-build.ts`).
 */
function bodyFromSections(index: IndexEnvelope['index'], sectionPostings: SectionPostingsTable): DerivePostings {
  // Section postings count by position in the document table (MiniSearch's external id), postings by short id.
  const shortOf = new Map<number, number>();
  for (const [short, id] of Object.entries(index.documentIds)) shortOf.set(Number(id), Number(short));
  return (term) => {
    const out = new Map<number, number>();
    for (const [doc, flat] of sectionPostings.get(term) ?? []) {
      let sum = 0;
      for (let i = 1; i < flat.length; i += 2) sum += flat[i]!;
      const short = shortOf.get(doc);
      if (short !== undefined) out.set(short, sum);
    }
    return out;
  };
}

function parseOrExplain<T extends z.ZodType>(schema: T, json: unknown, expected: number, what: string): z.output<T> {
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const version = (json as { version?: unknown } | null)?.version;
    if (version !== undefined && version !== expected) {
      throw new Error(`${what} version ${String(version)} is not supported (expected ${expected}). Rebuild with \`npm run build\`.`);
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
        hangul: namingWords(data.documents),
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
  const cache = new Map<string, Set<number>>();
  // A common term's body postings are not indexed, so its documents here are those naming it in a title, alias, tag or heading.
  const documentsWith = (terms: readonly string[]) => {
    const key = terms.join(' ');
    if (!cache.has(key)) cache.set(key, new Set(queryAll(index, terms)));
    return cache.get(key)!;
  };
  const share = (a: readonly string[], b: readonly string[]) => {
    const [x, y] = [documentsWith(a), documentsWith(b)];
    if (!x.size || !y.size) return 0;
    let both = 0;
    for (const d of x) if (y.has(d)) both++;
    // Smoothed, and one shared page is not enough: a rare word would pair with everything on its page.
    return both < 2 ? 0 : both / (Math.min(x.size, y.size) + 1);
  };
  return { share, forget: () => cache.clear() };
}

/** Hangul words of titles, aliases, tags and headings (particles stripped): the names an English query may mean. */
function namingWords(documents: readonly SearchDocument[]): string[] {
  const words = new Set<string>();
  for (const d of documents) {
    for (const text of [d.title, ...d.aliases, ...d.tags, ...d.sections.map((s) => s.heading)]) {
      for (const run of text.match(/\p{Script=Hangul}+/gu) ?? []) {
        const stem = hangulStem(run);
        if (stem.length >= 2) words.add(stem);
      }
    }
  }
  return [...words];
}

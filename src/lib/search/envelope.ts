import * as z from 'zod';
import { COMMON_BODY_MIN_DOCUMENTS, COMMON_BODY_SHARE, createIndex, INDEX_FIELDS, loadIndexLazily, queryAll, SEARCH_OPTIONS_VERSION, type IndexField, type IndexUnit, type SearchIndex, type SerializedIndex } from './contract.ts';
import { tokenize } from './tokenize.ts';
import { encodePostings } from './postings.ts';
import { synonymMatcher, type SynonymMatcher } from './synonyms.ts';
import { hangulStem, type SpellingsOf } from './expand.ts';
import { createSpellings } from './spellings.ts';
import { mineGlosses } from './glosses.ts';

/** Version of the `search-index.json` envelope layout. */
export const INDEX_ENVELOPE_VERSION = 3;

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
  /** MiniSearch.toJSON() with its `index` (the postings) moved to `postings`, encoded by `encodePostings`. */
  index: z.custom<SerializedIndex>((v) => typeof v === 'object' && v !== null && 'serializationVersion' in v, {
    message: 'index must be MiniSearch.toJSON() output',
  }),
  postings: z.string(),
});
export type IndexEnvelope = z.output<typeof IndexEnvelopeSchema>;

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
}

/** The fields of every section as a per-section index would see them. */
export function sectionFields(document: SourceDocument, texts: readonly SectionText[]): Record<IndexField, string>[] {
  return texts.map((text, i) => ({
    title: i === 0 ? document.title : '',
    aliases: i === 0 ? document.aliases.join(' ') : '',
    tags: i === 0 ? document.tags.join(' ') : '',
    headings: i === 0 ? text.headings : `${document.title} ${text.headings}`,
    body: i === 0 && document.summary ? `${document.summary}\n${text.body}` : text.body,
  }));
}

/** Text of one section prepared for indexing. */
export interface SectionText {
  headings: string;
  body: string;
}

/** A document table row as the build knows it, before section term counts are added. */
export type SourceDocument = Omit<SearchDocument, 'sections'> & { sections: Omit<SearchSection, 'terms'>[] };

/** Input to `buildSearch`: per document, its table row and its section texts (in the order of `document.sections`). */
export interface SearchSource {
  document: SourceDocument;
  sectionTexts: readonly SectionText[];
}

/** Builds the index for a set of documents and serialises it into the envelope written as `_wiki/search-index.json`. */
export function buildIndexEnvelope(sources: readonly SearchSource[], synonyms: readonly (readonly string[])[] = []): IndexEnvelope {
  const units: IndexUnit[] = sources.map((s, d) => ({
    id: d,
    title: s.document.title,
    aliases: s.document.aliases.join(' '),
    tags: s.document.tags.join(' '),
    headings: s.document.sections.map((x) => x.heading).filter(Boolean).join('\n'),
    body: [s.document.summary, ...s.sectionTexts.map((t) => t.body)].filter(Boolean).join('\n'),
  }));
  const { index: postings, ...rest } = createIndex(units).toJSON();
  const bodyField = INDEX_FIELDS.indexOf('body');
  const limit = sources.length >= COMMON_BODY_MIN_DOCUMENTS ? COMMON_BODY_SHARE * sources.length : Infinity;
  const commonTerms: string[] = [];
  const frequency = new Map<string, number[]>();
  const totals = INDEX_FIELDS.map(() => 0);
  let sectionCount = 0;
  const documents: SearchDocument[] = [];
  for (const source of sources) {
    const bodyTerms: number[] = [];
    for (const fields of sectionFields(source.document, source.sectionTexts)) {
      sectionCount++;
      INDEX_FIELDS.forEach((field, f) => {
        const tokens = tokenize(fields[field]);
        totals[f]! += tokens.length;
        if (field === 'body') bodyTerms.push(tokens.length);
        for (const term of new Set(tokens)) {
          const counts = frequency.get(term) ?? frequency.set(term, INDEX_FIELDS.map(() => 0)).get(term)!;
          counts[f]!++;
        }
      });
    }
    documents.push({ ...source.document, sections: source.document.sections.map((x, i) => ({ ...x, terms: bodyTerms[i] ?? 0 })) });
  }
  const encoded = encodePostings(
    postings,
    (term, field, documents) => {
      if (field !== bodyField || documents <= limit) return true;
      commonTerms.push(term);
      return false;
    },
    (term) => frequency.get(term),
  );
  const average = (f: number) => (sectionCount ? Math.round((totals[f]! / sectionCount) * 10) / 10 : 0);
  const averageTerms = Object.fromEntries(INDEX_FIELDS.map((field, f) => [field, average(f)])) as Record<IndexField, number>;
  return {
    version: INDEX_ENVELOPE_VERSION,
    searchOptionsVersion: SEARCH_OPTIONS_VERSION,
    documents,
    // Glossary groups first, then the glosses the documents write themselves.
    synonyms: [...synonyms.map((g) => [...g]), ...mineGlosses(sources.flatMap((s) => [s.document.summary, ...s.sectionTexts.map((t) => t.body)]))],
    commonTerms: commonTerms.sort(),
    sectionStats: { sections: sectionCount, averageTerms },
    index: { ...rest, index: [] },
    postings: encoded,
  };
}

/** Builds a queryable search in memory, exactly as a client would load it from the envelope. */
export function buildSearch(sources: readonly SearchSource[], synonyms: readonly (readonly string[])[] = []): LoadedSearch {
  return loadSearch(buildIndexEnvelope(sources, synonyms));
}

/** Validates an envelope (already JSON-parsed) and restores the index; throws a message that says what to do. */
export function loadSearch(json: unknown): LoadedSearch {
  const parsed = IndexEnvelopeSchema.safeParse(json);
  if (!parsed.success) {
    const version = (json as { version?: unknown } | null)?.version;
    if (version !== undefined && version !== INDEX_ENVELOPE_VERSION) {
      throw new Error(`Search index version ${String(version)} is not supported (expected ${INDEX_ENVELOPE_VERSION}). Rebuild with \`npm run build\`.`);
    }
    throw new Error(`Search index is malformed: ${parsed.error.issues[0]?.path.join('.') ?? ''} ${parsed.error.issues[0]?.message ?? ''}. Rebuild with \`npm run build\`.`);
  }
  if (parsed.data.searchOptionsVersion !== SEARCH_OPTIONS_VERSION) {
    throw new Error(`Search index was built with search options version ${parsed.data.searchOptionsVersion}, but this code uses version ${SEARCH_OPTIONS_VERSION}. Rebuild with \`npm run build\`.`);
  }
  const data = parsed.data;
  let index;
  const sectionFrequency = new Map<string, number[]>();
  const latin: string[] = [];
  const grams: string[] = [];
  const terms = new Set<string>();
  const collect = (term: string) => {
    terms.add(term);
    if (/^[a-z]{3,}$/.test(term)) latin.push(term);
    else if (/^\p{Script=Hangul}{2}$/u.test(term)) grams.push(term);
  };
  try {
    index = loadIndexLazily(data.index, data.postings, (term, counts) => sectionFrequency.set(term, counts), collect);
  } catch (e) {
    throw new Error(`Search index is malformed: ${(e as Error).message} Rebuild with \`npm run build\`.`);
  }
  return {
    documents: data.documents,
    index,
    synonyms: data.synonyms,
    matcher: synonymMatcher(data.synonyms),
    sectionStats: data.sectionStats,
    sectionFrequency,
    spellings: createSpellings({
      latin,
      hangul: namingWords(data.documents),
      bigrams: grams,
      frequency: (t) => (sectionFrequency.get(t) ?? []).reduce((a, b) => a + b, 0),
      has: (t) => terms.has(t),
      together: cooccurrence(index, new Set(data.commonTerms)),
    }),
  };
}

/** Share of documents two term lists have in common (of the smaller list's documents); common body terms count as everywhere. */
function cooccurrence(index: SearchIndex, common: ReadonlySet<string>): (a: readonly string[], b: readonly string[]) => number {
  const cache = new Map<string, Set<number> | null>();
  // A common term's body postings are not indexed, so its documents here are those naming it in a title, alias, tag or heading.
  const documentsWith = (terms: readonly string[]) => {
    const key = terms.join(' ');
    if (!cache.has(key)) cache.set(key, new Set(queryAll(index, terms)));
    return cache.get(key)!;
  };
  void common;
  return (a, b) => {
    const [x, y] = [documentsWith(a), documentsWith(b)];
    if (!x.size || !y.size) return 0;
    let both = 0;
    for (const d of x) if (y.has(d)) both++;
    // Smoothed, and one shared page is not enough: a rare word would pair with everything on its page.
    return both < 2 ? 0 : both / (Math.min(x.size, y.size) + 1);
  };
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

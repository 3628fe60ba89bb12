import * as z from 'zod';
import { createIndex, loadIndex, SEARCH_OPTIONS_VERSION, type IndexUnit, type SearchIndex, type SerializedIndex } from './contract.ts';
import { synonymMatcher, type SynonymMatcher } from './synonyms.ts';

/** Version of the `search-index.json` envelope layout. */
export const INDEX_ENVELOPE_VERSION = 2;

/** A section of a document as search results name it. */
export const SearchSectionSchema = z.object({
  /** Heading anchor on the page; '' for the lead. */
  anchor: z.string(),
  heading: z.string(),
  depth: z.number().int(),
  /** 1-based line of the heading in `_wiki/docs/<id>.md` (1 for the lead), so a browser can cut the section out without the catalog. */
  line: z.number().int().positive(),
});

/** What a search result shows about a document, stored once per document beside the index. */
export const SearchDocumentSchema = z.object({
  id: z.string(),
  title: z.string(),
  project: z.string(),
  category: z.string(),
  tags: z.array(z.string()),
  updatedAt: z.string(),
  url: z.string(),
  summary: z.string(),
  sections: z.array(SearchSectionSchema),
});
export type SearchDocument = z.output<typeof SearchDocumentSchema>;

/** `_wiki/search-index.json`: versions, the document table and MiniSearch's serialised index. */
export const IndexEnvelopeSchema = z.object({
  version: z.literal(INDEX_ENVELOPE_VERSION),
  searchOptionsVersion: z.number().int(),
  documents: z.array(SearchDocumentSchema),
  /** Synonym groups from glossary documents; a query naming one member also looks for the others. */
  synonyms: z.array(z.array(z.string())),
  index: z.custom<SerializedIndex>((v) => typeof v === 'object' && v !== null && 'serializationVersion' in v, {
    message: 'index must be MiniSearch.toJSON() output',
  }),
});
export type IndexEnvelope = z.output<typeof IndexEnvelopeSchema>;

/** A loaded, queryable search: the document table plus the restored index. */
export interface LoadedSearch {
  documents: readonly SearchDocument[];
  index: SearchIndex;
  synonyms: readonly (readonly string[])[];
  matcher: SynonymMatcher;
}

/** Text of one section prepared for indexing. */
export interface SectionText {
  headings: string;
  body: string;
}

/** Input to `buildSearch`: per document, its table row, its document-level fields and its section texts. */
export interface SearchSource {
  document: SearchDocument;
  aliases: readonly string[];
  sectionTexts: readonly SectionText[];
}

/** Builds the units and the index for a set of documents (sections in the order of `document.sections`). */
export function buildSearch(sources: readonly SearchSource[], synonyms: readonly (readonly string[])[] = []): LoadedSearch {
  const units: IndexUnit[] = [];
  sources.forEach((s, d) => {
    s.sectionTexts.forEach((text, i) => {
      const lead = i === 0;
      units.push({
        id: `${d}.${i}`,
        title: lead ? s.document.title : '',
        aliases: lead ? s.aliases.join(' ') : '',
        tags: lead ? s.document.tags.join(' ') : '',
        // Sections carry their document's title as context: '무한 루프' in the useEffect page beats it elsewhere.
        headings: lead ? text.headings : `${s.document.title} ${text.headings}`,
        body: lead && s.document.summary ? `${s.document.summary}\n${text.body}` : text.body,
      });
    });
  });
  return { documents: sources.map((s) => s.document), index: createIndex(units), synonyms, matcher: synonymMatcher(synonyms) };
}

/** Serialises a built search into the envelope written as `_wiki/search-index.json`. */
export function toIndexEnvelope(search: LoadedSearch): IndexEnvelope {
  return { version: INDEX_ENVELOPE_VERSION, searchOptionsVersion: SEARCH_OPTIONS_VERSION, documents: [...search.documents], synonyms: search.synonyms.map((g) => [...g]), index: search.index.toJSON() };
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
  return { documents: parsed.data.documents, index: loadIndex(parsed.data.index), synonyms: parsed.data.synonyms, matcher: synonymMatcher(parsed.data.synonyms) };
}

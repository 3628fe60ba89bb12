import * as z from 'zod';
import { loadIndexLazily } from './lazy-postings.ts';
import { SEARCH_OPTIONS_VERSION } from './contract.ts';
import { namingWords } from './names.ts';
import { SectionPostingsTable } from './section-postings.ts';
import { INDEX_ENVELOPE_VERSION, IndexEnvelopeSchema, type IndexEnvelope } from './index-schema.ts';
import { assemble, bodyFromSections, termTable, type LoadedSearch } from './split-load.ts';

// The site's loader (without zod, for the browser) and the loaded search's shape, where the rest of the code finds them.
export { loadSplitSearch, type LoadedSearch } from './split-load.ts';

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

import { loadIndexLazily } from './lazy-postings.ts';
import { queryAll, SEARCH_OPTIONS_VERSION, type SearchIndex } from './contract.ts';
import { synonymMatcher, type SynonymMatcher } from './synonyms.ts';
import { hangulStem, type SpellingsOf } from './expand.ts';
import { createSpellings } from './spellings.ts';
import { SectionPostingsTable } from './section-postings.ts';
import { INDEX_ENVELOPE_VERSION, IndexEnvelopeSchema, type SearchDocument, type SectionStats } from './index-schema.ts';

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
}

/** Validates an envelope (already JSON-parsed) and restores the index; throws a message that says what to do. */
export function loadSearch(json: unknown): LoadedSearch {
  const parsed = IndexEnvelopeSchema.safeParse(json);
  if (!parsed.success) {
    const version = (json as { version?: unknown } | null)?.version;
    if (version !== undefined && version !== INDEX_ENVELOPE_VERSION) {
      throw new Error(`Search index version ${String(version)} is not supported (expected ${INDEX_ENVELOPE_VERSION}). Rebuild with \`npm run build\`.`);
    }
    throw new Error(
      `Search index is malformed: ${parsed.error.issues[0]?.path.join('.') ?? ''} ${parsed.error.issues[0]?.message ?? ''}. Rebuild with \`npm run build\`.`,
    );
  }
  if (parsed.data.searchOptionsVersion !== SEARCH_OPTIONS_VERSION) {
    throw new Error(
      `Search index was built with search options version ${parsed.data.searchOptionsVersion}, but this code uses version ${SEARCH_OPTIONS_VERSION}. Rebuild with \`npm run build\`.`,
    );
  }
  const data = parsed.data;
  let index;
  const sectionPostings = new SectionPostingsTable();
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
    sectionPostings.add(data.sectionPostings);
  } catch (e) {
    throw new Error(`Search index is malformed: ${(e as Error).message} Rebuild with \`npm run build\`.`, { cause: e });
  }
  return {
    documents: data.documents,
    index,
    synonyms: data.synonyms,
    matcher: synonymMatcher(data.synonyms),
    sectionStats: data.sectionStats,
    sectionFrequency,
    sectionPostings,
    spellings: createSpellings({
      latin,
      hangul: namingWords(data.documents),
      bigrams: grams,
      frequency: (t) => (sectionFrequency.get(t) ?? []).reduce((a, b) => a + b, 0),
      has: (t) => terms.has(t),
      together: cooccurrence(index),
    }),
  };
}

/** Share of documents two term lists have in common (of the smaller list's documents, smoothed; 0 below two shared pages). */
function cooccurrence(index: SearchIndex): (a: readonly string[], b: readonly string[]) => number {
  const cache = new Map<string, Set<number>>();
  // A common term's body postings are not indexed, so its documents here are those naming it in a title, alias, tag or heading.
  const documentsWith = (terms: readonly string[]) => {
    const key = terms.join(' ');
    if (!cache.has(key)) cache.set(key, new Set(queryAll(index, terms)));
    return cache.get(key)!;
  };
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

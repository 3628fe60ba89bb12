import {
  COMMON_BODY_MIN_DOCUMENTS,
  COMMON_BODY_SHARE,
  createIndex,
  INDEX_FIELDS,
  SEARCH_OPTIONS_VERSION,
  type IndexField,
  type IndexUnit,
} from './contract.ts';
import { tokenize } from './tokenize.ts';
import { encodePostings, PATCH_MARK, type SerializedPostings } from './postings.ts';
import { encodeSectionPostings } from './section-postings.ts';
import { mineGlosses } from './glosses.ts';
import { INDEX_ENVELOPE_VERSION, type IndexEnvelope, type SearchDocument, type SearchSection } from './index-schema.ts';
import { loadSearch, type LoadedSearch } from './index-load.ts';
import type { Section } from '../markdown/parse.ts';

/** What the index takes of a section: its heading path and its plain text. */
type SectionText = Pick<Section, 'path' | 'text'>;

/** The fields of every section as a per-section index would see them. */
export function sectionFields(document: SourceDocument, texts: readonly SectionText[]): Record<IndexField, string>[] {
  return texts.map((text, i) => ({
    title: i === 0 ? document.title : '',
    aliases: i === 0 ? document.aliases.join(' ') : '',
    tags: i === 0 ? document.tags.join(' ') : '',
    headings: i === 0 ? text.path.join(' ') : `${document.title} ${text.path.join(' ')}`,
    body: i === 0 && document.summary ? `${document.summary}\n${text.text}` : text.text,
  }));
}

/** A document table row as the build knows it, before section term counts are added. */
export type SourceDocument = Omit<SearchDocument, 'sections'> & { sections: Omit<SearchSection, 'terms'>[] };

/** Input to `buildSearch`: per document, its table row and its section texts (in the order of `document.sections`). */
export interface SearchSource {
  document: SourceDocument;
  sectionTexts: readonly SectionText[];
  /** Per section, the prose whose words the section ranking counts (default: `sectionTexts`' texts). */
  sectionProse?: readonly string[];
}

/** Builds the index for a set of documents and serialises it into the envelope written as `_wiki/search-index.json`. */
export function buildIndexEnvelope(sources: readonly SearchSource[], synonyms: readonly (readonly string[])[] = []): IndexEnvelope {
  const units: IndexUnit[] = sources.map((s, d) => ({
    id: d,
    title: s.document.title,
    aliases: s.document.aliases.join(' '),
    tags: s.document.tags.join(' '),
    headings: s.document.sections
      .map((x) => x.heading)
      .filter(Boolean)
      .join('\n'),
    body: [s.document.summary, ...s.sectionTexts.map((t) => t.text)].filter(Boolean).join('\n'),
  }));
  const { index: postings, ...rest } = createIndex(units).toJSON();
  const bodyField = INDEX_FIELDS.indexOf('body');
  const limit = sources.length >= COMMON_BODY_MIN_DOCUMENTS ? COMMON_BODY_SHARE * sources.length : Infinity;
  const commonTerms: string[] = [];
  const frequency = new Map<string, number[]>();
  const totals = INDEX_FIELDS.map(() => 0);
  let sectionCount = 0;
  const documents: SearchDocument[] = [];
  const prose = new Map<string, Map<number, Map<number, number>>>();
  for (const [d, source] of sources.entries()) {
    const bodyTerms: number[] = [];
    for (const [s, fields] of sectionFields(source.document, source.sectionTexts).entries()) {
      sectionCount++;
      INDEX_FIELDS.forEach((field, f) => {
        const tokens = tokenize(fields[field]);
        totals[f]! += tokens.length;
        if (field === 'body') {
          bodyTerms.push(tokens.length);
          const own = source.sectionProse?.[s];
          const counted = own === undefined ? tokens : tokenize(s === 0 && source.document.summary ? `${source.document.summary}\n${own}` : own);
          for (const t of counted) {
            const sections = (prose.get(t) ?? prose.set(t, new Map()).get(t)!).get(d) ?? prose.get(t)!.set(d, new Map()).get(d)!;
            sections.set(s, (sections.get(s) ?? 0) + 1);
          }
        }
        for (const term of new Set(tokens)) {
          const counts =
            frequency.get(term) ??
            frequency
              .set(
                term,
                INDEX_FIELDS.map(() => 0),
              )
              .get(term)!;
          counts[f]!++;
        }
      });
    }
    documents.push({ ...source.document, sections: source.document.sections.map((x, i) => ({ ...x, terms: bodyTerms[i] ?? 0 })) });
  }
  const encoded = encodePostings(bodyAsPatches(postings, rest.documentIds, bodyField, limit, prose, commonTerms), undefined, (term) => frequency.get(term));
  const average = (f: number) => (sectionCount ? Math.round((totals[f]! / sectionCount) * 10) / 10 : 0);
  const averageTerms = Object.fromEntries(INDEX_FIELDS.map((field, f) => [field, average(f)])) as Record<IndexField, number>;
  return {
    version: INDEX_ENVELOPE_VERSION,
    searchOptionsVersion: SEARCH_OPTIONS_VERSION,
    documents,
    // Glossary groups first, then the glosses the documents write themselves.
    synonyms: [...synonyms.map((g) => [...g]), ...mineGlosses(sources.flatMap((s) => [s.document.summary, ...s.sectionTexts.map((t) => t.text)]))],
    commonTerms: commonTerms.sort(),
    sectionStats: { sections: sectionCount, averageTerms },
    index: { ...rest, index: [] },
    postings: encoded,
    sectionPostings: encodeSectionPostings(prose),
  };
}

/**
 * The body postings as patches over the section postings: a document's body frequency of a term is, all but
 * always, the sum of its sections' prose counts, so storing both doubled the index. Only where they differ
 * (the prose leaves out code, the parse's text does not) is the stored frequency written; the loader derives
 * the rest (`index-load.ts`). Terms in more than `limit` documents' bodies lose their body postings (`commonTerms`).
 */
function bodyAsPatches(
  postings: SerializedPostings,
  documentIds: Record<string, unknown>,
  bodyField: number,
  limit: number,
  prose: ReadonlyMap<string, ReadonlyMap<number, ReadonlyMap<number, number>>>,
  commonTerms: string[],
): SerializedPostings {
  // Section postings count by position in the table, postings by MiniSearch's short id: one and the same here.
  for (const [short, id] of Object.entries(documentIds)) {
    if (Number(short) !== id) throw new Error(`MiniSearch gave document ${String(id)} the short id ${short}; body patches assume they are equal.`);
  }
  const key = String(bodyField);
  return postings.map(([term, fields]) => {
    const { [key]: body = {}, ...others } = fields;
    const documents = Object.keys(body).length;
    if (documents > limit) {
      commonTerms.push(term);
      return [term, others];
    }
    const patch: Record<string, number> = {};
    const derived = prose.get(term) ?? new Map<number, ReadonlyMap<number, number>>();
    for (const [doc, sections] of derived) {
      let sum = 0;
      for (const n of sections.values()) sum += n;
      if (body[doc] !== sum) patch[doc] = body[doc] ?? 0;
    }
    for (const [doc, freq] of Object.entries(body)) if (!derived.has(Number(doc))) patch[doc] = freq;
    return [term, documents || derived.size ? { ...others, [`${key}${PATCH_MARK}`]: patch } : others];
  });
}

/** Builds a queryable search in memory, exactly as a client would load it from the envelope. */
export function buildSearch(sources: readonly SearchSource[], synonyms: readonly (readonly string[])[] = []): LoadedSearch {
  return loadSearch(buildIndexEnvelope(sources, synonyms));
}

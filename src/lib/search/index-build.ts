import {
  COMMON_BODY_MIN_DOCUMENTS,
  COMMON_BODY_SHARE,
  serializeTokenized,
  INDEX_FIELDS,
  SEARCH_OPTIONS_VERSION,
  type IndexField,
  type TokenizedUnit,
} from './contract.ts';
import { encodePostings, PATCH_MARK, type SerializedPostings } from './postings.ts';
import { grow, GroupedRuns } from './grouped-runs.ts';
import { combineGlosses } from './glosses.ts';
import { contributionOf, type Contribution } from './index-contribution.ts';
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

/**
 * Builds the index for a set of documents and serialises it into the envelope written as `_wiki/search-index.json`.
 * `contribution` gives each document's `contributionOf`, possibly from the build's cache (asked once per document, in
 * order, and not kept: at 10,000 documents they are too many to hold at once); only what crosses documents (term
 * numbers, postings, frequencies, the serialised order, common terms) is done here.
 */
export function buildIndexEnvelope(
  sources: readonly SearchSource[],
  synonyms: readonly (readonly string[])[] = [],
  contribution: (source: SearchSource) => Contribution = contributionOf,
): IndexEnvelope {
  const glosses: (readonly [string, string])[][] = [];
  const terms = new TermTable();
  const totals = INDEX_FIELDS.map(() => 0);
  const bodyField = INDEX_FIELDS.indexOf('body');
  let sectionCount = 0;
  const documents: SearchDocument[] = [];
  const units: TokenizedUnit[] = [];
  for (const [d, source] of sources.entries()) {
    const own = contribution(source);
    const ids = terms.ids(own.terms);
    own.totals.forEach((n, f) => (totals[f]! += n));
    sectionCount += own.bodyTerms.length;
    own.sectionFrequency.forEach((runs, f) => terms.countSections(ids, runs, f));
    own.prose.forEach((runs, s) => terms.countProse(ids, runs, d, s));
    glosses.push(own.glosses);
    // MiniSearch gets each field's distinct terms (for the field lengths); the postings are counted here.
    const [t, a, g, h, b] = own.fields.map((runs, f) => terms.file(ids, runs, d, f));
    units.push({ id: d, tokens: { title: t!, aliases: a!, tags: g!, headings: h!, body: b! } });
    const bodyTerms = own.bodyTerms;
    documents.push({ ...source.document, sections: source.document.sections.map((x, i) => ({ ...x, terms: bodyTerms[i] ?? 0 })) });
  }
  const { table, order } = serializeTokenized(units, terms.filed());
  // Section postings count by position in the table, postings by MiniSearch's short id: one and the same here.
  for (const [short, id] of Object.entries(table.documentIds)) {
    if (Number(short) !== id) throw new Error(`MiniSearch gave document ${String(id)} the short id ${short}; body patches assume they are equal.`);
  }
  const limit = sources.length >= COMMON_BODY_MIN_DOCUMENTS ? COMMON_BODY_SHARE * sources.length : Infinity;
  const commonTerms: string[] = [];
  const encoded = encodePostings(bodyAsPatches(order, bodyField, limit, terms, commonTerms), undefined, (term) => terms.frequency(term));
  const average = (f: number) => (sectionCount ? Math.round((totals[f]! / sectionCount) * 10) / 10 : 0);
  const averageTerms = Object.fromEntries(INDEX_FIELDS.map((field, f) => [field, average(f)])) as Record<IndexField, number>;
  return {
    version: INDEX_ENVELOPE_VERSION,
    searchOptionsVersion: SEARCH_OPTIONS_VERSION,
    documents,
    // Glossary groups first, then the glosses the documents write themselves.
    synonyms: [...synonyms.map((g) => [...g]), ...combineGlosses(glosses)],
    commonTerms: commonTerms.sort(),
    sectionStats: { sections: sectionCount, averageTerms },
    index: { ...table, index: [] },
    postings: encoded,
    sectionPostings: terms.encodeProse(),
  };
}

/**
 * Every term of the corpus with a number, and per number flat counts: in how many sections each field has the term
 * (`frequency`), the term's postings as `[document, field, count]` runs in filing order and its prose counts as
 * `[document, section, count]` runs in build order (documents and sections ascending). The runs sit in typed arrays
 * (`GroupedRuns`): first a Map per term, document and section, then an array per term, were tens of millions of objects
 * for the collector at 10,000 documents.
 */
class TermTable {
  readonly #ids = new Map<string, number>();
  readonly #names: string[] = [];
  #frequency = new Int32Array(1 << 16);
  /** Per term, its prose counts. */
  readonly #prose = new GroupedRuns();
  /** Per term, `[document, field, count]` for every document field that has it, in filing order. */
  readonly #postings = new GroupedRuns();
  /** Per term, 1 once a document field has filed it. */
  #hasPostings = new Uint8Array(1 << 14);
  /** The terms in the order MiniSearch would first file them. */
  readonly #filed: string[] = [];

  #id(term: string): number {
    let id = this.#ids.get(term);
    if (id === undefined) {
      id = this.#names.length;
      this.#ids.set(term, id);
      this.#names.push(term);
      const need = (id + 1) * FIELD_COUNT;
      if (need > this.#frequency.length) this.#frequency = grow(this.#frequency, need);
      if (id >= this.#hasPostings.length) {
        const next = new Uint8Array(this.#hasPostings.length * 2);
        next.set(this.#hasPostings);
        this.#hasPostings = next;
      }
    }
    return id;
  }

  /** The terms' numbers. */
  ids(tokens: readonly string[]): number[] {
    const out = new Array<number>(tokens.length);
    for (let i = 0; i < tokens.length; i++) out[i] = this.#id(tokens[i]!);
    return out;
  }

  /** Adds one document's per-field section frequencies (`[local term, sections, …]`, local terms numbered by `ids`). */
  countSections(ids: readonly number[], runs: readonly number[], field: number): void {
    for (let i = 0; i < runs.length; i += 2) this.#frequency[ids[runs[i]!]! * FIELD_COUNT + field]! += runs[i + 1]!;
  }

  /** Adds a section's prose counts; sections must come in order (documents ascending, sections ascending). */
  countProse(ids: readonly number[], runs: readonly number[], doc: number, section: number): void {
    for (let i = 0; i < runs.length; i += 2) this.#prose.push(ids[runs[i]!]!, doc, section, runs[i + 1]!);
  }

  /** Files a document field's postings (`[local term, count, …]` in order of first occurrence); returns its distinct terms. */
  file(ids: readonly number[], runs: readonly number[], doc: number, field: number): string[] {
    const order = new Array<string>(runs.length / 2);
    for (let i = 0; i < runs.length; i += 2) {
      const id = ids[runs[i]!]!;
      order[i / 2] = this.#names[id]!;
      if (this.#hasPostings[id] === 0) {
        this.#hasPostings[id] = 1;
        this.#filed.push(this.#names[id]!);
      }
      this.#postings.push(id, doc, field, runs[i + 1]!);
    }
    return order;
  }

  /** Every term a document field has, in the order MiniSearch would first file it. */
  filed(): string[] {
    return this.#filed;
  }

  /** A term's postings as MiniSearch serialises them: fields in the order the term first reached them, then documents. */
  postings(term: string): Record<string, Record<string, number>> {
    const runs = this.#postings.runs(this.#ids.get(term)!);
    const fields: Record<string, Record<string, number>> = {};
    for (let i = 0; i < runs.length; i += 3) (fields[runs[i + 1]!] ??= {})[runs[i]!] = runs[i + 2]!;
    return fields;
  }

  /** The term's per-field section frequencies, or undefined for a term no section field has. */
  frequency(term: string): number[] | undefined {
    const id = this.#ids.get(term);
    if (id === undefined) return undefined;
    const counts = Array.from(this.#frequency.subarray(id * FIELD_COUNT, (id + 1) * FIELD_COUNT));
    return counts.some((n) => n > 0) ? counts : undefined;
  }

  /** Per document, the sum of the term's prose counts (empty when the prose never has it). */
  proseTotals(term: string): Map<number, number> {
    const totals = new Map<number, number>();
    const id = this.#ids.get(term);
    if (id === undefined) return totals;
    const runs = this.#prose.runs(id);
    for (let i = 0; i < runs.length; i += 3) totals.set(runs[i]!, (totals.get(runs[i]!) ?? 0) + runs[i + 2]!);
    return totals;
  }

  /** The section postings, exactly as `encodeSectionPostings` writes the same counts as nested maps. */
  encodeProse(): string {
    const lines: string[] = [];
    const ids = this.#names.map((_, id) => id).filter((id) => this.#prose.has(id));
    const names = this.#names;
    ids.sort((a, b) => (names[a]! < names[b]! ? -1 : names[a]! > names[b]! ? 1 : 0));
    for (const id of ids) {
      const term = names[id]!;
      if (/[\t\n]/.test(term)) throw new Error(`Index term ${JSON.stringify(term)} contains a tab or newline; the tokenizer must never produce one.`);
      const runs = this.#prose.runs(id);
      // Pieces joined once per line: a line grown with += stays a rope of thousands of pieces until the final join,
      // which the collector copied again and again (more GC than the encoding itself at 10,000 documents).
      const parts: string[] = [term, '\t'];
      let previousDoc = 0;
      let at = 0;
      for (let i = 0; i < runs.length; i += 3) {
        const doc = runs[i]!;
        const section = runs[i + 1]!;
        const n = runs[i + 2]!;
        if (i === 0 || doc !== runs[i - 3]) {
          if (i > 0) parts.push(',');
          parts.push((doc - previousDoc).toString(36), ':');
          previousDoc = doc;
          at = 0;
        } else parts.push('/');
        parts.push((section - at).toString(36));
        at = section;
        if (n !== 1) parts.push('*', n.toString(36));
      }
      lines.push(parts.join(''));
    }
    return lines.join('\n');
  }
}

const FIELD_COUNT = INDEX_FIELDS.length;

/**
 * The body postings as patches over the section postings: a document's body frequency of a term is, all but
 * always, the sum of its sections' prose counts, so storing both doubled the index. Only where they differ
 * (the prose leaves out code, the parse's text does not) is the stored frequency written; the loader derives
 * the rest (`index-load.ts`). Terms in more than `limit` documents' bodies lose their body postings (`commonTerms`).
 * One term at a time, in `order`, as the encoder asks for them.
 */
function* bodyAsPatches(
  order: readonly string[],
  bodyField: number,
  limit: number,
  terms: TermTable,
  commonTerms: string[],
): Generator<SerializedPostings[number]> {
  const key = String(bodyField);
  for (const term of order) {
    const { [key]: body = {}, ...others } = terms.postings(term);
    const documents = Object.keys(body).length;
    if (documents > limit) {
      commonTerms.push(term);
      yield [term, others];
      continue;
    }
    const patch: Record<string, number> = {};
    const derived = terms.proseTotals(term);
    for (const [doc, sum] of derived) if (body[doc] !== sum) patch[doc] = body[doc] ?? 0;
    for (const [doc, freq] of Object.entries(body)) if (!derived.has(Number(doc))) patch[doc] = freq;
    yield [term, documents || derived.size ? { ...others, [`${key}${PATCH_MARK}`]: patch } : others];
  }
}

/** Builds a queryable search in memory, exactly as a client would load it from the envelope. */
export function buildSearch(sources: readonly SearchSource[], synonyms: readonly (readonly string[])[] = []): LoadedSearch {
  return loadSearch(buildIndexEnvelope(sources, synonyms));
}

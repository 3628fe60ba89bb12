import {
  COMMON_BODY_MIN_DOCUMENTS,
  COMMON_BODY_SHARE,
  serializeTokenized,
  INDEX_FIELDS,
  SEARCH_OPTIONS_VERSION,
  type IndexField,
  type TokenizedUnit,
} from './contract.ts';
import { PATCH_MARK } from './postings.ts';
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
  /**
   * The Markdown `sectionProse` is derived from (with `document.sections`' lines), when it is derived: the cache keys the
   * contribution by it instead, so a build reading its contribution from the cache never derives the prose.
   */
  proseMarkdown?: string;
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
  const encoded = terms.encodePostings(order, bodyField, limit, commonTerms);
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

  /** The term's per-field section frequencies, or undefined for a term no section field has. */
  frequency(term: string): number[] | undefined {
    const id = this.#ids.get(term);
    if (id === undefined) return undefined;
    const counts = Array.from(this.#frequency.subarray(id * FIELD_COUNT, (id + 1) * FIELD_COUNT));
    return counts.some((n) => n > 0) ? counts : undefined;
  }

  /**
   * The postings of the terms in `order`, as `encodePostings` writes MiniSearch's serialised postings with each term's
   * section frequencies after it, except the body field's: those are written as a patch over the section postings. A
   * document's body frequency of a term is, all but always, the sum of its sections' prose counts, so storing both
   * doubled the index; only where they differ (the prose leaves out code, the parse's text does not) is the stored
   * frequency written, `*0` where the body lacks the term, and the loader derives the rest (`index-load.ts`). Terms in
   * more than `limit` documents' bodies lose their body postings and are listed in `commonTerms`. Read straight from the
   * runs: a map per term, field and document to hand to `encodePostings` was most of the time and garbage of a build.
   */
  encodePostings(order: readonly string[], bodyField: number, limit: number, commonTerms: string[]): string {
    const lines: string[] = [];
    const patchKey = `${bodyField}${PATCH_MARK}:`;
    const docs: number[] = [];
    const freqs: number[] = [];
    for (const term of order) {
      if (/[\t\n]/.test(term)) throw new Error(`Index term ${JSON.stringify(term)} contains a tab or newline; the tokenizer must never produce one.`);
      const id = this.#ids.get(term)!;
      const parts = [term];
      const counts = this.frequency(term);
      if (counts) parts.push(`#${counts.map((n) => n.toString(36)).join(',')}`);
      const runs = this.#postings.runs(id);
      let bodyDocuments = 0;
      // Fields in ascending number, as MiniSearch's object keys enumerate; a field's documents ascend in filing order.
      for (let field = 0; field < FIELD_COUNT; field++) {
        if (field === bodyField) {
          for (let i = 0; i < runs.length; i += 3) if (runs[i + 1] === field) bodyDocuments++;
          continue;
        }
        docs.length = 0;
        freqs.length = 0;
        for (let i = 0; i < runs.length; i += 3) {
          if (runs[i + 1] !== field) continue;
          docs.push(runs[i]!);
          freqs.push(runs[i + 2]!);
        }
        if (docs.length) parts.push(`${field}:${gaps(docs, freqs)}`);
      }
      if (bodyDocuments > limit) commonTerms.push(term);
      else {
        const prose = this.#prose.runs(id);
        if (bodyDocuments || prose.length) parts.push(`${patchKey}${this.#bodyPatch(runs, bodyField, prose, docs, freqs)}`);
      }
      if (parts.length > (counts ? 2 : 1)) lines.push(parts.join('\t'));
    }
    return lines.join('\n');
  }

  /**
   * The body patch of one term: the documents whose body frequency (`runs` of `field`) is not the sum of their prose
   * counts (`prose`, documents ascending), with the body frequency (0 where the body lacks the term), as gaps.
   */
  #bodyPatch(runs: Int32Array, field: number, prose: Int32Array, docs: number[], freqs: number[]): string {
    docs.length = 0;
    freqs.length = 0;
    let b = 0;
    let p = 0;
    const nextBody = () => {
      while (b < runs.length && runs[b + 1] !== field) b += 3;
    };
    nextBody();
    while (b < runs.length || p < prose.length) {
      const bodyDoc = b < runs.length ? runs[b]! : Infinity;
      const proseDoc = p < prose.length ? prose[p]! : Infinity;
      if (proseDoc < bodyDoc || proseDoc === bodyDoc) {
        let sum = 0;
        while (p < prose.length && prose[p] === proseDoc) {
          sum += prose[p + 2]!;
          p += 3;
        }
        const body = proseDoc === bodyDoc ? runs[b + 2]! : 0;
        if (body !== sum) {
          docs.push(proseDoc);
          freqs.push(body);
        }
        if (proseDoc === bodyDoc) {
          b += 3;
          nextBody();
        }
      } else {
        docs.push(bodyDoc);
        freqs.push(runs[b + 2]!);
        b += 3;
        nextBody();
      }
    }
    return gaps(docs, freqs);
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

/** Ascending documents and their frequencies as `encodePostings` writes them: base-36 gaps, `*freq` unless 1. */
function gaps(docs: readonly number[], freqs: readonly number[]): string {
  const out = new Array<string>(docs.length);
  let previous = 0;
  for (let i = 0; i < docs.length; i++) {
    const gap = (docs[i]! - previous).toString(36);
    previous = docs[i]!;
    out[i] = freqs[i] === 1 ? gap : `${gap}*${freqs[i]!.toString(36)}`;
  }
  return out.join(',');
}

/** Builds a queryable search in memory, exactly as a client would load it from the envelope. */
export function buildSearch(sources: readonly SearchSource[], synonyms: readonly (readonly string[])[] = []): LoadedSearch {
  return loadSearch(buildIndexEnvelope(sources, synonyms));
}

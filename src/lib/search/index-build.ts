import {
  COMMON_BODY_MIN_DOCUMENTS,
  COMMON_BODY_SHARE,
  serializeTokenized,
  INDEX_FIELDS,
  SEARCH_OPTIONS_VERSION,
  type IndexField,
  type TokenizedUnit,
} from './contract.ts';
import { tokenize } from './tokenize.ts';
import { encodePostings, PATCH_MARK, type SerializedPostings } from './postings.ts';
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
  // Each text is tokenized once, its tokens shared by the postings, the per-field section frequencies and the prose counts.
  // The body of a document is its sections' bodies joined by newlines, and the tokenizer never makes a term across a
  // newline, so the document's body tokens are its sections' body tokens in order (likewise the summary and section 0).
  const terms = new TermTable();
  const totals = INDEX_FIELDS.map(() => 0);
  const bodyField = INDEX_FIELDS.indexOf('body');
  let sectionCount = 0;
  const documents: SearchDocument[] = [];
  const units: TokenizedUnit[] = [];
  for (const [d, source] of sources.entries()) {
    const { document, sectionTexts } = source;
    const title = terms.ids(tokenize(document.title));
    const aliases = terms.ids(tokenize(document.aliases.join(' ')));
    const tags = terms.ids(tokenize(document.tags.join(' ')));
    const summaryTokens = document.summary ? tokenize(document.summary) : [];
    const summary = terms.ids(summaryTokens);
    const bodies: (readonly number[])[] = sectionTexts.length ? [] : [summary];
    const bodyTerms: number[] = [];
    for (const [s, text] of sectionTexts.entries()) {
      const section = sectionCount++;
      const own = terms.ids(tokenize(text.text));
      const sectionBody = s === 0 && document.summary ? [...summary, ...own] : own;
      bodies.push(sectionBody);
      const headings = terms.ids(tokenize(s === 0 ? text.path.join(' ') : `${document.title} ${text.path.join(' ')}`));
      const fields: readonly (readonly number[])[] = s === 0 ? [title, aliases, tags, headings, sectionBody] : [NONE, NONE, NONE, headings, sectionBody];
      for (let f = 0; f < fields.length; f++) {
        totals[f]! += fields[f]!.length;
        terms.countSection(fields[f]!, f, section);
      }
      bodyTerms.push(sectionBody.length);
      const prose = source.sectionProse?.[s];
      const counted =
        prose === undefined || prose === text.text
          ? sectionBody
          : s === 0 && document.summary
            ? [...summary, ...terms.ids(tokenize(prose))]
            : terms.ids(tokenize(prose));
      terms.countProse(counted, d, s);
    }
    const headings = terms.ids(
      tokenize(
        document.sections
          .map((x) => x.heading)
          .filter(Boolean)
          .join('\n'),
      ),
    );
    // MiniSearch gets each field's distinct terms (for the field lengths); the postings are counted here.
    const [t, a, g, h, b] = [[title], [aliases], [tags], [headings], bodies].map((parts, f) => terms.distinct(parts, d, f));
    units.push({ id: d, tokens: { title: t!, aliases: a!, tags: g!, headings: h!, body: b! } });
    documents.push({ ...document, sections: document.sections.map((x, i) => ({ ...x, terms: bodyTerms[i] ?? 0 })) });
  }
  const { index: postings, ...rest } = serializeTokenized(units, terms.filed(), (term) => terms.postings(term));
  const limit = sources.length >= COMMON_BODY_MIN_DOCUMENTS ? COMMON_BODY_SHARE * sources.length : Infinity;
  const commonTerms: string[] = [];
  const encoded = encodePostings(bodyAsPatches(postings, rest.documentIds, bodyField, limit, terms, commonTerms), undefined, (term) => terms.frequency(term));
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
    sectionPostings: terms.encodeProse(),
  };
}

const NONE: readonly number[] = [];

/**
 * Every term of the corpus with a number, and per number flat counts: in how many sections each field has the term
 * (`frequency`), and the term's prose counts as `[document, section, count, …]` runs in build order (documents and
 * sections ascending). One array per term instead of a Map per term, document and section: at 10,000 documents those
 * were tens of millions of objects for the collector.
 */
class TermTable {
  readonly #ids = new Map<string, number>();
  readonly #names: string[] = [];
  #frequency = new Int32Array(1 << 16);
  /** The last section (numbered across documents, plus one) in which each term × field was counted. */
  #seen = new Int32Array(1 << 16);
  /** Per term, its prose counts. */
  readonly #prose: number[][] = [];
  #proseSeen = new Int32Array(1 << 13);
  #proseCount = new Int32Array(1 << 13);
  #proseSection = 0;
  readonly #touched: number[] = [];
  /** Per term, `[document, field, count, …]` for every document field that has it, in filing order. */
  readonly #postings: number[][] = [];
  /** The terms in the order MiniSearch would first file them. */
  readonly #filed: string[] = [];
  #distinctSeen = new Int32Array(1 << 13);
  #distinctCount = new Int32Array(1 << 13);
  #distinctStamp = 0;

  #id(term: string): number {
    let id = this.#ids.get(term);
    if (id === undefined) {
      id = this.#names.length;
      this.#ids.set(term, id);
      this.#names.push(term);
      this.#prose.push(NO_RUNS);
      this.#postings.push(NO_RUNS);
      const need = (id + 1) * FIELD_COUNT;
      if (need > this.#frequency.length) {
        this.#frequency = grow(this.#frequency, need);
        this.#seen = grow(this.#seen, need);
      }
      if (id >= this.#proseSeen.length) {
        this.#proseSeen = grow(this.#proseSeen, id + 1);
        this.#proseCount = grow(this.#proseCount, id + 1);
        this.#distinctSeen = grow(this.#distinctSeen, id + 1);
        this.#distinctCount = grow(this.#distinctCount, id + 1);
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

  /** Counts each distinct term of one section's field once. */
  countSection(ids: readonly number[], field: number, section: number): void {
    const stamp = section + 1;
    for (const id of ids) {
      const at = id * FIELD_COUNT + field;
      if (this.#seen[at] !== stamp) {
        this.#seen[at] = stamp;
        this.#frequency[at]!++;
      }
    }
  }

  /** Adds a section's prose tokens; sections must come in order (documents ascending, sections ascending). */
  countProse(ids: readonly number[], doc: number, section: number): void {
    const stamp = ++this.#proseSection;
    const touched = this.#touched;
    touched.length = 0;
    for (const id of ids) {
      if (this.#proseSeen[id] !== stamp) {
        this.#proseSeen[id] = stamp;
        this.#proseCount[id] = 1;
        touched.push(id);
      } else this.#proseCount[id]!++;
    }
    for (const id of touched) {
      const runs = this.#prose[id] === NO_RUNS ? (this.#prose[id] = []) : this.#prose[id]!;
      runs.push(doc, section, this.#proseCount[id]!);
    }
  }

  /** A document field's distinct terms in order of first occurrence; its postings (with counts) are kept for `postings`. */
  distinct(parts: readonly (readonly number[])[], doc: number, field: number): string[] {
    const stamp = ++this.#distinctStamp;
    const order: string[] = [];
    const touched = this.#touched;
    touched.length = 0;
    for (const ids of parts) {
      for (const id of ids) {
        if (this.#distinctSeen[id] !== stamp) {
          this.#distinctSeen[id] = stamp;
          this.#distinctCount[id] = 1;
          touched.push(id);
          order.push(this.#names[id]!);
        } else this.#distinctCount[id]!++;
      }
    }
    for (const id of touched) {
      if (this.#postings[id] === NO_RUNS) {
        this.#postings[id] = [];
        this.#filed.push(this.#names[id]!);
      }
      this.#postings[id]!.push(doc, field, this.#distinctCount[id]!);
    }
    return order;
  }

  /** Every term a document field has, in the order MiniSearch would first file it. */
  filed(): string[] {
    return this.#filed;
  }

  /** A term's postings as MiniSearch serialises them: fields in the order the term first reached them, then documents. */
  postings(term: string): Record<string, Record<string, number>> {
    const runs = this.#postings[this.#ids.get(term)!]!;
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
    const runs = id === undefined ? NO_RUNS : this.#prose[id]!;
    for (let i = 0; i < runs.length; i += 3) totals.set(runs[i]!, (totals.get(runs[i]!) ?? 0) + runs[i + 2]!);
    return totals;
  }

  /** The section postings, exactly as `encodeSectionPostings` writes the same counts as nested maps. */
  encodeProse(): string {
    const lines: string[] = [];
    const ids = this.#names.map((_, id) => id).filter((id) => this.#prose[id]!.length > 0);
    const names = this.#names;
    ids.sort((a, b) => (names[a]! < names[b]! ? -1 : names[a]! > names[b]! ? 1 : 0));
    for (const id of ids) {
      const term = names[id]!;
      if (/[\t\n]/.test(term)) throw new Error(`Index term ${JSON.stringify(term)} contains a tab or newline; the tokenizer must never produce one.`);
      const runs = this.#prose[id]!;
      let line = `${term}\t`;
      let previousDoc = 0;
      let at = 0;
      for (let i = 0; i < runs.length; i += 3) {
        const doc = runs[i]!;
        const section = runs[i + 1]!;
        const n = runs[i + 2]!;
        if (i === 0 || doc !== runs[i - 3]) {
          if (i > 0) line += ',';
          line += `${(doc - previousDoc).toString(36)}:`;
          previousDoc = doc;
          at = 0;
        } else line += '/';
        line += (section - at).toString(36);
        at = section;
        if (n !== 1) line += `*${n.toString(36)}`;
      }
      lines.push(line);
    }
    return lines.join('\n');
  }
}

const FIELD_COUNT = INDEX_FIELDS.length;
const NO_RUNS: number[] = [];

function grow(array: Int32Array, need: number): Int32Array<ArrayBuffer> {
  let size = array.length;
  while (size < need) size *= 2;
  const next = new Int32Array(size);
  next.set(array);
  return next;
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
  terms: TermTable,
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
    const derived = terms.proseTotals(term);
    for (const [doc, sum] of derived) if (body[doc] !== sum) patch[doc] = body[doc] ?? 0;
    for (const [doc, freq] of Object.entries(body)) if (!derived.has(Number(doc))) patch[doc] = freq;
    return [term, documents || derived.size ? { ...others, [`${key}${PATCH_MARK}`]: patch } : others];
  });
}

/** Builds a queryable search in memory, exactly as a client would load it from the envelope. */
export function buildSearch(sources: readonly SearchSource[], synonyms: readonly (readonly string[])[] = []): LoadedSearch {
  return loadSearch(buildIndexEnvelope(sources, synonyms));
}

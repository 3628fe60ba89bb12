/**
 * Where each term occurs in the prose of each section, so the section ranking needs no Markdown: one line
 * per term, `<term>\t<entries>`, an entry per document `<document gap>:<section gaps>` with the sections
 * separated by `/` and a count other than 1 after `*`, all numbers base 36 — the text gzips like the
 * document postings (`postings.ts`). Lines are decoded per term on first use.
 */
import { digitOf, indexOfSorted, packPostings, scanTermLines, type PackedPostings } from './postings.ts';

/**
 * One term's prose occurrences, read straight from its encoded line: the documents (positions, ascending) and where
 * each one's entry starts are indexed when the term is first asked for, a document's sections are parsed only when
 * read. A common bigram is in most of 10,000 documents (a 270,000-character line) and the section stage reads it for
 * forty of them: indexing jumps from comma to comma (a native search) and parses only the document gaps, where
 * decoding every section of every entry cost milliseconds per term and, as a Map of arrays, an object per entry
 * (1.7 GB for the whole vocabulary, and young-generation collections of 5–15 ms while a cold query decoded it).
 */
/**
 * What the section stage and the body derivation read of a term's prose counts. `SectionCounts` reads them from the
 * whole line; the split index's very common terms answer from the details files fetched (`split-pieces.ts`).
 */
export interface ProseCounts {
  /** An entry handle for document `doc`, or -1 when its prose lacks the term. */
  find(doc: number): number;
  /** The entry's sections as a flat `[section, count, …]`, sections ascending. */
  sectionsAt(entry: number): number[];
  /** The documents that have the term, ascending. */
  documents(): Int32Array;
  /** Every document's total count, in the order of `documents()`. */
  totals(): Int32Array;
}

export class SectionCounts implements ProseCounts {
  /** How many documents have the term. */
  readonly size: number;
  readonly #docs: Int32Array;
  /** Where each entry's sections start in `#encoded` (just after its colon). */
  readonly #starts: Int32Array;
  readonly #encoded: string;
  readonly #term: string;

  constructor(docs: Int32Array, starts: Int32Array, encoded: string, term: string) {
    this.size = docs.length;
    this.#docs = docs;
    this.#starts = starts;
    this.#encoded = encoded;
    this.#term = term;
  }

  /** The entry of document `doc` (its position in the document table), or -1 when its prose lacks the term. */
  find(doc: number): number {
    return indexOfSorted(this.#docs, doc);
  }

  /** The document of entry `entry` (entries are in ascending document order). */
  documentAt(entry: number): number {
    return this.#docs[entry]!;
  }

  /** Entry `entry`'s sections as a flat `[section, count, section, count, …]`, sections ascending; throws naming the term when damaged. */
  sectionsAt(entry: number): number[] {
    const out: number[] = [];
    this.#parse(entry, out);
    return out;
  }

  /** Parses entry `entry`'s sections (into `out` when given) and returns the sum of their counts. */
  #parse(entry: number, out: number[] | undefined): number {
    const encoded = this.#encoded;
    const length = encoded.length;
    let at = this.#starts[entry]!;
    let section = 0;
    let total = 0;
    for (;;) {
      let c = encoded.charCodeAt(at);
      let n = 0;
      const from = at;
      for (let v: number; (v = digitOf(c)) >= 0; c = encoded.charCodeAt(++at)) n = n * 36 + v;
      if (at === from) this.#damaged(entry);
      section += n;
      let count = 1;
      if (c === STAR) {
        c = encoded.charCodeAt(++at);
        const start = at;
        count = 0;
        for (let v: number; (v = digitOf(c)) >= 0; c = encoded.charCodeAt(++at)) count = count * 36 + v;
        if (at === start) this.#damaged(entry);
      }
      out?.push(section, count);
      total += count;
      if (c === SLASH) at++;
      else if (c === COMMA || at >= length) return total;
      else this.#damaged(entry);
    }
  }

  /** How often the term occurs in all sections of entry `entry`'s document together. */
  totalAt(entry: number): number {
    return this.#parse(entry, undefined);
  }

  /** Every entry's total (as `totalAt`), in one pass over the line: what deriving a term's body postings reads. */
  totals(): Int32Array {
    const out = new Int32Array(this.size);
    for (let e = 0; e < this.size; e++) out[e] = this.#parse(e, undefined);
    return out;
  }

  /** The documents, ascending (a copy). */
  documents(): Int32Array {
    return this.#docs.slice();
  }

  /** Document → flat `[section, count, …]`, every entry decoded (for tests and checks; searches read entries as needed). */
  entries(): Map<number, number[]> {
    const out = new Map<number, number[]>();
    for (let e = 0; e < this.size; e++) out.set(this.#docs[e]!, this.sectionsAt(e));
    return out;
  }

  #damaged(entry: number): never {
    // The entry from its document gap: back to the comma before its colon.
    const colon = this.#starts[entry]! - 1;
    const start = this.#encoded.lastIndexOf(',', colon - 1) + 1;
    throw damagedEntry(this.#encoded, start, this.#term);
  }
}

function damagedEntry(encoded: string, start: number, term: string): Error {
  const end = encoded.indexOf(',', start);
  const entry = encoded.slice(start, end < 0 ? undefined : end);
  return new Error(`section postings of ${JSON.stringify(term)}: ${JSON.stringify(entry.slice(0, 40))} is not "<gap>:<sections>".`);
}

/** Builds the lines from `term → document → section → count` (documents and sections in any order). */
export function encodeSectionPostings(counts: ReadonlyMap<string, ReadonlyMap<number, ReadonlyMap<number, number>>>): string {
  const lines: string[] = [];
  for (const term of [...counts.keys()].sort()) {
    if (/[\t\n]/.test(term)) throw new Error(`Index term ${JSON.stringify(term)} contains a tab or newline; the tokenizer must never produce one.`);
    let previous = 0;
    const entries: string[] = [];
    for (const [doc, sections] of [...counts.get(term)!].sort((a, b) => a[0] - b[0])) {
      let at = 0;
      const parts = [...sections]
        .sort((a, b) => a[0] - b[0])
        .map(([section, n]) => {
          const gap = (section - at).toString(36);
          at = section;
          return n === 1 ? gap : `${gap}*${n.toString(36)}`;
        });
      entries.push(`${(doc - previous).toString(36)}:${parts.join('/')}`);
      previous = doc;
    }
    lines.push(`${term}\t${entries.join(',')}`);
  }
  return lines.join('\n');
}

/** Splits the lines into term → still-encoded entries, without decoding any of them. */
export function scanSectionPostings(text: string, onTerm: (term: string, encoded: string) => void): void {
  scanTermLines(text, 'section postings', 'no tab after the term.', (term, encoded) => onTerm(term, encoded));
}

/**
 * Indexes one term's entries (see `SectionCounts`): each entry's document, and where its sections start. Throws naming
 * the term when a document gap is damaged; damaged sections are reported when read.
 */
export function indexSectionPostings(encoded: string, term: string): SectionCounts {
  const length = encoded.length;
  let size = 0;
  if (length) for (let at = 0; at >= 0; at = encoded.indexOf(',', at + 1)) size++;
  const docs = new Int32Array(size);
  const starts = new Int32Array(size);
  let doc = 0;
  let at = 0;
  for (let entry = 0; entry < size; entry++) {
    const start = at;
    let c = encoded.charCodeAt(at);
    let n = 0;
    for (let v: number; (v = digitOf(c)) >= 0; c = encoded.charCodeAt(++at)) n = n * 36 + v;
    if (at === start || c !== COLON) throw damagedEntry(encoded, start, term);
    doc += n;
    docs[entry] = doc;
    starts[entry] = at + 1;
    at = encoded.indexOf(',', at) + 1;
  }
  return new SectionCounts(docs, starts, encoded, term);
}

/** `indexSectionPostings`, with every entry's sections checked now rather than when read. */
export function decodeSectionPostings(encoded: string, term: string): SectionCounts {
  const counts = indexSectionPostings(encoded, term);
  for (let e = 0; e < counts.size; e++) counts.sectionsAt(e);
  return counts;
}

const COLON = 58;
const STAR = 42;
const SLASH = 47;
const COMMA = 44;

/** MiniSearch's short id of each document position (-1 where it has none), from a serialised index's `documentIds`. */
export function shortIdsOf(documentIds: Readonly<Record<string, unknown>>): Int32Array {
  // Section postings count by position in the document table (MiniSearch's external id), postings by short id.
  const entries = Object.entries(documentIds);
  const shortOf = new Int32Array(entries.reduce((max, [, id]) => Math.max(max, Number(id) + 1), 0)).fill(-1);
  for (const [short, id] of entries) shortOf[Number(id)] = Number(short);
  return shortOf;
}

/** A term's body postings by short id, derived from its prose counts: a document's frequency is the sum over its sections. */
export function bodyPostingsOf(counts: ProseCounts | undefined, shortOf: Int32Array): PackedPostings {
  if (!counts) return packPostings(new Int32Array(0), new Int32Array(0));
  const ids = counts.documents();
  const freqs = counts.totals();
  let n = 0;
  for (let entry = 0; entry < ids.length; entry++) {
    const short = shortOf[ids[entry]!] ?? -1;
    if (short < 0) continue;
    ids[n] = short;
    freqs[n++] = freqs[entry]!;
  }
  return packPostings(ids.subarray(0, n), freqs.subarray(0, n));
}

/** How often a term occurs in section `section`, from one document's flat `[section, count, …]` list. */
export function sectionCount(flat: readonly number[] | undefined, section: number): number {
  if (!flat) return 0;
  for (let i = 0; i < flat.length; i += 2) if (flat[i] === section) return flat[i + 1]!;
  return 0;
}

/** How often the term occurs in one section's prose of document `doc`. */
export function countInSection(counts: ProseCounts | undefined, doc: number, section: number): number {
  const entry = counts ? counts.find(doc) : -1;
  return entry < 0 ? 0 : sectionCount(counts!.sectionsAt(entry), section);
}

/** A term's section counts, decoded on first use; more lines can be added later (the site's split index adds shards). */
export class SectionPostingsTable {
  readonly #encoded = new Map<string, string>();
  readonly #decoded = new Map<string, SectionCounts>();
  readonly #unknown: ((term: string) => void) | undefined;

  /** `unknown` hears of every term asked for that has no lines here (the split index checks whether its shard is loaded). */
  constructor(unknown?: (term: string) => void) {
    this.#unknown = unknown;
  }

  /** Registers the lines of `text` (a term seen again replaces its entries). */
  add(text: string): void {
    scanSectionPostings(text, (term, encoded) => {
      this.#encoded.set(term, encoded);
      this.#decoded.delete(term);
    });
  }

  /** The term's counts, or undefined when no section's prose has it. */
  get(term: string): ProseCounts | undefined {
    let counts = this.#decoded.get(term);
    if (!counts) {
      const encoded = this.#encoded.get(term);
      if (encoded === undefined) return void this.#unknown?.(term);
      this.#decoded.set(term, (counts = indexSectionPostings(encoded, term)));
      this.#encoded.delete(term);
    }
    return counts;
  }
}

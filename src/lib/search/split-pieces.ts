/**
 * A very common term's section postings, cut by document for the site's split index. The section stage reads a term's
 * prose counts only for the documents it scores (40), while a term in most documents of a 10,000-document wiki has
 * hundreds of KiB of them: its shard keeps its document postings whole (the body written out, not derived from the
 * sections) and its number, and each document's piece of every such term goes into that document's details file
 * (`docs-<n>.json`, as Pagefind puts a page's data in its own fragment), fetched when the document is scored. The first
 * stage needs nothing from the pieces, so answers stay exactly the whole index's.
 */
import { decodeFields, encodePostings, scanPostings, scanTermLines } from './postings.ts';
import { bodyPostingsOf, decodeSectionPostings, SectionCounts, SectionPostingsTable, shortIdsOf, type ProseCounts } from './section-postings.ts';
import type { SerializedIndex } from './contract.ts';

/**
 * Section-postings characters past which a term is pieced: at 10,000 generated documents 274 terms, the ones in most
 * documents; under it a term's section postings stay in its shard. No term of ko-react-docs (226 documents) passes it.
 * A pieced term costs every details file its counts (every scored document's, on every first search), a term left
 * whole costs its shard its postings (when a query asks for it). Measured at 10,000 documents on the bench's queries and
 * the stride-9973 sample, gzip median / max per first search: 7,500 characters 342 / 406 and 355 / 470 KiB, 15,000
 * 340 / 411 and 351 / 426, 30,000 319 / 380 and 339 / 426, 60,000 340 / 379 and 340 / 448, 120,000 331 / 402 and 333 / 436.
 */
export const PIECE_TERM_CHARS = 30_000;

/**
 * The very common terms' section postings cut by document: per document, `<term number gap>:<sections>` entries
 * (the section-postings grammar with term numbers in place of documents, base 36), the terms numbered in the order
 * given. Each document's line goes into its details file, so the section stage gets a scored document's counts of
 * every very common term with its details, in the request it makes anyway.
 */
export function foldByDocument(lines: readonly { term: string; encoded: string }[], documents: number): string[] {
  const entries: string[][] = Array.from({ length: documents }, () => []);
  const last = new Array<number>(documents).fill(0);
  lines.forEach(({ term, encoded }, number) => {
    let doc = 0;
    for (const entry of encoded.split(',')) {
      const colon = entry.indexOf(':');
      doc += parseInt(entry.slice(0, colon), 36);
      if (!entries[doc]) throw new Error(`section postings of ${JSON.stringify(term)} name document ${doc}, past the last (${documents - 1}).`);
      entries[doc]!.push(`${(number - last[doc]!).toString(36)}${entry.slice(colon)}`);
      last[doc] = number;
    }
  });
  return entries.map((e) => e.join(','));
}

/**
 * The postings line of a pieced term with its body written out: the whole index derives it from the section postings
 * (plus the line's patch), which a shard no longer holds whole. Decoded and encoded by the same functions, so equal.
 */
export function withBodyWrittenOut(line: string, sectionEncoded: string, index: SerializedIndex): string {
  const shortOf = shortIdsOf(index.documentIds);
  const derive = (term: string) => bodyPostingsOf(decodeSectionPostings(sectionEncoded, term), shortOf);
  let result = line;
  let counts: number[] | undefined;
  scanPostings(
    line,
    (term, fields, n) => {
      const entry: Record<string, Record<string, number>> = {};
      for (const [fieldId, docs] of decodeFields(fields, term, n, derive)) entry[fieldId] = Object.fromEntries(docs);
      // A line whose fields all came out empty keeps its term (and counts), as the whole index does.
      result = encodePostings([[term, entry]], undefined, () => counts) || `${term}\t${counts ? `#${counts.map((c) => c.toString(36)).join(',')}` : ''}`;
    },
    (_, c) => (counts = c),
  );
  return result;
}

/**
 * Section postings of the split index: the lines of the shards fetched, and the pieced terms' counts from the details
 * files of the documents fetched. Asked for a document whose details are not here, a pieced term answers "not there"
 * and reports the document (`want`), so the search fetches its details and ranks again.
 */
export class SplitSectionPostings extends SectionPostingsTable {
  readonly #pieced = new Map<string, PiecedCounts>();
  /**
   * Each fetched document's counts by term number, checked when added and kept as its line and offsets (the terms' counts
   * parsed when read): decoded whole they were a Map of every pieced term's counts per document, about 50 KiB each at
   * 10,000 documents, half a gigabyte once searches had scored most documents.
   */
  readonly #documents = new Map<number, SectionCounts | undefined>();
  readonly #want: (doc: number) => void;

  /** `unknown` as for `SectionPostingsTable`; `want` hears of a document whose pieced counts were asked for before its details came. */
  constructor(unknown: (term: string) => void, want: (doc: number) => void) {
    super(unknown);
    this.#want = want;
  }

  /** Registers a shard's pieced terms: lines `term<TAB>number` (base 36, below `count`), the term's number in the documents' lines. */
  addPieced(text: string, count: number): void {
    scanTermLines(text, 'pieced terms', 'no tab after the term.', (term, rest) => {
      const number = /^[0-9a-z]+$/.test(rest) ? parseInt(rest, 36) : NaN;
      if (!(number < count)) throw new Error(`pieced term ${JSON.stringify(term)}: "${rest}" is not a term number below ${count.toString(36)}.`);
      this.#pieced.set(term, new PiecedCounts(number, this.#documents, this.#want));
    });
  }

  /** Adds a fetched document's line of pieced counts (see `foldByDocument`), checked now; `where` names it in an error. */
  addDocument(doc: number, line: string, where: string): void {
    this.#documents.set(doc, line ? decodeSectionPostings(line, where) : undefined);
  }

  override get(term: string): ProseCounts | undefined {
    return this.#pieced.get(term) ?? super.get(term);
  }
}

/** A pieced term's counts in the documents fetched; a document not fetched yet is reported and reads as absent. */
class PiecedCounts implements ProseCounts {
  readonly #number: number;
  readonly #documents: ReadonlyMap<number, SectionCounts | undefined>;
  readonly #want: (doc: number) => void;

  /** `number` is the term's number in the documents' lines; `documents` the fetched documents' counts by term number (undefined: none). */
  constructor(number: number, documents: ReadonlyMap<number, SectionCounts | undefined>, want: (doc: number) => void) {
    this.#number = number;
    this.#documents = documents;
    this.#want = want;
  }

  /** The entry handle is the document itself. */
  find(doc: number): number {
    if (!this.#documents.has(doc)) {
      this.#want(doc);
      return -1;
    }
    return (this.#documents.get(doc)?.find(this.#number) ?? -1) >= 0 ? doc : -1;
  }

  sectionsAt(entry: number): number[] {
    const counts = this.#documents.get(entry);
    const at = counts?.find(this.#number) ?? -1;
    return counts && at >= 0 ? counts.sectionsAt(at) : [];
  }

  // A pieced term's shard carries its body written out (`withBodyWrittenOut`), so nothing derives it from here: the
  // documents fetched so far are not all of them, and an answer from them would be wrong.
  documents(): Int32Array {
    throw new Error('a pieced term has no whole list of documents in the split index; its body postings are written out in its shard.');
  }

  totals(): Int32Array {
    return this.documents();
  }
}

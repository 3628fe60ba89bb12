/**
 * A very common term's section postings, cut into pieces by document for the site's split index. The section stage
 * reads a term's prose counts only for the documents it scores (40), while a term in most documents of a 10,000-document
 * wiki has hundreds of KiB of them: its shard keeps its document postings whole (the body written out, not derived
 * from the sections), and each piece of its section postings is a file of its own, fetched when a scored document
 * falls in it. The first stage needs nothing from the pieces, so answers stay exactly the whole index's.
 */
import { decodeFields, encodePostings, scanPostings, scanTermLines } from './postings.ts';
import { decodeSectionPostings, SectionPostingsTable, type SectionCounts } from './section-postings.ts';
import type { SerializedIndex } from './contract.ts';

/**
 * Section-postings characters past which a term is cut into pieces: at 10,000 generated documents 1,200 terms, 71 % of
 * the section postings; under it a term stays in its shard (a few KiB on the wire). No term of ko-react-docs (226
 * documents) passes it. Measured at 10,000 documents on the bench's queries: 3,000 fetched more (more bodies written
 * out), 15,000 about the same.
 */
export const PIECE_TERM_CHARS = 7_500;

/**
 * Characters of one piece (about 0.3 KiB on the wire): the section stage's 40 documents fall in at most 40 pieces of a
 * term, so the smaller the pieces the less is fetched for nothing, and the more files. At 10,000 documents, on the
 * bench's queries: 1,500 fetched at most 99 KiB of pieces (22,000 files), 750 72 KiB (43,500 files), 500 no less.
 */
export const PIECE_CHARS = 750;

/** The pieces of one term: the first document of each, and the number of the first piece file. */
interface TermPieces {
  first: number;
  starts: number[];
}

/** A pieced term's section-postings line cut into lines of about `chars` characters, each a whole number of documents. */
export function cutSectionLine(term: string, encoded: string, chars: number): { starts: number[]; lines: string[] } {
  const starts: number[] = [];
  const lines: string[] = [];
  let doc = 0;
  let piece: string[] = [];
  let size = Infinity;
  for (const entry of encoded.split(',')) {
    const colon = entry.indexOf(':');
    doc += parseInt(entry.slice(0, colon), 36);
    if (size >= chars) {
      if (piece.length) lines.push(`${term}\t${piece.join(',')}`);
      starts.push(doc);
      // A piece's first gap counts from document 0, so each piece decodes on its own.
      piece = [`${doc.toString(36)}${entry.slice(colon)}`];
      size = entry.length;
      continue;
    }
    piece.push(entry);
    size += entry.length + 1;
  }
  if (piece.length) lines.push(`${term}\t${piece.join(',')}`);
  return { starts, lines };
}

/**
 * The postings line of a pieced term with its body written out: the whole index derives it from the section postings
 * (plus the line's patch), which a shard no longer holds whole. Decoded and encoded by the same functions, so equal.
 */
export function withBodyWrittenOut(line: string, sectionEncoded: string, index: SerializedIndex): string {
  const shortOf = new Map<number, number>();
  for (const [short, id] of Object.entries(index.documentIds)) shortOf.set(Number(id), Number(short));
  const derive = (term: string) => {
    const out = new Map<number, number>();
    for (const [doc, flat] of decodeSectionPostings(sectionEncoded, term)) {
      let sum = 0;
      for (let i = 1; i < flat.length; i += 2) sum += flat[i]!;
      const short = shortOf.get(doc);
      if (short !== undefined) out.set(short, sum);
    }
    return out;
  };
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

/** `term<TAB>first piece file (base 36)<TAB>first document of each piece (gaps, base 36)`: a shard's list of its pieced terms. */
export function encodePieceList(term: string, first: number, starts: readonly number[]): string {
  let previous = 0;
  const gaps = starts.map((s) => {
    const gap = (s - previous).toString(36);
    previous = s;
    return gap;
  });
  return `${term}\t${first.toString(36)}\t${gaps.join(',')}`;
}

/** Name of piece file n. */
export const pieceFile = (n: number): string => `sections-${n}.json`;

/**
 * Section postings of the split index: the lines of the shards fetched, and the pieced terms' counts as their pieces
 * arrive. Asked for a scored document whose piece is not here, a pieced term answers "not there" and notes the piece
 * (`takeMissing`), so the search fetches it and ranks again.
 */
export class SplitSectionPostings extends SectionPostingsTable {
  readonly #pieced = new Map<string, PiecedCounts>();
  readonly #pieceOf = new Map<string, PiecedCounts>();
  readonly #missing = new Set<string>();

  /** Registers a shard's pieced terms (see `encodePieceList`). */
  addPieceList(text: string): void {
    scanTermLines(text, 'pieced terms', 'no tab after the term.', (term, rest) => {
      const [first, gaps] = rest.split('\t') as [string, string | undefined];
      let at = 0;
      const pieces: TermPieces = { first: parseInt(first, 36), starts: (gaps ?? '').split(',').map((g) => (at += parseInt(g, 36))) };
      if (!Number.isFinite(pieces.first) || pieces.starts.some((s) => !Number.isFinite(s)))
        throw new Error(`pieced term ${JSON.stringify(term)}: "${rest}" is not "<file>\t<starts>".`);
      const counts = new PiecedCounts(pieces, (file) => this.#missing.add(file));
      this.#pieced.set(term, counts);
      pieces.starts.forEach((_, k) => this.#pieceOf.set(pieceFile(pieces.first + k), counts));
    });
  }

  /** Adds a fetched piece (its section-postings line); false when no pieced term has this file. */
  addPiece(file: string, line: string): boolean {
    const counts = this.#pieceOf.get(file);
    if (!counts) return false;
    scanTermLines(line, 'section postings', 'no tab after the term.', (term, encoded) => counts.supply(file, decodeSectionPostings(encoded, term)));
    return true;
  }

  /** Piece files that scored documents needed since the last call (cleared by the call). */
  takeMissing(): string[] {
    const out = [...this.#missing];
    this.#missing.clear();
    return out;
  }

  override get(term: string): SectionCounts | undefined {
    return this.#pieced.get(term) ?? super.get(term);
  }
}

/** A pieced term's counts: the documents of the pieces fetched; a document in another piece notes that piece as missing. */
class PiecedCounts extends Map<number, readonly number[]> {
  readonly #pieces: TermPieces;
  readonly #loaded = new Set<string>();
  readonly #want: (file: string) => void;

  constructor(pieces: TermPieces, want: (file: string) => void) {
    super();
    this.#pieces = pieces;
    this.#want = want;
  }

  supply(file: string, counts: SectionCounts): void {
    for (const [doc, flat] of counts) this.set(doc, flat);
    this.#loaded.add(file);
  }

  override get(doc: number): readonly number[] | undefined {
    const { starts, first } = this.#pieces;
    if (doc < starts[0]!) return undefined;
    let lo = 0;
    for (let hi = starts.length - 1; lo < hi;) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= doc) lo = mid;
      else hi = mid - 1;
    }
    const file = pieceFile(first + lo);
    if (!this.#loaded.has(file)) {
      this.#want(file);
      return undefined;
    }
    return super.get(doc);
  }
}

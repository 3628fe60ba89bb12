/**
 * Where each term occurs in the prose of each section, so the section ranking needs no Markdown: one line
 * per term, `<term>\t<entries>`, an entry per document `<document gap>:<section gaps>` with the sections
 * separated by `/` and a count other than 1 after `*`, all numbers base 36 — the text gzips like the
 * document postings (`postings.ts`). Lines are decoded per term on first use.
 */
import { scanTermLines } from './postings.ts';

/** One term's prose occurrences: document position → flat `[section, count, section, count, …]`. */
export type SectionCounts = ReadonlyMap<number, readonly number[]>;

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
 * Decodes one term's entries; throws naming the term when they are damaged. Read character by character: a common
 * term has thousands of entries, and splitting them into strings first cost most of a cold query's section stage.
 */
export function decodeSectionPostings(encoded: string, term: string): SectionCounts {
  const out = new Map<number, number[]>();
  const length = encoded.length;
  let at = 0;
  let entryStart = 0;
  const damaged = (): never => {
    const end = encoded.indexOf(',', entryStart);
    const entry = encoded.slice(entryStart, end < 0 ? undefined : end);
    throw new Error(`section postings of ${JSON.stringify(term)}: ${JSON.stringify(entry.slice(0, 40))} is not "<gap>:<sections>".`);
  };
  // A base-36 number at `at` (lowercase digits and letters), `at` moved past it; damaged when there is none.
  const number = (): number => {
    const from = at;
    let n = 0;
    for (; at < length; at++) {
      const c = encoded.charCodeAt(at);
      if (c >= 48 && c <= 57) n = n * 36 + (c - 48);
      else if (c >= 97 && c <= 122) n = n * 36 + (c - 87);
      else break;
    }
    return at === from ? damaged() : n;
  };
  let doc = 0;
  while (at < length) {
    entryStart = at;
    doc += number();
    if (encoded.charCodeAt(at++) !== COLON) damaged();
    let section = 0;
    const flat: number[] = [];
    for (;;) {
      section += number();
      let count = 1;
      if (encoded.charCodeAt(at) === STAR) {
        at++;
        count = number();
      }
      flat.push(section, count);
      const c = encoded.charCodeAt(at);
      if (c === SLASH) at++;
      else if (c === COMMA || at >= length) break;
      else damaged();
    }
    out.set(doc, flat);
    at++;
  }
  return out;
}

const COLON = 58;
const STAR = 42;
const SLASH = 47;
const COMMA = 44;

/** How often the term occurs in one section's prose, from a decoded entry list. */
export function countInSection(counts: SectionCounts | undefined, doc: number, section: number): number {
  const flat = counts?.get(doc);
  if (!flat) return 0;
  for (let i = 0; i < flat.length; i += 2) if (flat[i] === section) return flat[i + 1]!;
  return 0;
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
  get(term: string): SectionCounts | undefined {
    let counts = this.#decoded.get(term);
    if (!counts) {
      const encoded = this.#encoded.get(term);
      if (encoded === undefined) return void this.#unknown?.(term);
      this.#decoded.set(term, (counts = decodeSectionPostings(encoded, term)));
      this.#encoded.delete(term);
    }
    return counts;
  }
}

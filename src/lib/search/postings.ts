/**
 * A compact, lossless text form of MiniSearch's serialised postings (`toJSON().index`).
 *
 * MiniSearch writes every posting as `"<docId>":<freq>` inside nested objects, which costs ~9 bytes
 * a posting and gzips poorly. Here each term is one line: the term, then per field
 * `<fieldId>:<deltas>`, where deltas are the gaps between sorted document ids in base 36 and a
 * frequency other than 1 follows as `*<freq>`. Gaps are small and repetitive, so the text gzips
 * to about half of MiniSearch's JSON. Decoding gives back exactly MiniSearch's shape for `loadJS`.
 *
 * A field written `<fieldId>~:<entries>` is a patch, not the postings: the field's postings are derived from
 * elsewhere when decoding (the body's from the section postings, see `index-build.ts`), and the entries list only
 * the documents where the stored frequency differs from the derived one, `*0` meaning "not in this document".
 */

/** MiniSearch's serialised postings: term → fieldId → documentShortId → term frequency. */
export type SerializedPostings = [string, Record<string, Record<string, number>>][];

/** Decides whether one field's postings of a term are kept; `documents` is how many documents have it there. */
export type KeepPostings = (term: string, fieldId: number, documents: number) => boolean;

/**
 * Encodes postings, leaving out the fields `keep` rejects. `extra` may give each term a list of
 * counts stored after it as `#a,b,…` (the section ranking's per-field section frequencies).
 */
export function encodePostings(
  postings: Iterable<SerializedPostings[number]>,
  keep: KeepPostings = () => true,
  extra: (term: string) => readonly number[] | undefined = () => undefined,
): string {
  const lines: string[] = [];
  for (const [term, fields] of postings) {
    if (/[\t\n]/.test(term)) throw new Error(`Index term ${JSON.stringify(term)} contains a tab or newline; the tokenizer must never produce one.`);
    const counts = extra(term);
    const parts = counts ? [term, `#${counts.map((n) => n.toString(36)).join(',')}`] : [term];
    for (const [fieldId, docs] of Object.entries(fields)) {
      const ids = Object.keys(docs)
        .map(Number)
        .sort((a, b) => a - b);
      // A patch is written even when empty: it says the field is derived.
      if (fieldId.endsWith(PATCH_MARK)) {
        parts.push(`${fieldId}:${gapsOf(ids, docs)}`);
        continue;
      }
      if (!ids.length || !keep(term, Number(fieldId), ids.length)) continue;
      parts.push(`${fieldId}:${gapsOf(ids, docs)}`);
    }
    if (parts.length > (counts ? 2 : 1)) lines.push(parts.join('\t'));
  }
  return lines.join('\n');
}

/** Marks a field id whose entries patch postings derived elsewhere (see the module comment). */
export const PATCH_MARK = '~';

function gapsOf(ids: readonly number[], docs: Record<string, number>): string {
  let previous = 0;
  return ids
    .map((id) => {
      const freq = docs[id]!;
      const gap = (id - previous).toString(36);
      previous = id;
      return freq === 1 ? gap : `${gap}*${freq.toString(36)}`;
    })
    .join(',');
}

/** One term's postings as MiniSearch reads them: fieldId → documentShortId → term frequency. */
export type TermPostings = Map<number, ReadonlyMap<number, number>>;

/** Where `value` is in the ascending `values`, or -1: the lookup of packed postings and of section counts. */
export function indexOfSorted(values: Int32Array, value: number): number {
  let lo = 0;
  let hi = values.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const at = values[mid]!;
    if (at === value) return mid;
    if (at < value) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/**
 * One field's postings of one term, packed: document short ids ascending, with their frequencies, in typed arrays.
 * MiniSearch only reads postings (`get`, `has`, `size`, iteration), so this stands in for its Map: a common term's
 * Map cost a hash entry per document to build and to hold (and the collector walked them); this is two arrays it never
 * walks, filled straight from the encoded text. Iteration is in ascending document order, as decoded Maps were.
 */
export class PackedPostings implements ReadonlyMap<number, number> {
  readonly #ids: Int32Array;
  readonly #freqs: Int32Array;

  /** `ids` ascending (checked), `freqs[i]` the frequency of `ids[i]`; the arrays are taken, not copied. */
  constructor(ids: Int32Array, freqs: Int32Array) {
    for (let i = 1; i < ids.length; i++) if (ids[i]! <= ids[i - 1]!) throw new Error('PackedPostings: document ids must be strictly ascending.');
    this.#ids = ids;
    this.#freqs = freqs;
  }

  get size(): number {
    return this.#ids.length;
  }

  /** The ids and frequencies themselves (not copies): for merging without a lookup per document. */
  arrays(): readonly [Int32Array, Int32Array] {
    return [this.#ids, this.#freqs];
  }

  #find(id: number): number {
    return indexOfSorted(this.#ids, id);
  }

  get(id: number): number | undefined {
    const i = this.#find(id);
    return i < 0 ? undefined : this.#freqs[i];
  }

  has(id: number): boolean {
    return this.#find(id) >= 0;
  }

  forEach(callback: (freq: number, id: number, map: ReadonlyMap<number, number>) => void, thisArg?: unknown): void {
    const ids = this.#ids;
    const freqs = this.#freqs;
    for (let i = 0; i < ids.length; i++) callback.call(thisArg, freqs[i]!, ids[i]!, this);
  }

  *entries(): MapIterator<[number, number]> {
    for (let i = 0; i < this.#ids.length; i++) yield [this.#ids[i]!, this.#freqs[i]!];
  }

  *keys(): MapIterator<number> {
    yield* this.#ids;
  }

  *values(): MapIterator<number> {
    yield* this.#freqs;
  }

  [Symbol.iterator](): MapIterator<[number, number]> {
    return this.entries();
  }
}

/** Postings from ids and frequencies in any order (sorted here), e.g. derived from another table whose order differs. */
export function packPostings(ids: Int32Array, freqs: Int32Array): PackedPostings {
  let ascending = true;
  for (let i = 1; i < ids.length && ascending; i++) ascending = ids[i]! > ids[i - 1]!;
  if (ascending) return new PackedPostings(ids, freqs);
  const order = Array.from(ids.keys()).sort((a, b) => ids[a]! - ids[b]!);
  return new PackedPostings(
    Int32Array.from(order, (i) => ids[i]!),
    Int32Array.from(order, (i) => freqs[i]!),
  );
}

/**
 * Splits encoded postings into terms and their still-encoded field lists, without decoding any
 * posting: `onTerm` gets the term, the field text (decode it with `decodeFields`) and the line number;
 * `onExtra` gets a term's `#` counts.
 */
export function scanPostings(
  text: string,
  onTerm: (term: string, fields: string, line: number) => void,
  onExtra: (term: string, counts: number[]) => void = () => undefined,
): void {
  scanTermLines(text, 'postings', 'no fields.', (term, rest, line) => {
    let fields = rest;
    if (rest.charCodeAt(0) === 35 /* # */) {
      const tab = rest.indexOf('\t');
      onExtra(
        term,
        rest
          .slice(1, tab < 0 ? rest.length : tab)
          .split(',')
          .map((n) => parseInt(n, 36)),
      );
      fields = tab < 0 ? '' : rest.slice(tab + 1);
    }
    onTerm(term, fields, line);
  });
}

/**
 * The line format shared by the postings and the section postings: `term<TAB>rest`, one term a line. `onLine` gets
 * each term, the text after its tab and the 1-based line; a line without a tab is an error naming `what` and the line.
 */
export function scanTermLines(text: string, what: string, missingTab: string, onLine: (term: string, rest: string, line: number) => void): void {
  if (!text) return;
  let line = 0;
  let start = 0;
  while (start <= text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    line++;
    const tab = text.indexOf('\t', start);
    if (tab < 0 || tab > end) throw new Error(`${what} line ${line} (${text.slice(start, Math.min(end, start + 40))}): ${missingTab}`);
    onLine(text.slice(start, tab), text.slice(tab + 1, end), line);
    start = end + 1;
  }
}

/** Gives a term's derived postings of one field (document short id → frequency, ascending ids) for a patch to apply to. */
export type DerivePostings = (term: string, fieldId: number) => PackedPostings;

/**
 * Decodes one term's field list (`<fieldId>:<gaps>` separated by tabs); throws naming the term when it is damaged.
 * A patch field (`<fieldId>~:`) is applied to what `derive` gives; without `derive` it is refused.
 */
export function decodeFields(fields: string, term: string, lineNo: number, derive?: DerivePostings): TermPostings {
  const out: TermPostings = new Map();
  const length = fields.length;
  let p = 0;
  // Character by character: splitting a common term's line into a string per posting made its first query slow.
  for (let start = 0; start < length;) {
    p++;
    let end = fields.indexOf('\t', start);
    if (end < 0) end = length;
    const colon = fields.indexOf(':', start);
    if (colon <= start || colon > end) throw new Error(`postings line ${lineNo} (${term}): field ${p} has no "<fieldId>:".`);
    const patch = fields.charCodeAt(colon - 1) === PATCH_CODE;
    const fieldId = Number(fields.slice(start, patch ? colon - 1 : colon));
    const docs = decodeGaps(fields, colon + 1, end, term, lineNo);
    start = end + 1;
    if (!patch) {
      out.set(fieldId, docs);
      continue;
    }
    if (!derive) throw new Error(`postings line ${lineNo} (${term}): field ${p} is derived (${PATCH_MARK}) but nothing derives it.`);
    const patched = applyPatch(derive(term, fieldId), docs);
    if (patched.size) out.set(fieldId, patched);
  }
  return out;
}

const PATCH_CODE = PATCH_MARK.charCodeAt(0);

/** The `<gap>[*<freq>]` list of `text` from `from` to `to` as document → frequency. */
function decodeGaps(text: string, from: number, to: number, term: string, lineNo: number): PackedPostings {
  // Gaps are separated by commas, so their count sizes the arrays.
  let size = from < to ? 1 : 0;
  for (let c = text.indexOf(',', from); c >= 0 && c < to; c = text.indexOf(',', c + 1)) size++;
  const ids = new Int32Array(size);
  const freqs = new Int32Array(size);
  let id = 0;
  let at = from;
  const damaged = (start: number): never => {
    const comma = text.indexOf(',', start);
    const gap = text.slice(start, comma < 0 || comma > to ? to : comma);
    throw new Error(`postings line ${lineNo} (${term}): ${JSON.stringify(gap)} is not a base-36 gap.`);
  };
  // A base-36 number at `at`, `at` moved past it; -1 when there is none.
  const number = (): number => {
    const start = at;
    let n = 0;
    for (let v: number; at < to && (v = digitOf(text.charCodeAt(at))) >= 0; at++) n = n * 36 + v;
    return at === start ? -1 : n;
  };
  for (let i = 0; i < size; i++) {
    const start = at;
    const gap = number();
    if (gap < 0) damaged(start);
    id += gap;
    let freq = 1;
    // `at < to` first: reading past the end of the text (the last field of a line) made the optimised decoder bail out.
    if (at < to && text.charCodeAt(at) === STAR) {
      at++;
      freq = number();
      if (freq < 0) damaged(start);
    }
    if (at < to && text.charCodeAt(at) !== COMMA) damaged(start);
    // A zero gap after the first would repeat a document: the text is damaged.
    if (i > 0 && gap === 0) damaged(start);
    ids[i] = id;
    freqs[i] = freq;
    at++;
  }
  return new PackedPostings(ids, freqs);
}

const STAR = 42;
const COMMA = 44;

/** Value of each base-36 digit by character code ('0'–'9', 'a'–'z'), -1 for any other character. */
const BASE36 = Int8Array.from({ length: 123 }, (_, c) => (c >= 48 && c <= 57 ? c - 48 : c >= 97 ? c - 87 : -1));

/**
 * The base-36 digit of character code `c`, or -1 (also past the end of a string, where `charCodeAt` gives NaN). One
 * lookup rather than two ranges: a decoder compiled before it met a letter (a count of ten or more, rare in a section)
 * was thrown away and ran interpreted the first time one came, in the middle of a query.
 */
export function digitOf(c: number): number {
  return c < 123 ? BASE36[c]! : -1;
}

/** `base` with the patch's documents replaced (frequency 0 removes one), in ascending document order as decoded postings are. */
function applyPatch(base: PackedPostings, patch: PackedPostings): ReadonlyMap<number, number> {
  if (!patch.size) return base;
  // Both ascending: one merge (a Set, a sort and a lookup per document cost milliseconds for a common term's first use).
  const [baseIds, baseFreqs] = base.arrays();
  const [patchIds, patchFreqs] = patch.arrays();
  const ids = new Int32Array(baseIds.length + patchIds.length);
  const freqs = new Int32Array(ids.length);
  let n = 0;
  for (let i = 0, j = 0; i < baseIds.length || j < patchIds.length;) {
    const b = i < baseIds.length ? baseIds[i]! : Infinity;
    const p = j < patchIds.length ? patchIds[j]! : Infinity;
    const id = Math.min(b, p);
    const freq = p === id ? patchFreqs[j]! : baseFreqs[i]!;
    if (b === id) i++;
    if (p === id) j++;
    if (freq === 0) continue;
    ids[n] = id;
    freqs[n++] = freq;
  }
  return new PackedPostings(ids.slice(0, n), freqs.slice(0, n));
}

/** Decodes `encodePostings` output into MiniSearch's serialised shape (every posting at once). */
export function decodePostings(text: string, onExtra: (term: string, counts: number[]) => void = () => undefined, derive?: DerivePostings): SerializedPostings {
  const out: SerializedPostings = [];
  scanPostings(
    text,
    (term, fields, line) => {
      const entry: Record<string, Record<string, number>> = {};
      for (const [fieldId, docs] of decodeFields(fields, term, line, derive)) entry[fieldId] = Object.fromEntries(docs);
      out.push([term, entry]);
    },
    onExtra,
  );
  return out;
}

import { loadIndexShell, type SearchIndex, type SerializedIndex } from './contract.ts';
import { decodeFields, scanPostings, type TermPostings } from './postings.ts';

/**
 * Restores an index whose postings are `encodePostings` text, decoding each term's postings only
 * when a search first reaches that term. Decoding every posting up front (and MiniSearch turning
 * them into Maps) took 3.4 s of a 4.6 s cold start at 10,000 documents; registering the terms alone
 * takes a few milliseconds. It reaches into MiniSearch 7.2's private term map (`_index`), whose values
 * MiniSearch reads only through `.get(fieldId)` (and `.size` when removing): `lazy-postings.test.ts`
 * pins that shape and checks the answers equal those of a fully decoded index, so a MiniSearch upgrade
 * that changes it fails loudly. `onTerm` sees every term as it is registered.
 */
export function loadIndexLazily(
  json: SerializedIndex,
  postings: string,
  onExtra: (term: string, counts: number[]) => void,
  onTerm: (term: string) => void = () => undefined,
): SearchIndex {
  const index = loadIndexShell(json);
  const terms = termMapOf(index);
  scanPostings(
    postings,
    (term, fields, line) => {
      terms.set(term, new LazyTermPostings(term, fields, line));
      onTerm(term);
    },
    onExtra,
  );
  return index;
}

/** What this module relies on of MiniSearch's private term map. */
export interface TermMap {
  set(term: string, data: { get(fieldId: number): Map<number, number> | undefined; readonly size: number }): unknown;
  get(term: string): unknown;
}

/** MiniSearch's private term map; throws (rather than answering wrongly) if a MiniSearch upgrade renamed it. */
export function termMapOf(index: SearchIndex): TermMap {
  // Private in MiniSearch; see the comment on loadIndexLazily for why and how this is guarded.
  const map = (index as unknown as { _index?: Partial<TermMap> })._index;
  if (!map || typeof map.set !== 'function' || typeof map.get !== 'function') {
    throw new Error('MiniSearch no longer keeps its terms in `_index`; lazy postings need updating (see src/lib/search/lazy-postings.ts).');
  }
  return map as TermMap;
}

/** One term's postings, decoded on first use; MiniSearch sees a Map of field id → (document → frequency). */
class LazyTermPostings {
  #encoded: string | undefined;
  #decoded: TermPostings | undefined;
  readonly #term: string;
  readonly #line: number;

  constructor(term: string, encoded: string, line: number) {
    this.#term = term;
    this.#encoded = encoded;
    this.#line = line;
  }

  #postings(): TermPostings {
    if (!this.#decoded) {
      this.#decoded = decodeFields(this.#encoded ?? '', this.#term, this.#line);
      this.#encoded = undefined;
    }
    return this.#decoded;
  }

  get(fieldId: number): Map<number, number> | undefined {
    return this.#postings().get(fieldId);
  }

  get size(): number {
    return this.#postings().size;
  }
}

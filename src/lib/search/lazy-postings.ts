import { loadIndexShell, type SearchIndex, type SerializedIndex } from './contract.ts';
import { decodeFields, scanPostings, type DerivePostings, type TermPostings } from './postings.ts';

const EMPTY: TermPostings = new Map();

/**
 * Restores an index whose postings are `encodePostings` text, decoding each term's postings only
 * when a search first reaches that term. Decoding every posting up front (and MiniSearch turning
 * them into Maps) took 3.4 s of a 4.6 s cold start at 10,000 documents; registering the terms alone
 * takes a few milliseconds. It reaches into MiniSearch 7.2's private term map (`_index`), whose values
 * MiniSearch reads only through `.get(fieldId)` (and `.size` when removing): `lazy-postings.test.ts`
 * pins that shape and checks the answers equal those of a fully decoded index, so a MiniSearch upgrade
 * that changes it fails loudly. `onTerm` sees every term as it is registered; `derive` gives the postings
 * that a line's patch fields apply to (the body's, from the section postings).
 */
export function loadIndexLazily(
  json: SerializedIndex,
  postings: string,
  onExtra: (term: string, counts: number[]) => void,
  onTerm: (term: string) => void = () => undefined,
  derive?: DerivePostings,
): SearchIndex {
  const index = loadIndexShell(json);
  const terms = termMapOf(index);
  scanPostings(
    postings,
    (term, fields, line) => {
      terms.set(term, new LazyTermPostings(term, fields, line, undefined, derive));
      onTerm(term);
    },
    onExtra,
  );
  return index;
}

/** What this module relies on of MiniSearch's private term map. */
export interface TermMap {
  set(term: string, data: { get(fieldId: number): ReadonlyMap<number, number> | undefined; readonly size: number }): unknown;
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

/**
 * Restores an index from a vocabulary (postings lines without fields) whose postings arrive later, shard by
 * shard (the site's split index): a term whose postings are not there yet answers "nothing" and is reported
 * to `onMissing`, so the caller fetches its shard and searches again. `supply` adds a shard's lines; `derive` is
 * as for `loadIndexLazily` (a shard holds a term's section postings beside its postings line).
 */
export function loadIndexVocabulary(
  json: SerializedIndex,
  vocabulary: string,
  onExtra: (term: string, counts: number[]) => void,
  onTerm: (term: string) => void,
  onMissing: (term: string) => void,
  derive?: DerivePostings,
): { index: SearchIndex; supply: (postings: string) => void } {
  const index = loadIndexShell(json);
  const terms = termMapOf(index);
  const pending = new Map<string, LazyTermPostings>();
  scanPostings(
    vocabulary,
    (term) => {
      const postings = new LazyTermPostings(term, undefined, 0, onMissing, derive);
      pending.set(term, postings);
      terms.set(term, postings);
      onTerm(term);
    },
    onExtra,
  );
  const supply = (postings: string) =>
    scanPostings(postings, (term, fields, line) => {
      pending.get(term)?.supply(fields, line);
      pending.delete(term);
    });
  return { index, supply };
}

/** One term's postings, decoded on first use; MiniSearch sees a Map of field id → (document → frequency). */
class LazyTermPostings {
  #encoded: string | undefined;
  #decoded: TermPostings | undefined;
  readonly #term: string;
  #line: number;
  #onMissing: ((term: string) => void) | undefined;
  readonly #derive: DerivePostings | undefined;

  constructor(term: string, encoded: string | undefined, line: number, onMissing?: (term: string) => void, derive?: DerivePostings) {
    this.#term = term;
    this.#encoded = encoded;
    this.#line = line;
    this.#onMissing = onMissing;
    this.#derive = derive;
  }

  /** The postings of a term registered without them (see loadIndexVocabulary). */
  supply(encoded: string, line: number): void {
    this.#encoded = encoded;
    this.#line = line;
    this.#onMissing = undefined;
  }

  #postings(): TermPostings {
    if (this.#onMissing) {
      this.#onMissing(this.#term);
      return EMPTY;
    }
    if (!this.#decoded) {
      this.#decoded = decodeFields(this.#encoded ?? '', this.#term, this.#line, this.#derive);
      this.#encoded = undefined;
    }
    return this.#decoded;
  }

  get(fieldId: number): ReadonlyMap<number, number> | undefined {
    return this.#postings().get(fieldId);
  }

  get size(): number {
    return this.#postings().size;
  }
}

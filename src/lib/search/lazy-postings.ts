import { loadIndexShell, type SearchIndex, type SerializedIndex } from './contract.ts';
import { decodeFields, scanPostings, type DerivePostings, type TermPostings } from './postings.ts';

const EMPTY: TermPostings = new Map();

/**
 * Restores an index whose postings are `encodePostings` text, decoding each term's postings only
 * when a search first reaches that term. Decoding every posting up front (and MiniSearch turning
 * them into Maps) took 3.4 s of a 4.6 s cold start at 10,000 documents; registering the terms alone
 * takes a few milliseconds. Terms are registered in the order of their lines, which is the order MiniSearch's
 * `toJSON` listed them (see `term-lookup.ts`). `lazy-postings.test.ts` checks the answers equal those of a fully
 * decoded index. `onTerm` sees every term as it is registered; `derive` gives the postings
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
  const terms = index.terms;
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
  const terms = index.terms;
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

/** One term's postings, decoded on first use: a Map of field id → (document → frequency) to the first stage. */
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
}

/**
 * Bigrams one jamo apart (the initial, vowel or final of one of the two syllables differs), found by lookup instead
 * of a scan of the whole vocabulary: a query word's missing bigram ('탐삭') asks for its neighbours ('탐색'), and at
 * 10,000 documents the scan over about 20,000 bigrams cost 5–10 ms per new query word.
 *
 * Each vocabulary bigram is filed under six keys, one per jamo slot, with that slot blanked. Two bigrams of Hangul
 * syllables one jamo apart share exactly the key of the slot where they differ, so a gram's neighbours are the
 * bigrams filed under its six keys (minus the gram itself). A bigram with a character that is not a precomposed
 * syllable (a lone jamo 'ㄱ', say) gets no keys; those few are scanned with the scan's own arithmetic, so the answer
 * is the scan's, occurrence for occurrence.
 */

const SYLLABLES = 11172;
const FIRST = 0xac00;
/** Keys are below 6 × 11172² < 2^30; a bigram's position goes in the low 23 bits of a float64 (exact below 2^53). */
const POSITION_BITS = 2 ** 23;

const isSyllable = (c: number) => c >= 0 && c < SYLLABLES;

/** The scan the index replaces: every occurrence in `bigrams` of a bigram exactly one jamo away from `gram`, in vocabulary order. */
export function scanJamoNeighbours(gram: string, bigrams: readonly string[]): string[] {
  const a = [gram.charCodeAt(0) - FIRST, gram.charCodeAt(1) - FIRST];
  if (a.some((c) => !isSyllable(c))) return [];
  const out: string[] = [];
  for (const b of bigrams) {
    let edits = 0;
    for (let i = 0; i < 2 && edits <= 1; i++) edits += jamoEdits(a[i]!, b.charCodeAt(i) - FIRST);
    if (edits === 1) out.push(b);
  }
  return out;
}

function jamoEdits(x: number, y: number): number {
  if (x === y) return 0;
  return Number(Math.floor(x / 588) !== Math.floor(y / 588)) + Number(Math.floor(x / 28) % 21 !== Math.floor(y / 28) % 21) + Number(x % 28 !== y % 28);
}

/** Syllable code with one jamo blanked: slot 0 the initial, 1 the vowel, 2 the final (the blank is the component's 0). */
function blank(c: number, slot: number): number {
  if (slot === 0) return c % 588;
  if (slot === 1) return c - (Math.floor(c / 28) % 21) * 28;
  return c - (c % 28);
}

function key(c0: number, c1: number, slot: number): number {
  const first = slot < 3 ? blank(c0, slot) : c0;
  const second = slot < 3 ? c1 : blank(c1, slot - 3);
  return slot * SYLLABLES * SYLLABLES + first * SYLLABLES + second;
}

/**
 * Neighbours of a two-syllable gram by lookup: exactly the occurrences `scanJamoNeighbours` finds, in the same
 * (vocabulary) order.
 */
export function jamoNeighbourIndex(bigrams: readonly string[]): (gram: string) => string[] {
  if (bigrams.length >= POSITION_BITS) return (gram) => scanJamoNeighbours(gram, bigrams);
  const odd: number[] = [];
  const entries: number[] = [];
  bigrams.forEach((b, position) => {
    const c0 = b.charCodeAt(0) - FIRST;
    const c1 = b.charCodeAt(1) - FIRST;
    if (b.length !== 2 || !isSyllable(c0) || !isSyllable(c1)) odd.push(position);
    else for (let slot = 0; slot < 6; slot++) entries.push(key(c0, c1, slot) * POSITION_BITS + position);
  });
  // One sorted run of (key, position) pairs: about 1 MB at 20,000 bigrams, where a Map of lists would be ten times that.
  const sorted = Float64Array.from(entries).sort();
  const oddBigrams = odd.map((p) => bigrams[p]!);
  return (gram) => {
    const c0 = gram.charCodeAt(0) - FIRST;
    const c1 = gram.charCodeAt(1) - FIRST;
    if (gram.length !== 2 || !isSyllable(c0) || !isSyllable(c1)) return scanJamoNeighbours(gram, bigrams);
    const positions: number[] = [];
    for (let slot = 0; slot < 6; slot++) {
      const low = key(c0, c1, slot) * POSITION_BITS;
      for (let i = lowerBound(sorted, low); i < sorted.length && sorted[i]! < low + POSITION_BITS; i++) {
        const position = sorted[i]! - low;
        if (bigrams[position] !== gram) positions.push(position);
      }
    }
    oddBigrams.forEach((b, k) => {
      if (scanJamoNeighbours(gram, [b]).length) positions.push(odd[k]!);
    });
    return positions.sort((x, y) => x - y).map((p) => bigrams[p]!);
  };
}

function lowerBound(xs: Float64Array, value: number): number {
  let lo = 0;
  let hi = xs.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (xs[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

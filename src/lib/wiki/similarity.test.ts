import { describe, expect, test } from 'vitest';
import { nearestNeighbours, termVectors, type TermCounts } from './similarity.ts';

/** Term counts handed to `termVectors` directly, in the order given. */
const countsFrom = (docs: Record<string, number>[]) => {
  const byText = new Map(docs.map((d, i) => [`doc${i}`, new Map(Object.entries(d))]));
  return { texts: [...byText.keys()], countsOf: (text: string): TermCounts => byText.get(text)! };
};

describe('termVectors', () => {
  test('weights are tf-idf, normalised, heaviest term first', () => {
    const { texts, countsOf } = countsFrom([{ common: 1, rare: 4 }, { common: 2 }, { common: 1, other: 1 }]);
    const [a] = termVectors(texts, countsOf);
    const rare = (1 + Math.log(4)) * Math.log(1 + 3 / 1);
    const common = Math.log(1 + 3 / 3);
    const norm = Math.hypot(rare, common);
    expect([...a!.keys()]).toEqual(['rare', 'common']);
    expect(a!.get('rare')).toBeCloseTo(rare / norm, 12);
    expect(a!.get('common')).toBeCloseTo(common / norm, 12);
  });

  test('keeps the 80 heaviest terms; terms tied at the cut are kept in code-unit order', () => {
    // `z` is heavier; the other 82 terms tie, so 79 of them are kept: `B` before `b` (not the locale's order), `w77`..`x` dropped.
    const tied = ['x', 'b', ...Array.from({ length: 79 }, (_, i) => `w${String(i).padStart(2, '0')}`), 'B'];
    const { texts, countsOf } = countsFrom([{ ...Object.fromEntries(tied.map((t) => [t, 1])), z: 3 }, { other: 1 }]);
    const [v] = termVectors(texts, countsOf);
    expect([...v!.keys()]).toEqual(['z', 'B', 'b', ...Array.from({ length: 77 }, (_, i) => `w${String(i).padStart(2, '0')}`)]);
    const z = 1 + Math.log(3);
    expect(v!.get('z')).toBeCloseTo(z / Math.sqrt(z * z + 79), 12);
    expect(v!.get('B')).toBeCloseTo(1 / Math.sqrt(z * z + 79), 12);
    expect(v!.has('w77')).toBe(false);
    expect(v!.has('x')).toBe(false);
  });

  test('counts as a cache stores them (terms and counts side by side) give the very same vectors', () => {
    const docs = [
      { 검색: 3, 색인: 1, index: 2 },
      { 검색: 1, 토큰: 5 },
      { index: 1, 토큰: 1, 조사: 2 },
    ];
    const { texts, countsOf } = countsFrom(docs);
    const stored = (text: string): TermCounts => {
      const m = countsOf(text) as ReadonlyMap<string, number>;
      // A different order of the same counts: the vectors must not depend on it.
      return { terms: [...m.keys()].reverse(), counts: [...m.values()].reverse() };
    };
    const fromMaps = termVectors(texts, countsOf).map((v) => [...v]);
    expect(termVectors(texts, stored).map((v) => [...v])).toEqual(fromMaps);
    expect(fromMaps[1]!.map(([t]) => t)).toEqual(['토큰', '검색']);
  });
});

describe('nearestNeighbours', () => {
  const vectors = [
    new Map([
      ['a', 0.6],
      ['b', 0.8],
    ]),
    new Map([
      ['b', 0.8],
      ['a', 0.6],
    ]),
    new Map([['a', 1]]),
    new Map([['c', 1]]),
    new Map([['b', 1]]),
    new Map([['a', 1]]),
    new Map([
      ['a', 1 / 3],
      ['c', Math.sqrt(8) / 3],
    ]),
  ];

  test('best first, ties by position, never the vector itself, rounded to three decimals', () => {
    const found = nearestNeighbours(vectors, 0.25, 8);
    expect(found[0]).toEqual([
      { index: 1, similarity: 1 },
      { index: 4, similarity: 0.8 },
      { index: 2, similarity: 0.6 },
      { index: 5, similarity: 0.6 },
    ]);
    expect(found[2]).toEqual([
      { index: 5, similarity: 1 },
      { index: 0, similarity: 0.6 },
      { index: 1, similarity: 0.6 },
      { index: 6, similarity: 0.333 },
    ]);
    expect(found[3]).toEqual([{ index: 6, similarity: 0.943 }]);
  });

  test('at most `limit`, none below `min`', () => {
    const found = nearestNeighbours(vectors, 0.7, 1);
    expect(found.map((list) => list.map((n) => n.index))).toEqual([[1], [0], [5], [6], [0], [2], [3]]);
    expect(nearestNeighbours(vectors, 0.99, 8)[4]).toEqual([]);
  });
});

describe('nearestNeighbours on a wiki-like corpus', () => {
  /** The plain inverted-index walk: every term of the vector, every posting, sums in that order. */
  const reference = (vectors: Map<string, number>[], min: number, limit: number) => {
    const postings = new Map<string, [number, number][]>();
    vectors.forEach((v, i) => v.forEach((w, t) => (postings.get(t) ?? postings.set(t, []).get(t)!).push([i, w])));
    return vectors.map((v, i) => {
      const dots = new Map<number, number>();
      for (const [t, w] of v) for (const [j, x] of postings.get(t)!) if (j !== i) dots.set(j, (dots.get(j) ?? 0) + w * x);
      return [...dots]
        .filter(([, d]) => d >= min)
        .sort((a, b) => b[1] - a[1] || a[0] - b[0])
        .slice(0, limit)
        .map(([index, d]) => ({ index, similarity: Math.round(d * 1000) / 1000 }));
    });
  };
  // 400 documents over a skewed vocabulary: a few terms in most documents, many in a handful (a fixed pseudo-random sequence).
  let seed = 42;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const docs = Array.from({ length: 400 }, () => {
    const counts: Record<string, number> = {};
    const size = 20 + Math.floor(random() * 120);
    for (let k = 0; k < size; k++) {
      const term = `t${Math.floor(2000 * random() ** 3)}`;
      counts[term] = (counts[term] ?? 0) + 1;
    }
    return counts;
  });
  const { texts, countsOf } = countsFrom(docs);
  const vectors = termVectors(texts, countsOf);

  test('the same vectors, term order included, as weighing and sorting every term', () => {
    const n = docs.length;
    const df = new Map<string, number>();
    for (const d of docs) for (const t of Object.keys(d)) df.set(t, (df.get(t) ?? 0) + 1);
    const expected = docs.map((d) => {
      const top = Object.entries(d)
        .map(([t, tf]) => [t, (1 + Math.log(tf)) * Math.log(1 + n / df.get(t)!)] as const)
        .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
        .slice(0, 80);
      const norm = Math.sqrt(top.reduce((s, [, w]) => s + w * w, 0));
      return top.map(([t, w]) => [t, w / norm]);
    });
    expect(vectors.map((v) => [...v])).toEqual(expected);
    expect(docs.filter((d) => Object.keys(d).length > 80).length).toBeGreaterThan(20);
  });

  test.each([
    [0.25, 8],
    [0.1, 50],
    [0.5, 3],
  ])('the same neighbours and similarities as a plain walk (min %s, limit %s)', (min, limit) => {
    const found = nearestNeighbours(vectors, min, limit);
    expect(found).toEqual(reference(vectors, min, limit));
    expect(found.filter((list) => list.length > 0).length).toBeGreaterThan(40);
  });
});

import { expect, test } from 'vitest';
import { documentScore } from './section-rank.ts';
import { countInSection, decodeSectionPostings, encodeSectionPostings } from './section-postings.ts';

test('section postings round-trip: term → document → section → count', () => {
  const counts = new Map([
    [
      '상테',
      new Map([
        [
          0,
          new Map([
            [0, 1],
            [3, 2],
          ]),
        ],
        [37, new Map([[12, 1]])],
      ]),
    ],
    ['props', new Map([[5, new Map([[1, 40]])]])],
  ]);
  const text = encodeSectionPostings(counts);
  expect(text).toBe('props\t5:1*14\n상테\t0:0/3*2,11:c');
  const decoded = decodeSectionPostings(text.split('\n')[1]!.split('\t')[1]!, '상테');
  expect([
    countInSection(decoded, 0, 0),
    countInSection(decoded, 0, 3),
    countInSection(decoded, 37, 12),
    countInSection(decoded, 37, 0),
    countInSection(decoded, 1, 0),
  ]).toEqual([1, 2, 1, 0, 0]);
  expect(() => decodeSectionPostings('1:?', 'bad')).toThrow('section postings of "bad": "1:?" is not "<gap>:<sections>".');
});

test('a document scores its best section plus 0.3 of the next five', () => {
  expect(documentScore([1, 10, 2, 0, 3])).toBeCloseTo(10 + 0.3 * (3 + 2 + 1), 10);
  expect(documentScore([])).toBe(0);
});

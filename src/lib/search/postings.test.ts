import { expect, test } from 'vitest';
import { decodePostings, encodePostings, type SerializedPostings } from './postings.ts';

const POSTINGS: SerializedPostings = [
  ['상태', { '0': { '0': 1, '7': 3, '40': 1 }, '4': { '2': 12 } }],
  ['react', { '4': { '1': 1, '36': 2 } }],
];

test('encodes postings as gaps in base 36 and decodes them back exactly', () => {
  const text = encodePostings(POSTINGS);
  expect(text).toBe('상태\t0:0,7*3,x\t4:2*c\nreact\t4:1,z*2');
  expect(decodePostings(text)).toEqual(POSTINGS);
});

test('leaves out the fields keep() rejects, and terms left with none', () => {
  const text = encodePostings(POSTINGS, (_term, field) => field !== 4);
  expect(decodePostings(text)).toEqual([['상태', { '0': { '0': 1, '7': 3, '40': 1 } }]]);
});

test('carries per-term counts after # and hands them back', () => {
  const text = encodePostings(
    POSTINGS,
    () => true,
    (t) => (t === 'react' ? [0, 0, 0, 2, 37] : undefined),
  );
  expect(text.split('\n')[1]).toBe('react\t#0,0,0,2,11\t4:1,z*2');
  const seen: [string, number[]][] = [];
  expect(decodePostings(text, (t, c) => seen.push([t, c]))).toEqual(POSTINGS);
  expect(seen).toEqual([['react', [0, 0, 0, 2, 37]]]);
});

test('a damaged line is refused with its number and term', () => {
  expect(() => decodePostings('상태\t0:0,1\nreact\t4')).toThrow('postings line 2 (react): field 1 has no "<fieldId>:".');
  expect(() => decodePostings('상태\t0:0,!!')).toThrow('postings line 1 (상태): "!!" is not a base-36 gap.');
});

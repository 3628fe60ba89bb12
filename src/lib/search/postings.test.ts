import { expect, test } from 'vitest';
import { decodePostings, encodePostings, PackedPostings, packPostings, type SerializedPostings } from './postings.ts';

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

test('packed postings read like the Map they stand in for: get, has, size, forEach and iteration in document order', () => {
  const map = new Map([
    [2, 1],
    [7, 3],
    [40, 1],
  ]);
  const packed = packPostings(Int32Array.from([40, 2, 7]), Int32Array.from([1, 1, 3]));
  expect(packed.size).toBe(3);
  expect([packed.get(7), packed.get(8), packed.has(40), packed.has(0)]).toEqual([3, undefined, true, false]);
  expect([...packed]).toEqual([...map]);
  expect([...packed.keys()]).toEqual([...map.keys()]);
  expect([...packed.values()]).toEqual([...map.values()]);
  const seen: [number, number][] = [];
  packed.forEach((freq, id) => seen.push([id, freq]));
  expect(seen).toEqual([...map]);
  expect(Object.fromEntries(packed)).toEqual({ '2': 1, '7': 3, '40': 1 });
  expect(() => new PackedPostings(Int32Array.from([3, 3]), Int32Array.from([1, 1]))).toThrow('PackedPostings: document ids must be strictly ascending.');
});

test('decoded postings are packed, and a repeated document in a line is refused', () => {
  const [, fields] = decodePostings('상태\t0:0,7*3,x')[0]!;
  expect(fields).toEqual({ '0': { '0': 1, '7': 3, '40': 1 } });
  expect(() => decodePostings('상태\t0:1,0')).toThrow('postings line 1 (상태): "0" is not a base-36 gap.');
});

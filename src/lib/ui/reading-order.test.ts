import { describe, expect, test } from 'vitest';
import { neighbours, readingOrder } from './reading-order.ts';

const doc = (id: string, title: string, order?: number) => ({ id, title, order });

describe('readingOrder', () => {
  test('orders by `order`, then puts documents without one last, by title (numbers read as numbers)', () => {
    const docs = [doc('z', '가 시작', undefined), doc('c', '3장', 3), doc('a', '10장'), doc('b', '2장'), doc('d', '1장', 1)];
    expect(readingOrder(docs).map((d) => d.id)).toEqual(['d', 'c', 'b', 'a', 'z']);
  });

  test('equal titles fall back to the id, so the order is stable', () => {
    expect(readingOrder([doc('b', '같음'), doc('a', '같음')]).map((d) => d.id)).toEqual(['a', 'b']);
  });
});

describe('neighbours', () => {
  const seq = [doc('a', 'A'), doc('b', 'B'), doc('c', 'C')];
  test.each([
    ['a', undefined, 'b'],
    ['b', 'a', 'c'],
    ['c', 'b', undefined],
    ['missing', undefined, undefined],
  ])('%s → prev %s, next %s', (id, prev, next) => {
    const n = neighbours(seq, id);
    expect([n.prev?.id, n.next?.id]).toEqual([prev, next]);
  });
});

import { describe, expect, test } from 'vitest';
import { neighbours } from './reading-order.ts';

const doc = (id: string, title: string, order?: number) => ({ id, title, order });

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

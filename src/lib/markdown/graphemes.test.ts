import { describe, expect, test } from 'vitest';
import { graphemeEnd, graphemeStart, sliceGraphemes } from './graphemes.ts';

const FAMILY = '👨‍👩‍👧'; // 8 UTF-16 units: three emoji joined by two ZWJs
const FLAGS = '🇰🇷🇯🇵'; // two flags, four regional indicators
const JAMO = '\u1100\u1161\u11A8'; // 각 written as conjoining jamo: one grapheme of three units
const ACUTE = 'e\u0301'; // é as e + combining acute

describe('graphemeStart / graphemeEnd', () => {
  test.each([
    ['inside a ZWJ family', `ab${FAMILY}cd`, 5, 2, 10],
    ['inside the first flag', `x${FLAGS}`, 3, 1, 5],
    ['between two flags', `x${FLAGS}`, 5, 5, 5],
    ['inside the second flag', `x${FLAGS}`, 7, 5, 9],
    ['inside conjoining jamo', `가${JAMO}나`, 2, 1, 4],
    ['inside a combining sequence', `caf${ACUTE}!`, 4, 3, 5],
    ['between \\r and \\n', 'a\r\nb', 2, 1, 3],
    ['between ASCII letters', 'abcdef', 3, 3, 3],
    ['at the ends', 'abc', 0, 0, 0],
  ])('%s', (_what, text, index, start, end) => {
    expect([graphemeStart(text, index), graphemeEnd(text, index)]).toEqual([start, end]);
  });

  test('a long run of flags pairs from the start of its line, not from where the cut looks', () => {
    const text = `line\n${'🇰🇷'.repeat(40)}`;
    for (let i = 5; i < text.length; i++) expect((graphemeStart(text, i) - 5) % 4).toBe(0);
  });
});

test('sliceGraphemes never ends inside a grapheme', () => {
  expect(sliceGraphemes(`ab${FAMILY}`, 6)).toBe('ab');
  expect(sliceGraphemes(`ab${FAMILY}`, 10)).toBe(`ab${FAMILY}`);
  expect(sliceGraphemes(`${JAMO}${JAMO}`, 4)).toBe(JAMO);
});

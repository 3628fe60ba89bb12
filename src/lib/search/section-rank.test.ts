import { expect, test } from 'vitest';
import { countInProse, documentScore } from './section-rank.ts';
import { foldHangulVowels } from './korean.ts';

const count = (text: string, term: string) => countInProse(text, foldHangulVowels(text), term);

test('counts a Hangul bigram only where the tokenizer would index it', () => {
  // '되는' is an ending stripped from '사용되는' but a word of its own in '안 되는'.
  expect(count('사용되는 값과 안 되는 값', '되는')).toBe(1);
  // Index terms are vowel-folded ('상태' is indexed as '상테').
  expect(count('상태를 끌어올리면 상태가 공유된다', foldHangulVowels('상태'))).toBe(2);
  // Sound-alike vowels are folded on both sides: '랜더링' is found for the folded term of '렌더링'.
  expect(count('랜더링과 렌더링', foldHangulVowels('렌더링').slice(0, 2))).toBe(2);
});

test('counts Latin terms as whole words only', () => {
  expect(count('usestate와 state, states', 'state')).toBe(1);
  expect(count('props로 넘긴 props', 'props')).toBe(2);
});

test('a document scores its best section plus 0.3 of the next five', () => {
  expect(documentScore([1, 10, 2, 0, 3])).toBeCloseTo(10 + 0.3 * (3 + 2 + 1), 10);
  expect(documentScore([])).toBe(0);
});

import { expect, test } from 'vitest';
import { mineGlosses } from './glosses.ts';

test('mines glosses in both directions, as many words as the gloss has', () => {
  const text =
    '이럴 때 에러 경계(Error Boundary)를 씁니다. 보류 상태 (pending state)가 끝나면 컴포넌트(Component) 하나가 남습니다. Mutual exclusion (상호 배제) 조건과 Convoy Effect(호위 효과).';
  expect(mineGlosses([text])).toEqual([
    ['에러 경계', 'Error Boundary'],
    ['보류 상태', 'pending state'],
    ['컴포넌트', 'Component'],
    ['상호 배제', 'Mutual exclusion'],
    ['호위 효과', 'Convoy Effect'],
  ]);
});

test('leaves out code names, abbreviations, descriptions and names glossed many ways', () => {
  const text = '서버 컴포넌트(RSC)와 ProductRow 컴포넌트(ProductRow), state (항상 동기적으로 업데이트됨). 표(Board) 표(Square) 배치(batching)';
  expect(mineGlosses([text])).toEqual([['배치', 'batching']]);
});

test('skips glosses too short to mean anything and repeats', () => {
  expect(mineGlosses(['값(x) 그리고 훅(Hook), 마운트(Mount) 다시 마운트(Mount)', '1(예) 표'])).toEqual([['마운트', 'Mount']]);
});

test('a gloss starts and ends at word boundaries: no pair from inside a word with a non-ASCII letter', () => {
  expect(mineGlosses(['Sätteri(기본)를 쓰지 않는다.'])).toEqual([]);
  expect(mineGlosses(['값상태(state)는 X'])).toEqual([['값상태', 'state']]);
  expect(mineGlosses(['에러 경계(Error Boundary)를 둔다.'])).toEqual([['에러 경계', 'Error Boundary']]);
});

test('a Hangul side that ends like a verb or with a particle is the phrase around a term, not a term', () => {
  expect(mineGlosses(['Effect가 실행되거나 않는(under-fire) 경우', '탈수된(dehydrated) 상태', '예시에서(node) 보듯', '찢김(tearing) 현상'])).toEqual([
    ['찢김', 'tearing'],
  ]);
});

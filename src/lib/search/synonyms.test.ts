import { expect, test } from 'vitest';
import { synonymMatcher } from './synonyms.ts';

const matcher = synonymMatcher([
  ['우선순위 큐', 'Priority Queue'],
  ['상태관리', 'state management'],
  ['훅', 'hook'],
]);

test.each([
  ['우선순위큐 구현', ['우선순위 큐'], ['Priority Queue']],
  ['우선순위 큐', ['우선순위 큐'], ['Priority Queue']],
  ['리액트 상태 관리', ['상태관리'], ['state management']],
  ['priority queue 구현', ['Priority Queue'], ['우선순위 큐']],
])('Hangul names match whatever the spacing: %s', (query, mentioned, others) => {
  expect(matcher.mentions(query)).toEqual([{ mentioned, others }]);
});

test('a Latin name matches only as a whole word', () => {
  expect(matcher.mentions('hooks')).toEqual([]);
  expect(matcher.expand('hook 규칙')).toBe('훅');
});

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

const wordMatcher = synonymMatcher([
  ['API', '인터페이스'],
  ['상태 관리', 'state management'],
  ['c++', '씨플플'],
]);
const mentionedIn = (q: string) => wordMatcher.mentions(q).flatMap((g) => g.mentioned);

test.each([
  ['REST api 설계', ['API']],
  ['apis', []],
  ['rapid 개발', []],
  ['api2 버전', []],
  ['(api)', ['API']],
  ['공개 인터페이스를', ['인터페이스']],
  ['리액트 상태 관리는', ['상태 관리']],
  ['State Management in React', ['state management']],
  ['c++ 빌드', ['c++']],
  ['𠀀api', []],
  ['😀api', ['API']],
  ['éapi', []],
])('%s mentions %j', (query, names) => {
  expect(mentionedIn(query)).toEqual(names);
});

test('expand gives the other names of every mentioned group', () => {
  expect(wordMatcher.expand('api 문서')).toBe('인터페이스');
});

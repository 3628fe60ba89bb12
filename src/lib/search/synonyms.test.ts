import { expect, test } from 'vitest';
import { synonymMatcher } from './synonyms.ts';

const matcher = synonymMatcher([
  ['API', '인터페이스'],
  ['상태 관리', 'state management'],
  ['c++', '씨플플'],
]);
const mentioned = (q: string) => matcher.mentions(q).flatMap((g) => g.mentioned);

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
  expect(mentioned(query)).toEqual(names);
});

test('expand gives the other names of every mentioned group', () => {
  expect(matcher.expand('api 문서')).toBe('인터페이스');
});

import { expect, test } from 'vitest';
import { deletions, hangulKey, latinKeys, mayBeLoanword } from './transliterate.ts';

// Pairs of the Korean loanword spelling rules, not a list the search uses: the keys must meet by themselves.
test.each([
  ['렌더', 'render'],
  ['렌더링', 'rendering'],
  ['컴포넌트', 'component'],
  ['컴포넌트', 'components'],
  ['이펙트', 'effect'],
  ['컨텍스트', 'context'],
  ['리듀서', 'reducer'],
  ['스테이트', 'state'],
  ['서버', 'server'],
  ['하이드레이션', 'hydration'],
  ['트랜지션', 'transition'],
  ['디스패치', 'dispatch'],
  ['디스페치', 'dispatch'],
  ['커밋', 'commit'],
  ['가비지', 'garbage'],
  ['컬렉션', 'collection'],
  ['엘리먼트', 'element'],
  ['브라우저', 'browser'],
  ['스레드', 'thread'],
  ['트랜잭션', 'transaction'],
])('%s sounds like %s', (hangul, latin) => {
  expect(latinKeys(latin)).toContain(hangulKey(hangul));
});

test('a silent letter leaves the keys one deletion apart', () => {
  expect(hangulKey('타입스크립트')).toBe('TVPSKLVPT');
  expect(latinKeys('typescript')).toContain('TVPVSKLVPT');
  expect(deletions('TVPVSKLVPT')).toContain('TVPSKLVPT');
});

test.each([
  ['설치', 'girls'],
  ['상태', 'state'],
  ['문서', 'document'],
])('%s does not sound like %s', (hangul, latin) => {
  expect(latinKeys(latin)).not.toContain(hangulKey(hangul));
});

test('keys only plain words', () => {
  expect(latinKeys('use-state')).toEqual([]);
  expect(hangulKey('abc')).toBe('');
});

// Loanword spelling writes no tense consonant and only the finals ㄱ ㄴ ㄹ ㅁ ㅂ ㅅ ㅇ: words breaking that are native.
test.each([
  ['디스패치', true],
  ['커밋', true],
  ['로봇', true],
  ['타입 스크립트', true],
  ['바꾸기', false],
  ['때마다', false],
  ['값', false],
  ['찾아보', false],
  ['않는', false],
  ['비싼', false],
])('%s may be a loanword: %s', (word, expected) => {
  expect(mayBeLoanword(word)).toBe(expected);
});

import { expect, test } from 'vitest';
import { deletions, hangulKey, latinKeys, mayBeLoanword, vowelsAgree } from './transliterate.ts';

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

// Loanwords whose vowels follow the spelling rules, including the harder cases: a silent e ('type', 'image'), a
// vowel Korean adds ('캐시', '스위치'), one it drops ('타입스크립트'), two vowels read as one ('게이트', '윈도우'),
// an r after a vowel ('서버', '스토어') and vowel typos ('디스페치', '탬플릿').
test.each([
  ['렌더링', 'rendering'],
  ['컴포넌트', 'components'],
  ['디스페치', 'dispatch'],
  ['타입스크립트', 'typescript'],
  ['타입', 'type'],
  ['이미지', 'image'],
  ['캐시', 'cache'],
  ['스위치', 'switch'],
  ['프록시', 'proxy'],
  ['업데이트', 'update'],
  ['윈도우', 'window'],
  ['서버', 'server'],
  ['스토어', 'store'],
  ['세마포어', 'semaphore'],
  ['하이드레이션', 'hydration'],
  ['인터내셔널라이제이션', 'internationalization'],
  ['탬플릿', 'template'],
  ['빌드', 'build'],
  ['폴스루', 'fallthrough'],
  ['모달', 'modal'],
  ['카운터', 'counter'],
  ['스넵샷', 'snapshot'],
  ['쇼', 'show'],
  ['컴파일', 'compiler'],
  ['번들', 'bundler'],
  ['캐쉬', 'cache'],
  ['메인', 'main'],
  // A particle after the word is not the word's vowel.
  ['힙의', 'heap'],
  ['훅과', 'hook'],
  // A plural s leaves the ending as the singular's; a word's own final s stays.
  ['서버', 'servers'],
  ['밸류', 'values'],
  ['포커스', 'focus'],
])('%s and %s agree in their vowels', (hangul, latin) => {
  expect(vowelsAgree(hangul, latin)).toBe(true);
});

// Native words whose consonants happen to share a key with an English word of a corpus: what the check is for.
test.each([
  ['다시', 'this'],
  ['입력', 'africa'],
  ['부모', 'form'],
  ['자식', 'thisarg'],
  ['나중', 'nothing'],
  ['동안', 'dongyoon'],
  ['기존', 'kassens'],
  ['모듈', 'modal'],
  ['모달', 'model'],
  ['카운터', 'count'],
  ['첫', 'side'],
  ['전에', 'chain'],
  ['배열', 'values'],
  ['표준', 'person'],
])('%s and %s do not', (hangul, latin) => {
  expect(vowelsAgree(hangul, latin)).toBe(false);
});

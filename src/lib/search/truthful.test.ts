import { describe, expect, test } from 'vitest';
import { findPhrase, prepareHitText, verifyUnits } from './truthful.ts';
import { queryWords, type QueryUnit } from './coverage.ts';

const units = (query: string, alternatives: Record<string, { text: string; certainty: number }[]> = {}): QueryUnit[] =>
  queryWords(query).map((w) => ({
    ...w,
    weight: 1,
    alternatives: (alternatives[w.word] ?? []).map((a) => ({ terms: [], ...a })),
  }));

describe('a word counts only when the text has it', () => {
  test('bigrams of a word spread over the page are not the word', () => {
    const page = prepareHitText('연말에 말정리를 하고 정산 결과를 봅니다.');
    expect(verifyUnits(units('연말정산'), page)).toEqual({ matched: [], spelledAs: [], coverage: 0 });
  });

  test('an English word inside another is not that word', () => {
    expect(findPhrase('tax', prepareHitText('JSX syntax and taxonomy'))).toBeUndefined();
  });

  test('a word split by any kind of space or line break is found, and named with the spaces the text has', () => {
    const page = prepareHitText('Ｄeploy 상태\t끌어\u3000올리기\n\n롤백');
    expect(page.compact).toBe('deploy상테끌어올리기롤벡');
    expect([...page.compactAt]).toEqual([0, 1, 2, 3, 4, 5, 7, 8, 10, 11, 13, 14, 15, 18, 19]);
    expect(findPhrase('끌어올리기롤백', page)?.form).toBe('끌어 올리기\n\n롤백');
  });

  test('particles and endings, sound-alike vowels and a missing space are the same word, named as the text has it', () => {
    const page = prepareHitText('상태 끌어올리기로 렌더링 결과를 공유합니다.');
    expect(verifyUnits(units('상태끌어올리기를 랜더링'), page)).toEqual({
      matched: ['상태끌어올리기를', '랜더링'],
      spelledAs: [
        { term: '상태끌어올리기를', as: '상태 끌어올리기' },
        { term: '랜더링', as: '렌더링' },
      ],
      coverage: 1,
    });
  });

  test('other forms of an English word are named', () => {
    const page = prepareHitText('Use `memoize` to skip work; the dependency list decides.');
    expect(verifyUnits(units('memoization dependencies'), page).spelledAs).toEqual([
      { term: 'memoization', as: 'memoize' },
      { term: 'dependencies', as: 'dependency' },
    ]);
  });

  test('an identifier is there when its words are, and the words when the identifier is', () => {
    expect(findPhrase('toCamelCaseKeys', prepareHitText('keys in camel case'))?.form).toBe('camel case keys');
    expect(verifyUnits(units('camel case keys'), prepareHitText('export function toCamelCaseKeys(obj)')).matched).toEqual(['camel', 'case', 'keys']);
    // Written with separators, the joined form is not in the text: it is named by its parts.
    expect(findPhrase('usesync', prepareHitText('use-sync-external-store'))).toBeUndefined();
  });

  test("another spelling counts to its certainty, and a two-syllable word's one-jamo guesses not at all", () => {
    const page = prepareHitText('kubectl로 pod를 다시 시작하고 공개 설정을 바꿉니다.');
    const result = verifyUnits(units('파드 공제', { 파드: [{ text: 'pod', certainty: 1 }], 공제: [{ text: '공개', certainty: 0.5 }] }), page);
    expect(result).toEqual({ matched: ['파드'], spelledAs: [{ term: '파드', as: 'pod' }], coverage: 0.5 });
  });

  test('a typo of a long word counts half, named; a short word one letter off does not count', () => {
    const page = prepareHitText('The reconciliation starts at the root. Read the bread.');
    expect(verifyUnits(units('reconcilation'), page)).toEqual({
      matched: ['reconcilation'],
      spelledAs: [{ term: 'reconcilation', as: 'reconciliation' }],
      coverage: 0.5,
    });
    expect(findPhrase('brad', page)).toBeUndefined();
  });
});

import { describe, expect, test } from 'vitest';
import { composedQuery, completions, isUnfinished, termTable, toJamo, typingWord } from './composing.ts';

// Per term: sections with it in [title, aliases, tags, headings, body]. 리엑 is 리액 as the index folds ㅐ to ㅔ.
const TABLE = termTable([
  ['리엑', [12, 0, 0, 40, 300]],
  ['엑트', [12, 0, 0, 40, 300]],
  ['리스', [2, 0, 0, 10, 50]],
  ['리듀', [1, 0, 0, 3, 20]],
  ['링크', [0, 0, 0, 2, 10]],
  ['립트', [30, 0, 0, 50, 900]],
  ['컴포', [5, 0, 0, 30, 200]],
  ['react', [20, 0, 0, 0, 100]],
]);

describe('toJamo', () => {
  test('syllables split into the letters typed, compound vowels and final clusters too', () => {
    expect([toJamo('리액트'), toJamo('링'), toJamo('과'), toJamo('닭'), toJamo('ㄺ')]).toEqual(['ㄹㅣㅇㅐㄱㅌㅡ', 'ㄹㅣㅇ', 'ㄱㅗㅏ', 'ㄷㅏㄹㄱ', 'ㄹㄱ']);
  });
});

describe('completions', () => {
  test('every IME step of 리액트 starts the bigram 리액 (folded 리엑); the syllables as typed first, then most named', () => {
    expect(completions(TABLE, 'ㄹ')).toEqual(['립트', '리엑', '리스', '리듀', '링크']);
    // 립트 (of 스크립트) is named most, but only a further letter turns 리 into 립.
    expect(completions(TABLE, '리')).toEqual(['리엑', '리스', '리듀', '립트', '링크']);
    expect(completions(TABLE, '링')).toEqual(['링크', '리엑']);
    expect(completions(TABLE, '리애')).toEqual(['리엑']);
    expect(completions(TABLE, '액ㅌ')).toEqual(['엑트']);
    expect(completions(TABLE, '컴')).toEqual(['컴포']);
    expect(completions(TABLE, '쿼')).toEqual([]);
  });
});

describe('composedQuery', () => {
  test.each([
    ['ㄹ', false, '립트 리엑 리스 리듀 링크'],
    ['리', false, '리엑 리스 리듀 립트 링크'],
    ['링', false, '링크 리엑'],
    ['리애', true, '리엑'],
    ['리액ㅌ', false, '리액 엑트'],
    ['상태 관리 컴', false, '상태 관리 컴포'],
  ])('%s (composing: %s) → %s', (query, composing, expected) => {
    expect(composedQuery(TABLE, query, composing)).toBe(expected);
  });

  test('a finished word, a Latin word or a word nothing starts with is searched as typed', () => {
    expect(composedQuery(TABLE, '리액트', false)).toBeUndefined();
    // While composing too, when the index knows the last pair as typed.
    expect([composedQuery(TABLE, '리액', true), composedQuery(TABLE, '리액트', true)]).toEqual([undefined, undefined]);
    expect(composedQuery(TABLE, 'rea', true)).toBeUndefined();
    expect(composedQuery(TABLE, '쿼', false)).toBeUndefined();
    expect(composedQuery(TABLE, '', true)).toBeUndefined();
  });

  test('the word being typed is the last Hangul word; bare jamo or one syllable is unfinished', () => {
    expect([typingWord('use 상태'), typingWord('상태 use'), typingWord('리액ㅌ ')]).toEqual(['상태', undefined, '리액ㅌ']);
    expect([isUnfinished('리'), isUnfinished('리액ㅌ'), isUnfinished('리액')]).toEqual([true, true, false]);
  });
});

test('the table is built only when a word needs completing', () => {
  let built = 0;
  const lazy = () => {
    built++;
    return TABLE;
  };
  expect([composedQuery(lazy, '토크나이저', false), composedQuery(lazy, 'react', true), built]).toEqual([undefined, undefined, 0]);
  expect([composedQuery(lazy, '리', false), built]).toEqual(['리엑 리스 리듀 립트 링크', 1]);
});

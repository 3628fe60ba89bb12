import { describe, expect, test } from 'vitest';
import { composedQuery, completions, isUnfinished, searchAsTyped, termTable, toJamo, typingWord } from './composing.ts';
import type { SearchResult } from './search.ts';

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

describe('searchAsTyped', () => {
  /** A search over a few named documents: a query finds those whose name holds one of its words (hits are their names). */
  const DOCS = ['컴', '리엑 훅', '리스 렌더링'];
  const searches: string[] = [];
  const run = (query: string): SearchResult => {
    searches.push(query);
    const words = query.split(' ');
    const hits = DOCS.filter((d) => words.some((w) => d.split(' ').includes(w)));
    return { query, phrasings: [query], match: hits.length ? 'partial' : 'none', hits: hits as unknown as SearchResult['hits'], total: hits.length };
  };
  const shown = async (query: string, composing: boolean) => {
    searches.length = 0;
    const r = await searchAsTyped(query, composing, TABLE, run);
    return { hits: r.hits as unknown as string[], query: r.query, match: r.match, searches: [...searches] };
  };

  test.each([
    // A short word that finds something as typed is left as it is (컴 is a document's word of its own).
    ['컴', false, { hits: ['컴'], query: '컴', match: 'partial', searches: ['컴'] }],
    // One that finds nothing is completed: the empty answer is not what is shown, and a one-word query is answered in full.
    ['리', false, { hits: ['리엑 훅', '리스 렌더링'], query: '리', match: 'full', searches: ['리', '리엑 리스 리듀 립트 링크'] }],
    // Mid-composition the completions are searched at once, without the query as typed.
    ['링', true, { hits: ['리엑 훅'], query: '링', match: 'full', searches: ['링크 리엑'] }],
    // A finished word is searched once, as typed.
    ['리액트', false, { hits: [], query: '리액트', match: 'none', searches: ['리액트'] }],
    // With more than one word the completions answer only part of the query.
    ['렌더 리', false, { hits: ['리엑 훅', '리스 렌더링'], query: '렌더 리', match: 'partial', searches: ['렌더 리', '렌더 리엑 리스 리듀 립트 링크'] }],
    // Its other words may find something as typed: then that is shown, uncompleted.
    ['훅 리', false, { hits: ['리엑 훅'], query: '훅 리', match: 'partial', searches: ['훅 리'] }],
  ])('%s (composing: %s)', async (query, composing, expected) => {
    expect(await shown(query, composing)).toEqual(expected);
  });

  test('early, ranked-only results of the completed query are presented as answers to what was typed', async () => {
    const early: string[] = [];
    await searchAsTyped('리', false, TABLE, (q, present) => {
      const r = run(q);
      if (present) early.push(`${present(r).query}:${present(r).match}`);
      return r;
    });
    expect(early).toEqual(['리:full']);
  });
});

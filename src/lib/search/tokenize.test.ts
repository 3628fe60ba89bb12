import { describe, expect, test } from 'vitest';
import { foldHangulVowels, stripKoreanSuffixes } from './korean.ts';
import { tokenize, tokenizeQuery } from './tokenize.ts';
import { queryTerms } from './contract.ts';

describe('tokenize', () => {
  test.each([
    ['컴포넌트를', ['컴포', '포넌', '넌트']],
    ['컴포넌트', ['컴포', '포넌', '넌트']],
    ['상태끌어올리기', ['상테', '테끌', '끌어', '어올', '올리', '리기']],
    ['상태 끌어올리기', ['상테', '끌어', '어올', '올리', '리기']],
    ['props 전달', ['props', '~prop', '전달']],
    ['props로 전달하기', ['props', '~prop', '전달']],
    ['useState를 쓰는 법', ['usestate', '^use', '^state', '쓰는', '법']],
    ['React 19', ['react', '19']],
    ['이팩트', ['이펙', '펙트']],
    ['랜더링', ['렌더', '더링']],
    ['초기화하려면', ['초기', '기화']],
    ['수', ['수']],
  ])('%s', (text, terms) => {
    expect(tokenize(text)).toEqual(terms);
  });

  test('folding ㅐ→ㅔ is applied to index and query alike', () => {
    expect(tokenize('상태')).toEqual(tokenize('상테'));
  });

  test('spacing variants share all but the bigram across the space', () => {
    const joined = new Set(tokenize('반응형데이터'));
    expect(tokenize('반응형 데이터').every((t) => joined.has(t))).toBe(true);
  });
});

describe('Korean helpers', () => {
  test.each([
    ['컴포넌트를', '컴포넌트'],
    ['데이터의', '데이터'],
    ['서버에서', '서버'],
    ['추가', '추가'],
    ['실행되는', '실행'],
  ])('strips %s → %s', (word, stem) => expect(stripKoreanSuffixes(word)).toBe(stem));

  test('folds sound-alike vowels without changing length', () => {
    expect(foldHangulVowels('리엑트 랜더링 왜')).toBe('리엑트 렌더링 외');
    expect(foldHangulVowels('리액트')).toBe('리엑트');
  });

  test('query terms drop question words', () => {
    expect(queryTerms('컴포넌트를 어떻게 나누나요')).toEqual(['컴포', '포넌', '넌트', '나누']);
  });
});

test('queries and documents are cut alike: other spellings come from the corpus (spellings.ts), not the tokenizer', () => {
  expect(queryTerms('이펙트가')).toEqual(tokenize('이펙트가'));
  expect(queryTerms('server components')).toEqual(['server', 'components', '~compon']);
});

test('vowel folding changes only the confusable vowels, code unit for code unit', () => {
  // Reference: the plain per-syllable definition, compared on Hangul, Latin, emoji (surrogate pairs) and jamo.
  const reference = (text: string) =>
    [...text]
      .map((ch) => {
        const code = ch.codePointAt(0)!;
        if (code < 0xac00 || code > 0xd7a3) return ch;
        const vowel = Math.floor((code - 0xac00) / 28) % 21;
        const to = ({ 1: 5, 3: 7, 10: 11, 15: 11 } as Record<number, number>)[vowel];
        return to === undefined ? ch : String.fromCodePoint(code + (to - vowel) * 28);
      })
      .join('');
  const samples = ['랜더링 이팩트 얘기 괜찮아 궤도 useEffect 😀 ㅐㅔ 한글', '', 'plain ascii', '패'.repeat(5000) + '😀', '데이터'];
  for (const text of samples) expect(foldHangulVowels(text)).toBe(reference(text));
  expect(foldHangulVowels('랜더링')).toBe('렌더링');
  expect(foldHangulVowels('데이터')).toBe('데이터');
});

describe('tokenizeQuery strips the endings of a question, keeping the stem the index has', () => {
  test.each([
    ['기억하지만', ['기억']],
    ['복사해도', ['복사']],
    ['설정했던 값', ['설정', '값']],
    ['바뀌어도', ['바뀌']],
    ['연결되지', ['연결']],
    // Never fewer than two syllables: '쓰' alone would match only the word '쓰'.
    ['쓰려면', ['쓰려', '려면']],
    ['props로 전달하며', ['props', '~prop', 'prop', '^props', '전달']],
  ])('%s', (text, terms) => {
    expect(tokenizeQuery(text)).toEqual(terms);
  });

  test('the index keeps those endings, so a stem is a subset of the indexed bigrams', () => {
    expect(tokenize('기억하지만')).toEqual(['기억', '억하', '하지']);
  });
});

describe('English word forms and identifiers', () => {
  test('forms of an English word share a stem term, marked so that it never collides with a word', () => {
    expect(tokenize('memoization')).toEqual(['memoization', '~memoiz']);
    expect(tokenize('memoize')).toEqual(['memoize', '~memoiz']);
    expect(tokenize('dependencies dependency')).toEqual(['dependencies', '~depend', 'dependency', '~depend']);
    // A word that is its own stem files nothing more; a query for another form still meets it through the bare stem.
    expect(tokenize('render')).toEqual(['render']);
    expect(tokenizeQuery('rendering')).toEqual(['rendering', '~render', 'render', '^rendering']);
  });

  test.each([
    ['toCamelCaseKeys', ['tocamelcasekeys', '^to', '^camel', '^case', '^keys']],
    ['HTMLElement', ['htmlelement', '^html', '^element']],
    ['XMLHttpRequest', ['xmlhttprequest', '^xml', '^http', '^request']],
    ['use_sync_external_store', ['use', '~us', 'sync', 'external', '~extern', 'store', 'usesyncexternalstore']],
    ['data-testid', ['data', 'testid', 'datatestid']],
    ['vite.config.ts', ['vite', 'config', 'ts', 'viteconfigts']],
    ['src/lib/search', ['src', 'lib', 'search', 'srclibsearch']],
  ])('%s is filed whole and as its words', (text, terms) => {
    expect(tokenize(text)).toEqual(terms);
  });

  test('an identifier and its words written apart meet on the words', () => {
    const page = new Set(tokenize('toCamelCaseKeys(obj)'));
    const query = tokenizeQuery('camel case keys');
    expect(query.filter((t) => page.has(t))).toEqual(['^camel', '^case', '^keys']);
    expect(new Set(tokenizeQuery('to_camel_case_keys')).has('tocamelcasekeys')).toBe(true);
  });
});

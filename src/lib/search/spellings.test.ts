import { describe, expect, test } from 'vitest';
import { buildSearch } from './index-build.ts';
import { search, searchSync } from './search.ts';
import { createSpellings, type Vocabulary } from './spellings.ts';
import { testSource } from './test-source.ts';

const source = (id: string, title: string, body: string, aliases: string[] = []) => testSource(id, title, { lead: body, aliases });

// A small corpus that writes some names in English, some in Hangul and some both ways; none of the queries below is in a list.
const loaded = buildSearch([
  source('render', '렌더링 과정', '렌더링은 render 함수가 트리를 계산하는 단계입니다. 렌더링이 끝나면 커밋합니다.'),
  source('render-2', '렌더링 최적화', 'render 결과를 캐시하면 렌더링 비용이 줄어듭니다.'),
  source('commit', '커밋 단계', 'DOM을 바꾸는 단계입니다.'),
  source('reducer', 'useReducer', 'dispatch 함수로 액션을 보냅니다. reducer는 순수 함수입니다.'),
  source('ts', 'TypeScript 쓰기', 'typescript 설정과 tsconfig 예시.'),
  source('search', '이진 탐색', '정렬된 배열에서 값을 찾는 탐색 방법입니다.'),
  source('boundary', '오류 처리', '에러 경계(Error Boundary)는 자식의 오류를 잡습니다.'),
  source('state', '상태 관리', '컴포넌트의 상태를 한곳에서 관리합니다.', ['스토어']),
]);
const top = (q: string) => searchSync(loaded, q).hits.map((h) => h.document.id);

describe('other spellings come from the corpus', () => {
  test.each([
    ['디스페치 함수', 'reducer'],
    ['타입 스크립트 설정', 'ts'],
    ['타입스크립트', 'ts'],
    ['탐삭', 'search'],
    ['commit', 'commit'],
    ['error boundary', 'boundary'],
  ])('%s → %s', (q, id) => {
    expect(top(q)[0]).toBe(id);
  });

  test('a hit reports the words it matched, directly or through another spelling', () => {
    const hit = searchSync(loaded, '디스페치 함수').hits[0]!;
    expect(hit.matchedTerms).toEqual(['디스페치', '함수']);
    expect(hit.coverage).toBe(1);
  });
});

test('a native word is not taken for an English word that shares its consonants', () => {
  // '입력' and 'africa' share a sound key (VPLVK) but not their vowels: nothing is found, and nothing is claimed matched.
  const corpus = buildSearch([
    source('input', '입력 받기', '폼에서 입력을 받습니다.'),
    source('travel', 'Travel notes', 'africa and asia trips.'),
    source('modal', '모달 창', 'modal 대화상자를 띄웁니다. 모달은 modal 요소입니다.'),
    source('model', 'Data model', 'model of the data.'),
  ]);
  const result = searchSync(corpus, '입력');
  expect(result.hits.map((h) => h.document.id)).toEqual(['input']);
  // A loanword still meets its own English spelling, and not a word with other vowels.
  expect(searchSync(corpus, '모달').hits.map((h) => h.document.id)).toEqual(['modal']);
});

describe('match says whether any hit covers the query', () => {
  test('full, partial and none', () => {
    expect(searchSync(loaded, '렌더링 커밋').match).toBe('full');
    const partial = searchSync(loaded, '렌더링 김치찌개 요리법');
    expect(partial.match).toBe('none');
    expect(partial.hits[0]?.matchedTerms).toEqual(['렌더링']);
    expect(searchSync(loaded, '상태 관리 김치').match).toBe('partial');
    // '주식' is one jamo from '자식' (a word of the corpus): a guess that counts half, so the result stays 'none'.
    expect(searchSync(loaded, '주식 배당금').match).toBe('none');
    expect(searchSync(loaded, '주식 배당금').hits.every((h) => h.coverage < 0.4)).toBe(true);
  });
});

test('초성 queries find titles and aliases, through the one search function', async () => {
  expect((await search(loaded, 'ㄹㄷㄹ')).hits.map((h) => h.document.id)).toEqual(['render', 'render-2']);
  expect((await search(loaded, 'ㅅㅌ ㄱㄹ')).hits.map((h) => h.document.id)).toEqual(['state']);
  expect((await search(loaded, 'ㅅㅌㅇ')).hits.map((h) => h.document.id)).toEqual(['state']);
  expect((await search(loaded, 'ㅅㅌ ㄱㄹ')).match).toBe('full');
});

describe('compounds and native words', () => {
  const loaded = buildSearch([
    source('queue', '우선순위 큐', '우선순위 큐는 힙으로 만듭니다. 큐 구현.'),
    source('schedule', '스케줄링', '우선순위가 높은 작업부터 실행합니다. 우선순위 역전. 우선순위를 정합니다.'),
    source('publish', '배포', 'package를 올립니다. npm package 이름.'),
    source('result-page', '검색 결과 화면', '검색 결과 화면에 문서가 나옵니다.'),
    source('search-ui', '검색 도구', '검색 결과는 화면 위쪽에 보입니다.'),
    source('credits', '도움 주신 분', 'Devon과 Mina가 번역했습니다.'),
  ]);
  const top = (q: string) => searchSync(loaded, q).hits.map((h) => h.document.id);

  test('two words of the corpus written together are split at the missing bigram, not taken for a typo', () => {
    expect(loaded.spellings('우선순위큐', undefined)).toEqual([{ text: '우선순위 큐', certainty: 1 }]);
    expect(top('우선순위큐')[0]).toBe('queue');
  });

  test('three words written together split at both missing bigrams', () => {
    // Spelled as the index sees it, sound-alike vowels folded ('색' → '섹').
    expect(loaded.spellings('검색결과화면', undefined)).toEqual([{ text: '검섹 결과 화면', certainty: 1 }]);
    expect(top('검색결과화면')).toEqual(['result-page', 'search-ui']);
  });

  test('a word of three syllables missing a bigram gets one-jamo guesses instead', () => {
    expect(loaded.spellings('순위큐', undefined).every((s) => s.certainty < 1)).toBe(true);
  });

  // '두번' sounds like 'Devon' (TVPVN), but a one-syllable word next to another is not half of a loanword.
  test('two short native words are not joined into a loanword', () => {
    expect(loaded.spellings('두', '번')).toEqual([]);
  });

  // '바꾸기' shares the key PVKVK with 'package', but a tense ㄲ cannot come from loanword spelling.
  test('a native word gets no English spelling by sound', () => {
    expect(loaded.spellings('바꾸기', undefined)).toEqual([]);
  });
});

describe('a loanword written in two parts', () => {
  const loaded = buildSearch([
    source('adr', 'Decision records', 'decision 기록을 남깁니다.'),
    source('ts', 'TypeScript 쓰기', 'typescript 설정과 tsconfig 예시.'),
    source('retry', '다시 시도', '서버가 실패하면 다시 시도합니다.'),
  ]);

  test('sounds like both parts in order', () => {
    expect(loaded.spellings('타입', '스크립트')).toEqual([{ text: 'typescript', certainty: 1 }]);
  });

  // '다시서버' (TVSVSVP) is one sound from 'decision' (TVSVSVN), but 'decision' does not end in the sound of '서버'.
  test('two native words side by side do not stand for an English word one sound away', () => {
    expect(loaded.spellings('다시', '서버')).toEqual([]);
    expect(searchSync(loaded, '다시 서버').hits.map((h) => h.document.id)).toEqual(['retry']);
  });
});

describe('words of any length', () => {
  const vocabulary = (hangul: string[], latin: string[] = []): Vocabulary => ({
    latin,
    hangul,
    bigrams: [],
    frequency: () => 1,
    has: (t) => latin.includes(t),
    together: () => 0,
  });

  // Every prefix of a heading word used to be keyed with all its one-deletion keys, cubic in the word's length: 500
  // syllables took 2.2 s, 1,000 took 15.5 s, and the 100,000 of this word would take years (the MCP server never started).
  test('a 100,000-syllable heading word is keyed by its first syllables only', () => {
    expect(createSpellings(vocabulary(['커밋'.repeat(50_000)]))('commit', undefined)).toEqual([{ text: '커밋', certainty: 1 }]);
  });

  test('a 100,000-letter index term gets no key, and the words beside it keep theirs', () => {
    expect(createSpellings(vocabulary([], ['typescript', 'ab'.repeat(50_000)]))('타입스크립트', undefined)).toEqual([{ text: 'typescript', certainty: 1 }]);
  });

  // What the MCP server does before it answers: load the index and warm the search (the first search builds the key tables).
  test('an index with a 100,000-character heading searches at once', () => {
    const long = buildSearch([
      source('commit', '커밋 단계', 'DOM을 바꾸는 단계입니다.'),
      testSource('long', '긴 제목', { sections: [['h', '헤딩'.repeat(50_000), '본문']] }),
    ]);
    expect(searchSync(long, 'commit').hits.map((h) => h.document.id)).toEqual(['commit']);
  });

  test('a loanword stands for the English word without a plural s or agent r when the corpus has both', () => {
    // '업데이트' is 'update', not 'updater'; '컴포넌트' 'component', not 'components'; a word with no bare form keeps its r.
    // The longer forms are the more frequent ones here, so the shorter wins by the rule, not by frequency.
    const latin = ['updater', 'update', 'components', 'component', 'compiler'];
    const spell = createSpellings({ ...vocabulary([], latin), frequency: (t) => (/[rs]$/.test(t) ? 2 : 1) });
    expect(spell('업데이트', undefined)).toEqual([{ text: 'update', certainty: 1 }]);
    expect(spell('컴포넌트', undefined)).toEqual([{ text: 'component', certainty: 1 }]);
    expect(spell('컴파일', undefined)).toEqual([{ text: 'compiler', certainty: 1 }]);
  });

  test('a long query word is not looked up one sound away', () => {
    expect(createSpellings(vocabulary([], ['typescript']))('타입스크립트'.repeat(20), undefined)).toEqual([]);
  });
});

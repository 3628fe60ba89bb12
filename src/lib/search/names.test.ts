import { describe, expect, test } from 'vitest';
import { buildSearch } from './index-build.ts';
import { nameWords, namedTerms } from './names.ts';
import { searchSync } from './search.ts';
import { testSource } from './test-source.ts';

const source = (id: string, title: string, sections: [anchor: string, heading: string, body: string][]) => testSource(id, title, { sections });

test.each([
  ['learn/sharing-state-between-components', ['learn', 'sharing', 'state', 'between', 'component']],
  ['os/os_pcb_and_context_switching', ['os', 'pcb', 'and', 'context', 'switching']],
  ['lifting-state-up-by-example', ['lifting', 'state', 'up', 'by', 'example']],
  ['상태-끌어올리기', []],
])('the English words of %s', (name, words) => {
  expect(nameWords(name)).toEqual(words);
});

const SOURCES = [
  source('sharing-state', '컴포넌트 간 State 공유하기', [
    ['lifting-state-up-by-example', 'State 끌어올리기 예시', '두 컴포넌트의 state를 공통 부모로 옮깁니다.'],
    ['single-source-of-truth', '단일 진리의 원천', 'state는 한 곳에 둡니다.'],
  ]),
  source('state-structure', 'State 구조 선택하기', [['principles', '원칙', 'state를 중복 없이 구성합니다. 위로 올리면 편합니다.']]),
  source('reducer', '리듀서 쓰기', [['reducer-basics', '기초', 'state 갱신 로직을 리듀서로 옮깁니다.']]),
];

describe('namedTerms', () => {
  const documents = buildSearch(SOURCES).documents;

  test('finds query terms in ids (section 0) and anchors (their section), words naming many documents left out', () => {
    const named = namedTerms(documents, ['lifting', 'state', 'up', 'source', '렌더']);
    expect([...named.entries()].map(([doc, sections]) => [doc, [...sections.entries()]])).toEqual([
      [
        0,
        [
          [1, ['lifting', 'up']],
          [2, ['source']],
        ],
      ],
    ]);
  });

  test('an English query finds the Korean page whose section is named in English, as a full match', () => {
    const loaded = buildSearch(SOURCES);
    const result = searchSync(loaded, 'lifting state up');
    expect(result.hits[0]!.document.id).toBe('sharing-state');
    expect(result.hits[0]!.matchedTerms).toEqual(['lifting', 'state', 'up']);
    expect(result.hits[0]!.section.anchor).toBe('lifting-state-up-by-example');
    expect(result.match).toBe('full');
  });
});

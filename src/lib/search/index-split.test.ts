import { expect, test } from 'vitest';
import { buildIndexEnvelope, type SearchSource } from './index-build.ts';
import { loadSearch, loadSplitSearch } from './index-load.ts';
import { shardOf, splitIndex } from './index-split.ts';
import { search } from './search.ts';

function source(id: string, title: string, body: string, heading = '설명'): SearchSource {
  return {
    document: {
      id,
      title,
      project: 'p',
      category: 'guide',
      tags: [],
      aliases: [],
      updatedAt: '2026-11-01T00:00:00.000Z',
      url: `/docs/${id}/`,
      summary: '',
      sections: [
        { anchor: '', heading: '', depth: 1, line: 1 },
        { anchor: 'a', heading, depth: 2, line: 2 },
      ],
    },
    sectionTexts: [
      { path: [], text: '' },
      { path: [heading], text: body },
    ],
  };
}

const SOURCES = [
  source('state', '상태 끌어올리기', '두 컴포넌트가 같은 상태를 공유하면 부모로 옮깁니다. props로 전달합니다.'),
  source('effect', 'useEffect', '이펙트는 렌더링 뒤에 실행됩니다. cleanup 함수로 정리합니다.', '정리 함수'),
  source('list', '리스트 렌더링', 'key는 형제 사이에서 고유해야 합니다. map으로 렌더링합니다.'),
  source('ref', 'useRef', 'ref는 렌더링에 쓰이지 않는 값을 기억합니다. DOM 조작에 씁니다.'),
  source('events', '이벤트 처리', '이벤트 핸들러를 props로 전달합니다. onClick에 함수를 넘깁니다.'),
];

test('Latin terms shard by their first two letters, so a typed prefix finds its words in one shard', () => {
  expect(shardOf('useeffect', 7)).toBe(shardOf('usestate', 7));
  expect([shardOf('상태', 1), shardOf('props', 1)]).toEqual([0, 0]);
});

test('the split index answers exactly as the whole index, fetching only the shards a query needs', async () => {
  const envelope = buildIndexEnvelope(SOURCES);
  const whole = loadSearch(JSON.parse(JSON.stringify(envelope)));
  const { base, shards } = splitIndex(envelope, 7);
  expect(shards).toHaveLength(7);
  expect(splitIndex(envelope).shards).toHaveLength(1);
  const fetched: number[] = [];
  const split = loadSplitSearch(JSON.parse(JSON.stringify(base)), async (n) => (fetched.push(n), JSON.parse(JSON.stringify(shards[n]))));
  expect(await search(split, '상태를 공유')).toEqual(await search(whole, '상태를 공유'));
  expect(fetched.length).toBeGreaterThan(0);
  expect(fetched.length).toBeLessThan(7);
  for (const q of ['useEfect 정리', '렌더링', 'props 전달', 'usestate', '없는말']) {
    expect(await search(split, q), q).toEqual(await search(whole, q));
  }
  // Each shard is fetched once, however many queries need it.
  expect(fetched.length).toBe(new Set(fetched).size);
});

test('a shard that does not parse fails the search with what to do', async () => {
  const { base } = splitIndex(buildIndexEnvelope(SOURCES), 3);
  const split = loadSplitSearch(base, async () => ({ postings: 1 }));
  await expect(search(split, '상태')).rejects.toThrow(/^Split search index shard \d is malformed\. Rebuild with `npm run build`\.$/);
});

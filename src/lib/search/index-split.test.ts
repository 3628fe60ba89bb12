import { expect, test } from 'vitest';
import { buildIndexEnvelope, type SearchSource } from './index-build.ts';
import { loadSearch, loadSplitSearch } from './index-load.ts';
import { shardOf, splitFiles, splitIndex } from './index-split.ts';
import { cutSectionLine, withBodyWrittenOut } from './split-pieces.ts';
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

/** The split files by name, as the site fetches them (a JSON round trip, as over the wire). */
function filesOf(split: ReturnType<typeof splitIndex>): Map<string, unknown> {
  return new Map([...splitFiles(split)].map(([name, json]) => [name, JSON.parse(JSON.stringify(json)) as unknown]));
}

test('Latin terms shard by their first two letters (three for crowded prefixes), so a typed prefix finds its words in one shard or a few', () => {
  expect(shardOf('useeffect', 7)).toBe(shardOf('usestate', 7));
  expect(shardOf('useeffect', 7, new Set(['us']))).toBe(shardOf('usestate', 7, new Set(['us'])));
  expect(shardOf('useeffect', 1000, new Set(['us']))).not.toBe(shardOf('usability', 1000, new Set(['us'])));
  expect([shardOf('상태', 1), shardOf('props', 1)]).toEqual([0, 0]);
});

test('the split index answers exactly as the whole index, fetching only the shards and document chunks a query needs', async () => {
  const envelope = buildIndexEnvelope(SOURCES);
  const whole = loadSearch(JSON.parse(JSON.stringify(envelope)));
  const split = splitIndex(envelope, { shards: 7, chunkChars: 1 });
  expect(split.shards).toHaveLength(7);
  expect(split.chunks).toHaveLength(5);
  expect(splitIndex(envelope).shards).toHaveLength(1);
  expect(splitIndex(envelope).chunks).toHaveLength(1);
  // The base keeps what filters read of a document, not its sections, link or summary; 초성 initials are a file of their own.
  expect(split.base.rows).toEqual({ projects: ['p'], categories: ['guide'], tags: [], filters: '0,0;0,0;0,0;0,0;0,0' });
  expect(split.base.chunks).toBe('1,1,1,1,1');
  expect(split.initials.names.split('\n')[0]).toBe('사타까아아라가');
  const files = filesOf(split);
  const fetched: string[] = [];
  const loaded = loadSplitSearch(JSON.parse(JSON.stringify(split.base)), async (f) => (fetched.push(f), files.get(f)));
  expect(await search(loaded, '상태를 공유')).toEqual(await search(whole, '상태를 공유'));
  expect(fetched.filter((f) => f.startsWith('terms-')).length).toBeGreaterThan(0);
  expect(fetched.filter((f) => f.startsWith('terms-')).length).toBeLessThan(7);
  expect(fetched).toContain('docs-0.json');
  for (const q of ['useEfect 정리', '렌더링', 'props 전달', 'usestate', '없는말', 'ㅅㅌ', 'use']) {
    expect(await search(loaded, q), q).toEqual(await search(whole, q));
  }
  // Each file is fetched once, however many queries need it.
  expect(fetched.length).toBe(new Set(fetched).size);
});

test('with every Latin prefix sharded by three letters, a typed prefix fetches the shards its words span and answers alike', async () => {
  const envelope = buildIndexEnvelope(SOURCES);
  const whole = loadSearch(JSON.parse(JSON.stringify(envelope)));
  const split = splitIndex(envelope, { shards: 50, latinSplitChars: 0 });
  expect(split.base.latinSplit).toEqual(expect.arrayContaining(['us', 'pr', 'cl']));
  const files = filesOf(split);
  const loaded = loadSplitSearch(split.base, async (f) => files.get(f));
  for (const q of ['us', 'use', 'useref', 'useEfect', 'onclik', 'props']) expect(await search(loaded, q), q).toEqual(await search(whole, q));
});

test("while a hit's details are still coming, the site is not shown it (no hit without its link)", async () => {
  const split = splitIndex(buildIndexEnvelope(SOURCES), { chunkChars: 1 });
  const files = filesOf(split);
  const loaded = loadSplitSearch(split.base, async (f) => files.get(f));
  const shown: string[][] = [];
  const result = await search(loaded, 'useRef', { onRanked: (r) => shown.push(r.hits.map((h) => h.document.url)) });
  expect(result.hits[0]!.document.url).toBe('/docs/ref/');
  expect(shown.flat()).not.toContain('');
});

test("a small wiki's details are one chunk, fetched up front, so even the first ranking shows hits with their links", async () => {
  const split = splitIndex(buildIndexEnvelope(SOURCES));
  const files = filesOf(split);
  const fetched: string[] = [];
  const loaded = loadSplitSearch(split.base, async (f) => (fetched.push(f), files.get(f)));
  await loaded.shards!.preloadDetails();
  expect(fetched).toEqual(['docs-0.json']);
  expect(loaded.documents.map((d) => loaded.shards!.has(d))).toEqual([true, true, true, true, true]);
  expect(loaded.documents.map((d) => d.url)).toEqual(['/docs/state/', '/docs/effect/', '/docs/list/', '/docs/ref/', '/docs/events/']);
  const many = loadSplitSearch(splitIndex(buildIndexEnvelope(SOURCES), { chunkChars: 1 }).base, async () => {
    throw new Error('nothing is fetched up front when the details are many chunks');
  });
  await many.shards!.preloadDetails();
});

test('a shard, chunk, piece or initials file that does not parse fails the search with what to do', async () => {
  const cut = splitIndex(buildIndexEnvelope(SOURCES), { shards: 3 });
  const base = cut.base;
  const split = loadSplitSearch(base, async () => ({ postings: 1 }));
  await expect(search(split, '상태')).rejects.toThrow(/^Split search index shard terms-\d\.json is malformed\. Rebuild with `npm run build`\.$/);
  const files = filesOf(cut);
  const noRows = loadSplitSearch(base, async (f) => (f.startsWith('docs-') ? { documents: [] } : files.get(f)));
  await expect(search(noRows, '상태')).rejects.toThrow(/^Split search index chunk docs-0\.json is malformed\. Rebuild with `npm run build`\.$/);
  const pieced = splitIndex(buildIndexEnvelope(SOURCES), { pieceTermChars: 0, pieceChars: 1 });
  const pieces = filesOf(pieced);
  const noPiece = loadSplitSearch(pieced.base, async (f) => (f.startsWith('sections-') ? { sectionPostings: 7 } : pieces.get(f)));
  await expect(search(noPiece, '상태')).rejects.toThrow(/^Split search index piece sections-\d+\.json is malformed\. Rebuild with `npm run build`\.$/);
  const noInitials = loadSplitSearch(base, async (f) => (f === 'initials.json' ? { names: '' } : files.get(f)));
  await expect(search(noInitials, 'ㅅㅌ')).rejects.toThrow(/^Split search index file initials\.json is malformed\. Rebuild with `npm run build`\.$/);
});

test('a very common term is cut into pieces of whole documents, each decodable on its own; its body is written out', () => {
  expect(cutSectionLine('니다', '0:1,2:1/3*2,5:2', 4)).toEqual({ starts: [0, 7], lines: ['니다\t0:1,2:1/3*2', '니다\t7:2'] });
  expect(cutSectionLine('니다', '3:1,1:2', 1)).toEqual({ starts: [3, 4], lines: ['니다\t3:1', '니다\t4:2'] });
  const identity = { ...buildIndexEnvelope(SOURCES).index, documentIds: { 0: 0, 1: 1, 2: 2 } };
  // Body (field 4) derived from the section counts (document 0: 1, document 2: 1 + 2), then patched.
  expect(withBodyWrittenOut('니다\t#0,0,0,1,2\t3:0\t4~:', '0:1,2:1/3*2', identity)).toBe('니다\t#0,0,0,1,2\t3:0\t4:0,2*3');
  expect(withBodyWrittenOut('니다\t#0,0,0,1,2\t3:0\t4~:2*0', '0:1,2:1/3*2', identity)).toBe('니다\t#0,0,0,1,2\t3:0\t4:0');
  expect(withBodyWrittenOut('니다\t4~:0*5', '0:1,2:1/3*2', identity)).toBe('니다\t4:0*5,2*3');
});

test('with every term in pieces, the split answers exactly as the whole index, fetching only the pieces of the documents it scores', async () => {
  const envelope = buildIndexEnvelope(SOURCES);
  const whole = loadSearch(JSON.parse(JSON.stringify(envelope)));
  const split = splitIndex(envelope, { pieceTermChars: 0, pieceChars: 1, chunkChars: 1 });
  // Every section-postings line is pieced: the shards keep none, and each piece holds one document.
  expect(split.shards.map((s) => s.sectionPostings)).toEqual(['']);
  const renderings = split.pieces.filter((p) => p.sectionPostings.startsWith('렌더\t')).map((p) => p.sectionPostings);
  expect(renderings).toEqual(['렌더\t1:1', '렌더\t2:1', '렌더\t3:1']);
  expect(split.shards[0]!.pieces.split('\n')).toContain(`렌더\t${split.pieces.findIndex((p) => p.sectionPostings === '렌더\t1:1').toString(36)}\t1,1,1`);
  const files = filesOf(split);
  const fetched: string[] = [];
  const loaded = loadSplitSearch(JSON.parse(JSON.stringify(split.base)), async (f) => (fetched.push(f), files.get(f)));
  const result = await search(loaded, 'useRef DOM');
  expect(result).toEqual(await search(whole, 'useRef DOM'));
  expect(result.hits.map((h) => [h.document.id, h.section.anchor])).toEqual([['ref', 'a']]);
  // One document scored: the pieces of its terms that hold it, and nothing of the other documents.
  const pieces = fetched.filter((f) => f.startsWith('sections-'));
  expect(pieces.length).toBeGreaterThan(0);
  expect(pieces.map((f) => split.pieces[Number(f.slice(9, -5))]!.sectionPostings.split('\t')[1]!.split(':')[0])).toEqual(pieces.map(() => '3'));
  for (const q of ['렌더링', '상태를 공유', 'props 전달', 'useEfect 정리', 'ㅅㅌ', 'use', '없는말']) {
    expect(await search(loaded, q), q).toEqual(await search(whole, q));
  }
  expect(fetched.length).toBe(new Set(fetched).size);
});

test('초성 initials are fetched for the first 초성 query only, not for words', async () => {
  const split = splitIndex(buildIndexEnvelope(SOURCES), { chunkChars: 1 });
  const files = filesOf(split);
  const fetched: string[] = [];
  const loaded = loadSplitSearch(split.base, async (f) => (fetched.push(f), files.get(f)));
  await search(loaded, '상태를 공유');
  expect(fetched).not.toContain('initials.json');
  const result = await search(loaded, 'ㅅㅌ');
  // '상태 끌어올리기' starts with ㅅㅌ, '리스트 렌더링' has it inside.
  expect(result.hits.map((h) => h.document.id)).toEqual(['state', 'list']);
  expect(fetched).toContain('initials.json');
});

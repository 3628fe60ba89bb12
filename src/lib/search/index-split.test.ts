import { expect, test } from 'vitest';
import { buildIndexEnvelope } from './index-build.ts';
import { loadSearch, loadSplitSearch } from './index-load.ts';
import { shardOf, splitFiles, splitIndex } from './index-split.ts';
import { foldByDocument, withBodyWrittenOut } from './split-pieces.ts';
import { search } from './search.ts';
import { testSource } from './test-source.ts';

const source = (id: string, title: string, body: string, heading = '설명') => testSource(id, title, { sections: [['a', heading, body]] });

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

test('a shard, chunk or initials file that does not parse fails the search with what to do', async () => {
  const cut = splitIndex(buildIndexEnvelope(SOURCES), { shards: 3 });
  const base = cut.base;
  const split = loadSplitSearch(base, async () => ({ postings: 1 }));
  await expect(search(split, '상태')).rejects.toThrow(/^Split search index shard terms-\d\.json is malformed\. Rebuild with `npm run build`\.$/);
  const files = filesOf(cut);
  const noRows = loadSplitSearch(base, async (f) => (f.startsWith('docs-') ? { documents: [] } : files.get(f)));
  await expect(search(noRows, '상태')).rejects.toThrow(/^Split search index chunk docs-0\.json is malformed\. Rebuild with `npm run build`\.$/);
  const pieced = splitIndex(buildIndexEnvelope(SOURCES), { pieceTermChars: 0 });
  const pieces = filesOf(pieced);
  // A chunk whose pieced counts are not one line per document (or missing while the base has pieced terms), a line that
  // does not decode, a shard naming a term number the base does not have.
  expect(pieced.base.pieced).toBeGreaterThan(40);
  const short = loadSplitSearch(pieced.base, async (f) => (f.startsWith('docs-') ? { ...(pieces.get(f) as object), pieced: [] } : pieces.get(f)));
  await expect(search(short, '상태')).rejects.toThrow(/^Split search index chunk docs-0\.json is malformed\. Rebuild with `npm run build`\.$/);
  const none = loadSplitSearch(pieced.base, async (f) =>
    f.startsWith('docs-') ? { documents: (pieces.get(f) as { documents: unknown }).documents } : pieces.get(f),
  );
  await expect(search(none, '상태')).rejects.toThrow(/^Split search index chunk docs-0\.json is malformed\. Rebuild with `npm run build`\.$/);
  const beyond = loadSplitSearch({ ...pieced.base, pieced: 2 }, async (f) => pieces.get(f));
  await expect(search(beyond, '상태')).rejects.toThrow(
    /^Split search index shard terms-0\.json is malformed: pieced term "[^"]+": "[0-9a-z]+" is not a term number below 2\. Rebuild with `npm run build`\.$/,
  );
  const chunk = pieces.get('docs-0.json') as { pieced: string[] };
  const damaged = { ...chunk, pieced: chunk.pieced.map((line, i) => (i === 3 ? '-:1' : line)) };
  const garbled = loadSplitSearch(pieced.base, async (f) => (f === 'docs-0.json' ? damaged : pieces.get(f)));
  await expect(search(garbled, '상태')).rejects.toThrow(
    'Split search index chunk docs-0.json is malformed: section postings of "document 3": "-:1" is not "<gap>:<sections>". Rebuild with `npm run build`.',
  );
  const noInitials = loadSplitSearch(base, async (f) => (f === 'initials.json' ? { names: '' } : files.get(f)));
  await expect(search(noInitials, 'ㅅㅌ')).rejects.toThrow(/^Split search index file initials\.json is malformed\. Rebuild with `npm run build`\.$/);
});

test("a split base that is not the build's fails to load with the field at fault and what to do", () => {
  const base = splitIndex(buildIndexEnvelope(SOURCES)).base;
  const tail = ' Rebuild with `npm run build`.';
  const load = (json: unknown) => () => loadSplitSearch(json, async () => undefined);
  expect(load({ ...base, version: 3 })).toThrow(`Split search index version 3 is not supported (expected ${base.version}).${tail}`);
  expect(load({ ...base, searchOptionsVersion: -1 })).toThrow(/^Search index was built with search options version -1, but this code uses version \d+\./);
  expect(load({ ...base, vocabulary: 1 })).toThrow(`Split search index is malformed: vocabulary is not a string.${tail}`);
  expect(load({ ...base, naming: [1] })).toThrow(`Split search index is malformed: naming is not a list of strings.${tail}`);
  expect(load({ ...base, shards: 0 })).toThrow(`Split search index is malformed: shards is not a positive whole number.${tail}`);
  expect(load({ ...base, rows: { ...base.rows, filters: [] } })).toThrow(
    `Split search index is malformed: rows is not { projects, categories, tags, filters }.${tail}`,
  );
  expect(load({ ...base, index: {} })).toThrow(`Split search index is malformed: index must be MiniSearch.toJSON() output.${tail}`);
  expect(load([])).toThrow(`Split search index is malformed: not an object.${tail}`);
  expect(load(base)).not.toThrow();
});

test('a chunk whose document details lack a field the results show fails the search', async () => {
  const cut = splitIndex(buildIndexEnvelope(SOURCES));
  const files = filesOf(cut);
  const chunk = files.get('docs-0.json') as { documents: Record<string, unknown>[] };
  const noUrl = { ...chunk, documents: chunk.documents.map((d, i) => (i === 0 ? { ...d, url: undefined } : d)) };
  const badLine = { ...chunk, documents: chunk.documents.map((d) => ({ ...d, sections: [{ anchor: '', heading: '', depth: 1, line: 0, terms: 1 }] })) };
  for (const damaged of [noUrl, badLine]) {
    const loaded = loadSplitSearch(cut.base, async (f) => (f === 'docs-0.json' ? damaged : files.get(f)));
    await expect(search(loaded, '상태')).rejects.toThrow(/^Split search index chunk docs-0\.json is malformed\. Rebuild with `npm run build`\.$/);
  }
});

test("very common terms are cut by document into one line per document, terms by number; a pieced term's body is written out", () => {
  // 니다 (term 0) in documents 0, 2 and 7; 하는 (term 1) in 2 and 3; 있다 (term 2) in 7: sections as in the section postings.
  const lines = [
    { term: '니다', encoded: '0:1,2:1/3*2,5:2' },
    { term: '하는', encoded: '2:0*3,1:4' },
    { term: '있다', encoded: '7:1/1' },
  ];
  expect(foldByDocument(lines, 9)).toEqual(['0:1', '', '0:1/3*2,1:0*3', '1:4', '', '', '', '0:2,2:1/1', '']);
  expect(() => foldByDocument(lines, 7)).toThrow('section postings of "니다" name document 7, past the last (6).');
  const identity = { ...buildIndexEnvelope(SOURCES).index, documentIds: { 0: 0, 1: 1, 2: 2 } };
  // Body (field 4) derived from the section counts (document 0: 1, document 2: 1 + 2), then patched.
  expect(withBodyWrittenOut('니다\t#0,0,0,1,2\t3:0\t4~:', '0:1,2:1/3*2', identity)).toBe('니다\t#0,0,0,1,2\t3:0\t4:0,2*3');
  expect(withBodyWrittenOut('니다\t#0,0,0,1,2\t3:0\t4~:2*0', '0:1,2:1/3*2', identity)).toBe('니다\t#0,0,0,1,2\t3:0\t4:0');
  expect(withBodyWrittenOut('니다\t4~:0*5', '0:1,2:1/3*2', identity)).toBe('니다\t4:0*5,2*3');
});

test("with every term pieced, the split answers exactly as the whole index, the counts coming with the scored documents' details", async () => {
  const envelope = buildIndexEnvelope(SOURCES);
  const whole = loadSearch(JSON.parse(JSON.stringify(envelope)));
  const split = splitIndex(envelope, { pieceTermChars: 0, chunkChars: 1 });
  // Every section-postings line is pieced: the shards keep none and list each term's number; each chunk holds one
  // document and its line of counts by term number.
  expect(split.shards.map((s) => s.sectionPostings)).toEqual(['']);
  const numbers = new Map(split.shards[0]!.pieced.split('\n').map((line) => line.split('\t') as [string, string]));
  expect(numbers.size).toBeGreaterThan(40);
  const [ref, dom] = [parseInt(numbers.get('useref')!, 36), parseInt(numbers.get('dom')!, 36)];
  expect(split.chunks).toHaveLength(5);
  // 'ref' (document 3): useRef is its title, not its prose; its heading '설명' is section 1, 'DOM' is in its prose once.
  const refLine = split.chunks[3]!.pieced![0]!;
  expect(refLine.split(',').length).toBeGreaterThan(10);
  let at = 0;
  const decoded = new Map(refLine.split(',').map((entry) => [(at += parseInt(entry.split(':')[0]!, 36)), entry.split(':')[1]!]));
  expect(decoded.get(dom)).toBe('1');
  expect(decoded.has(ref)).toBe(false);
  const files = filesOf(split);
  expect(Object.keys(files.get('docs-3.json') as object)).toEqual(['documents', 'pieced']);
  const fetched: string[] = [];
  const loaded = loadSplitSearch(JSON.parse(JSON.stringify(split.base)), async (f) => (fetched.push(f), files.get(f)));
  const result = await search(loaded, 'useRef DOM');
  expect(result).toEqual(await search(whole, 'useRef DOM'));
  // 'effect' (useEffect) meets the word 'use' of useRef, an identifier's word counting less than a typed one.
  expect(result.hits.map((h) => [h.document.id, h.section.anchor])).toEqual([
    ['ref', 'a'],
    ['effect', 'a'],
  ]);
  // The two documents scored: their details files, which brought their counts; no file of any other document, no other kind of file.
  expect(fetched).toEqual(['terms-0.json', 'docs-1.json', 'docs-3.json']);
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

test('a search that starts while an earlier one waits for document chunks (a person typing) answers as the whole index, each file fetched once', async () => {
  const envelope = buildIndexEnvelope(SOURCES);
  const whole = loadSearch(JSON.parse(JSON.stringify(envelope)));
  const split = splitIndex(envelope, { chunkChars: 1 });
  const files = filesOf(split);
  const fetched: string[] = [];
  // Files arrive when the test lets them, as over a slow network; each request knows which search (0 or 1) was running.
  const waiting: { file: string; search: number; arrive: () => void }[] = [];
  let running = 0;
  const loaded = loadSplitSearch(JSON.parse(JSON.stringify(split.base)), (file) => {
    fetched.push(file);
    return new Promise((resolve) => waiting.push({ file, search: running, arrive: () => resolve(files.get(file)) }));
  });
  const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
  const release = (which: (w: (typeof waiting)[number]) => boolean) => {
    for (const w of waiting.splice(0))
      if (which(w)) w.arrive();
      else waiting.push(w);
  };
  const first = search(loaded, '렌더링', { limit: 1 });
  for (let i = 0; i < 50 && !waiting.some((w) => w.file.startsWith('docs-')); i++) {
    await tick();
    release((w) => w.file.startsWith('terms-'));
  }
  // The first search waits for the chunks of the documents it section-scores; the next key comes.
  expect(waiting.map((w) => w.file).sort()).toEqual(['docs-1.json', 'docs-2.json', 'docs-3.json']);
  running = 1;
  const second = search(loaded, '렌더링 key', { limit: 1 });
  let done = false;
  void second.finally(() => (done = true));
  // What the second search asks for arrives at once; the first one's chunks come later.
  for (let i = 0; i < 100 && !done; i++) {
    await tick();
    release((w) => w.search === 1 || i > 20);
  }
  release(() => true);
  expect((await second).hits.map((h) => [h.document.id, h.section.anchor])).toEqual([['list', 'a']]);
  expect(await second).toEqual(await search(whole, '렌더링 key', { limit: 1 }));
  expect(await first).toEqual(await search(whole, '렌더링', { limit: 1 }));
  expect(fetched.length).toBe(new Set(fetched).size);
});

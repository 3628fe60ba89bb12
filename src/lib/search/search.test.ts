import { describe, expect, test } from 'vitest';
import { buildIndexEnvelope, buildSearch, type SearchSource } from './index-build.ts';
import { loadSearch } from './index-load.ts';
import { search as runSearch, searchDocuments, searchSync, type SearchResult, type TextOf } from './search.ts';
import { documentText } from './snippet.ts';
import { testSource } from './test-source.ts';

/** Markdown of each test document as `_wiki/docs/<id>.md` would hold it: a heading line, then its prose. */
const MARKDOWN = new Map<string, string>();
const textOf: TextOf = (d) => documentText(d, MARKDOWN.get(d.id)!);

function source(
  id: string,
  title: string,
  sections: [string, string, number, string][],
  extra: Partial<SearchSource['document']> = {},
  aliases: string[] = [],
): SearchSource {
  const all: [string, string, number, string][] = [['', '', 1, ''], ...sections];
  // Line 1 is the (empty) lead; each section is a heading line followed by one line of prose.
  MARKDOWN.set(id, ['', ...sections.flatMap(([, heading, depth, body]) => [`${'#'.repeat(depth)} ${heading}`, body])].join('\n'));
  return {
    document: {
      id,
      title,
      project: 'p',
      category: 'concept',
      tags: [],
      aliases,
      updatedAt: '2026-11-01T00:00:00.000Z',
      url: `/docs/${id}/`,
      summary: '',
      sections: all.map(([anchor, heading, depth], i) => ({ anchor, heading, depth, line: i === 0 ? 1 : 2 * i })),
      ...extra,
    },
    sectionTexts: all.map(([, heading, , body]) => ({ path: heading ? [heading] : [], text: body })),
  };
}

const SOURCES = [
  source(
    'state-lifting',
    '상태 끌어올리기',
    [
      ['why', '왜 끌어올리나', 2, '두 컴포넌트가 같은 상태를 공유해야 할 때 부모로 옮깁니다.'],
      ['how', '방법', 2, 'props로 값을 전달하고 이벤트 핸들러를 넘깁니다.'],
    ],
    { tags: ['state'] },
  ),
  source('components', '컴포넌트 나누기', [['split', '나누는 기준', 2, '컴포넌트를 작게 나누면 재사용하기 쉽습니다.']], { project: 'q', category: 'guide' }),
  source('use-state', 'useState', [
    ['params', '매개변수', 2, 'initialState는 초기값입니다.'],
    ['pitfalls', '주의사항', 2, 'state는 렌더링 사이에 유지됩니다. setState는 다음 렌더링에 반영됩니다.'],
  ]),
  source('fonts', '글꼴 정책', [['web', '웹 글꼴', 2, '본문 글꼴은 Pretendard를 씁니다.']], {}, ['웹폰트', 'font']),
];

describe('searchDocuments', () => {
  const search = buildSearch(SOURCES);
  const top = (q: string, filters = {}) => searchDocuments(search, q, filters, 10).map((h) => h.document.id);

  test.each([
    ['컴포넌트를', 'components'],
    ['상태끌어올리기', 'state-lifting'],
    ['상태 끌어 올리기', 'state-lifting'],
    ['props 전달', 'state-lifting'],
    ['useState', 'use-state'],
    ['useStat', 'use-state'],
    ['usestaet', 'use-state'],
    ['웹폰트', 'fonts'],
    ['setState 렌더링', 'use-state'],
  ])('%s → %s first', (q, id) => {
    expect(top(q)[0]).toBe(id);
  });

  test('points at the best-matching section with its heading path', () => {
    const hit = searchDocuments(search, 'setState 다음 렌더링 반영', {}, 10)[0]!;
    expect(hit.document.id).toBe('use-state');
    expect(hit.section).toEqual({ anchor: 'pitfalls', path: ['주의사항'] });
  });

  test('ranking needs no Markdown; the snippet text comes after, for the hits shown', async () => {
    const q = 'setState 다음 렌더링 반영';
    expect(searchDocuments(search, q)[0]!.section).toEqual({ anchor: 'pitfalls', path: ['주의사항'] });
    const asked: string[] = [];
    let early: SearchResult | undefined;
    const fetched = await runSearch(search, q, {
      limit: 2,
      loadText: async (d) => (asked.push(d.id), textOf(d)),
      onRanked: (r) => (early = r),
    });
    // Fetched text (the browser's way) gives the same answer as text at hand, and only the hits returned are asked for.
    expect(fetched).toEqual(searchSync(search, q, { limit: 2, textOf }));
    expect(asked).toEqual(fetched.hits.map((h) => h.document.id));
    expect(fetched.hits[0]!.snippet.text).toBe('state는 렌더링 사이에 유지됩니다. setState는 다음 렌더링에 반영됩니다.');
    // The first answer has the same hits in the same order, with what was at hand (the empty summary) for snippets.
    expect(early!.hits.map((h) => [h.document.id, h.section.anchor])).toEqual(fetched.hits.map((h) => [h.document.id, h.section.anchor]));
    expect(early!.hits[0]!.snippet.text).toBe('');
  });

  test('a title match points at the top of the page', () => {
    expect(searchDocuments(search, '글꼴 정책', {}, 10)[0]!.section).toEqual({ anchor: '', path: [] });
  });

  test('filters by project, category and tags', () => {
    expect(top('컴포넌트', { project: 'q' })).toEqual(['components']);
    expect(top('컴포넌트', { category: 'guide' })).toEqual(['components']);
    expect(top('상태', { tags: ['state'] })).toEqual(['state-lifting']);
    expect(top('상태', { tags: ['nope'] })).toEqual([]);
  });

  test('empty and whitespace queries find nothing', () => {
    expect(top('')).toEqual([]);
    expect(top('   ')).toEqual([]);
  });

  test('envelope → JSON text → loadSearch answers exactly the same', () => {
    const restored = loadSearch(JSON.parse(JSON.stringify(buildIndexEnvelope(SOURCES))));
    for (const q of ['컴포넌트를', '상태끌어올리기', 'useStat', '웹폰트', 'props 전달']) {
      expect(searchDocuments(restored, q, {}, 10)).toEqual(searchDocuments(search, q, {}, 10));
    }
  });

  test('glossary synonyms widen every search, in both directions, and survive serialisation', () => {
    const withGlossary = buildSearch(SOURCES, [
      ['글꼴', '서체', 'typeface'],
      ['상태', '스테이트'],
    ]);
    expect(searchDocuments(search, 'typeface', {}, 10)).toEqual([]);
    expect(searchDocuments(withGlossary, 'typeface', {}, 10)[0]?.document.id).toBe('fonts');
    expect(searchDocuments(withGlossary, '서체를 바꾸려면', {}, 10)[0]?.document.id).toBe('fonts');
    expect(searchDocuments(withGlossary, '스테이트 끌어올리기', {}, 10)[0]?.document.id).toBe('state-lifting');
    const restored = loadSearch(
      JSON.parse(
        JSON.stringify(
          buildIndexEnvelope(SOURCES, [
            ['글꼴', '서체', 'typeface'],
            ['상태', '스테이트'],
          ]),
        ),
      ),
    );
    expect(searchDocuments(restored, 'typeface', {}, 10)).toEqual(searchDocuments(withGlossary, 'typeface', {}, 10));
  });

  test('an index built with other search options is refused with what to do', () => {
    const envelope = { ...buildIndexEnvelope(SOURCES), searchOptionsVersion: 0 };
    expect(() => loadSearch(envelope)).toThrow(/search options version 0, but this code uses version \d+\. Rebuild with `npm run build`\./);
    expect(() => loadSearch({ ...envelope, version: 9 })).toThrow('Search index version 9 is not supported (expected 5). Rebuild with `npm run build`.');
  });
});

describe('paging with offset', () => {
  // 60 matching documents, more than the section stage re-ranks (40): the later pages reach past it.
  const body = (n: number) => `${'롤백 '.repeat(1 + (n % 7))}절차는 운영팀이 맡습니다.`;
  const sources = Array.from({ length: 60 }, (_, n) =>
    testSource(`deploy-${String(n).padStart(2, '0')}`, `배포 안내 ${n}`, { sections: [['rollback', '롤백', body(n)]] }),
  );
  const many = loadSearch(JSON.parse(JSON.stringify(buildIndexEnvelope(sources))));
  // testSource's layout: the lead on line 1, the heading on line 3, its prose on line 4.
  const textOf: TextOf = (d) => documentText(d, `\n\n## 롤백\n${body(Number(d.id.slice(-2)))}`);
  const ids = (r: SearchResult) => r.hits.map((h) => h.document.id);

  test('pages of one limit follow each other without gaps or repeats, the first 40 in the order of a 40-hit search', async () => {
    const pages: string[] = [];
    let total = 0;
    for (let offset = 0; offset < 60; offset += 7) {
      const page = await runSearch(many, '배포 롤백', { limit: 7, offset, loadText: textOf });
      pages.push(...ids(page));
      total = page.total;
      expect(page.hits.length).toBe(Math.min(7, 60 - offset));
    }
    expect(total).toBe(60);
    expect(new Set(pages).size).toBe(60);
    expect(pages.slice(0, 40)).toEqual(searchDocuments(many, '배포 롤백', {}, 40).map((h) => h.document.id));
  });

  test('a later page has snippets and sections of its own hits, and the match level of the whole search', async () => {
    const first = await runSearch(many, '배포 롤백', { limit: 5, loadText: textOf });
    const later = await runSearch(many, '배포 롤백', { limit: 5, offset: 50, loadText: textOf });
    expect(later.match).toBe(first.match);
    expect(later.hits).toHaveLength(5);
    expect(later.hits.every((h) => h.section.anchor === 'rollback' && h.snippet.text.includes('절차는 운영팀이 맡습니다.'))).toBe(true);
    expect(ids(later).some((id) => ids(first).includes(id))).toBe(false);
  });

  test('an offset past the last hit gives no hits but the total', async () => {
    const past = await runSearch(many, '배포 롤백', { limit: 5, offset: 60, loadText: textOf });
    expect([past.hits.length, past.total]).toEqual([0, 60]);
  });
});

describe('common body terms', () => {
  // 120 documents; '공통어' is in the body of 60 of them (50 %) and in the title of one.
  const many = Array.from({ length: 120 }, (_, i) =>
    source(`d${i}`, i === 0 ? '공통어 안내' : `문서 ${i}`, [['body', '본문', 2, i % 2 === 0 ? `공통어 설명과 고유어${i}` : `다른 이야기 고유어${i}`]]),
  );
  const envelope = buildIndexEnvelope(many);

  test('from 100 documents, body postings of terms in more than 30 % of documents are left out and listed', () => {
    expect(envelope.commonTerms).toEqual(expect.arrayContaining(['공통', '통어']));
    expect(envelope.commonTerms).not.toContain('본문');
    // The heading '본문' is in every document too, but only bodies are pruned.
    expect(buildIndexEnvelope(many.slice(0, 99)).commonTerms).toEqual([]);
  });

  test('a common word still finds the document that has it in its title, and sections still count it', () => {
    const search = loadSearch(JSON.parse(JSON.stringify(envelope)));
    expect(searchDocuments(search, '공통어', {}, 10).map((h) => h.document.id)).toEqual(['d0']);
    // A rare word next to it brings in its document, and the body mention counts in the section score.
    const hits = searchDocuments(search, '공통어 고유어42', {}, 10);
    expect(
      hits
        .slice(0, 2)
        .map((h) => h.document.id)
        .sort(),
    ).toEqual(['d0', 'd42']);
    expect(hits.find((h) => h.document.id === 'd42')!.section.anchor).toBe('body');
  });
});

test('without whole texts (the site), a hit reports only the words its snippet texts have: bigrams spread over a page are no word', async () => {
  const markdown = '연말에 말정리를 하고 정산 결과를 봅니다.';
  const loaded = buildSearch([testSource('state', '상태 관리', { lead: markdown })]);
  const loadText = (d: Parameters<TextOf>[0]) => documentText(d, markdown);
  const [hit] = (await runSearch(loaded, '연말정산 결과', { loadText })).hits;
  expect(hit!.matchedTerms).toEqual(['결과']);
  // What the index alone reports (every bigram of the word is on the page), and what the MCP server checks against its Markdown.
  expect(searchSync(loaded, '연말정산 결과').hits[0]!.matchedTerms).toEqual(['연말정산', '결과']);
  expect(searchSync(loaded, '연말정산 결과', { textOf: loadText }).hits[0]!.matchedTerms).toEqual(['결과']);
});

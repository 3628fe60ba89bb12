import { expect, test } from 'vitest';
import { buildIndexEnvelope, type SearchSource } from './index-build.ts';
import { createIndex, loadIndex, loadIndexShell, queryDocuments } from './contract.ts';
import { decodePostings, packPostings, type PackedPostings } from './postings.ts';
import { loadIndexLazily } from './lazy-postings.ts';
import { loadSearch } from './index-load.ts';
import { decodeSectionPostings } from './section-postings.ts';
import { testSource } from './test-source.ts';

const source = (id: string, title: string, body: string) => testSource(id, title, { lead: body, category: 'concept' });

const SOURCES = [
  source('state-lifting', '상태 끌어올리기', '두 컴포넌트가 같은 상태를 공유해야 할 때 부모로 옮깁니다. props로 값을 전달합니다.'),
  source('components', '컴포넌트 나누기', '컴포넌트를 작게 나누면 재사용하기 쉽습니다.'),
  source('use-state', 'useState', 'state는 렌더링 사이에 유지됩니다. setState는 다음 렌더링에 반영됩니다.'),
  source('fonts', '글꼴 정책', '본문 글꼴은 Pretendard를 씁니다. 웹폰트'),
];

/** Every term's postings as plain arrays, for comparing two indexes. */
function postingsOf(index: ReturnType<typeof createIndex>, terms: Iterable<string>) {
  return [...terms].sort().map((t) => {
    const value = index.terms.get(t);
    return [t, [0, 1, 2, 3, 4].map((field) => [...(value?.get(field)?.entries() ?? [])])];
  });
}

test('body postings derived from the section postings (with the stored patches) are exactly the ones MiniSearch built', () => {
  // The prose the section ranking counts differs from the parse's text (code left out, a word added): patches.
  const sources: SearchSource[] = SOURCES.map((s, i) => ({
    ...s,
    sectionProse: [i === 0 ? `${s.sectionTexts[0]!.text} 덧붙인 말` : i === 1 ? '컴포넌트' : s.sectionTexts[0]!.text],
  }));
  const envelope = JSON.parse(JSON.stringify(buildIndexEnvelope(sources))) as ReturnType<typeof buildIndexEnvelope>;
  // The body is no longer stored whole: 'useState' page's body matches its prose, so no body entry is written for it.
  expect(envelope.postings).toContain('\t4~:');
  expect(envelope.postings.split('\n').find((l) => l.startsWith('유지\t'))).toMatch(/\t4~:$/);
  const built = createIndex(SOURCES.map((s, id) => ({ id, title: s.document.title, aliases: '', tags: '', headings: '', body: s.sectionTexts[0]!.text })));
  const loaded = loadSearch(envelope);
  const terms = new Set(envelope.postings.split('\n').map((l) => l.slice(0, l.indexOf('\t'))));
  expect(postingsOf(loaded.index, terms)).toEqual(postingsOf(built, terms));
  // '덧붙' is in the first page's prose only: derived there, patched away.
  expect(queryDocuments(loaded.index, '덧붙인')).toEqual([]);
  expect(() => decodePostings(envelope.postings)).toThrow('is derived (~) but nothing derives it.');
});

test('postings decoded on first use answer exactly like a fully decoded MiniSearch index', () => {
  const envelope = JSON.parse(JSON.stringify(buildIndexEnvelope(SOURCES))) as ReturnType<typeof buildIndexEnvelope>;
  const seen: string[] = [];
  const lazy = loadSearch(envelope).index;
  loadIndexLazily(
    envelope.index,
    envelope.postings,
    () => undefined,
    (t) => seen.push(t),
  );
  const eager = loadIndex({ ...envelope.index, index: decodePostings(envelope.postings, undefined, (t) => derivedBody(envelope, t)) });
  for (const q of ['컴포넌트를', '상태끌어올리기', 'useStat', 'usestaet', '웹폰트', 'props 전달', '없는말']) {
    expect(queryDocuments(lazy, q)).toEqual(queryDocuments(eager, q));
  }
  expect(queryDocuments(lazy, 'useStat').map((m) => m.terms)).toEqual([['usestate', '^use']]);
  expect(seen).toContain('usestate');
  expect(queryDocuments(loadIndexShell(envelope.index), 'useState')).toEqual([]);
});

/** A term's body postings the slow way: summed from the decoded section postings. */
function derivedBody(envelope: ReturnType<typeof buildIndexEnvelope>, term: string): PackedPostings {
  const out = new Map<number, number>();
  for (const line of envelope.sectionPostings.split('\n')) {
    if (!line.startsWith(`${term}\t`)) continue;
    for (const [doc, flat] of decodeSectionPostings(line.slice(term.length + 1), term).entries())
      out.set(
        doc,
        flat.filter((_, i) => i % 2).reduce((a, b) => a + b, 0),
      );
  }
  return packPostings(Int32Array.from(out.keys()), Int32Array.from(out.values()));
}

test('a query stopped by a damaged postings line leaves nothing behind for the next query (the first stage reuses its accumulators)', () => {
  const envelope = JSON.parse(JSON.stringify(buildIndexEnvelope(SOURCES))) as ReturnType<typeof buildIndexEnvelope>;
  const good = loadSearch(envelope).index;
  const expected = queryDocuments(good, '컴포넌트 상태');
  const damaged = {
    ...envelope,
    postings: envelope.postings
      .split('\n')
      .map((l) => (l.startsWith('글꼴\t') ? l.replace(/\t0:[^\t]*/, '\t0:!!') : l))
      .join('\n'),
  };
  const index = loadSearch(damaged).index;
  // '상태' is scored first, then the damaged '글꼴' throws half-way through the query.
  expect(() => queryDocuments(index, '상태 글꼴')).toThrow('(글꼴): "!!" is not a base-36 gap.');
  expect(queryDocuments(index, '컴포넌트 상태')).toEqual(expected);
  expect(expected.length).toBeGreaterThan(1);
});

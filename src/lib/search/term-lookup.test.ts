import { expect, test } from 'vitest';
import { createIndex, createMiniSearch, prepareTermLookup, queryDocuments } from './contract.ts';
import { TermTable } from './term-lookup.ts';

/**
 * Words chosen so that the tree splits and reorders its edges (shared prefixes added in several orders), with Hangul,
 * Han and kana terms beside Latin ones, digits, accents, Cyrillic, a term beginning with Hangul and going on in Latin
 * letters (no tokenizer makes one, the tables must still find it) and an astral Han character.
 */
const BODIES = [
  'render rendering renderer rendered renders react reactive reaction reach',
  '렌더링 컴포넌트 상태 훅 이펙트 의존성 배열 component components compose composer',
  'state setstate usestate useeffect uselayouteffect effect effects affect',
  'timeout timeouts timeoutid time timer handshake handshakes handle handler',
  'redis redux reds rediss 레디스 webhook webhooks retry retries retro',
  '漢字 検索 かな カタカナ 中文 tcp tcp3 http2 v8 ipv6 café cafe naïve наш наша',
  'serch search searching seach sarch indx index indexes indices',
  '𠀀𠀁 𠀀a 가a 가나다라 config configure configs deploy deployed deployer',
];

const units = BODIES.map((body, id) => ({ id, title: '', aliases: '', tags: '', headings: '', body }));

/** The terms in the order MiniSearch's toJSON lists them, each with a postings object of its own. */
function table(): { terms: string[]; table: TermTable } {
  const terms = createMiniSearch(units)
    .toJSON()
    .index.map(([term]) => term);
  const t = new TermTable();
  terms.forEach((term, i) => t.set(term, new Map([[i, new Map()]])));
  return { terms, table: t };
}

/** Levenshtein distance over UTF-16 code units, the whole matrix (the reference the tables are checked against). */
function distance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) d[i]![j] = Math.min(d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1), d[i - 1]![j]! + 1, d[i]![j - 1]! + 1);
  return d[a.length]![b.length]!;
}

test('typo lookups give every term within the distance, with its distance and postings, latest first, for every term and a typo of each', () => {
  const { terms, table: t } = table();
  const queries = new Set<string>();
  for (const term of terms) {
    queries.add(term);
    queries.add(`${term}x`);
    queries.add(term.slice(1));
    if (term.length > 2) queries.add(term.slice(0, 1) + term.slice(2));
  }
  for (const extra of ['handshak', 'timout', 'raect', 'usestaet', 'redi', '', 'a', 'ab', 'xyzxyz', '렌더', 'caf', 'наши']) queries.add(extra);
  let compared = 0;
  for (const q of queries) {
    for (const d of [1, 2, 3]) {
      const reference = terms.flatMap((term, i) => (distance(q, term) <= d ? [[term, distance(q, term), i] as const] : [])).reverse();
      expect(
        [...t.fuzzyGet(q, d)].map(([term, [postings, dist]]) => [term, dist, [...(postings as Map<number, unknown>).keys()][0]]),
        `${q} ~${d}`,
      ).toEqual(reference);
      compared += reference.length;
    }
  }
  expect(compared).toBeGreaterThan(1000);
});

test('prefix lookups give the terms with the prefix in their order, for every prefix of every term', () => {
  const { terms, table: t } = table();
  const prefixes = new Set<string>(['', 'zz', '가', '𠀀']);
  for (const term of terms) for (let end = 1; end <= term.length; end++) prefixes.add(term.slice(0, end));
  for (const p of prefixes) {
    expect(
      [...t.atPrefix(p)].map(([term, postings]) => [term, postings === t.get(term)]),
      p,
    ).toEqual(terms.filter((term) => term.startsWith(p)).map((term) => [term, true]));
  }
});

test('exact lookups give each term’s postings, and nothing for a term the table lacks; a term added again keeps its place', () => {
  const { terms, table: t } = table();
  terms.forEach((term, i) => expect([...(t.get(term) as Map<number, unknown>).keys()]).toEqual([i]));
  expect(t.get('nosuchterm')).toBeUndefined();
  const again = new Map();
  t.set(terms[0]!, again);
  expect(t.get(terms[0]!)).toBe(again);
  expect([...t].map(([term]) => term)).toEqual(terms);
});

test('the first stage ranks the same before and after the tables are prepared, scores bit for bit', () => {
  const queries = ['handshak timout', 'rendr reactiv', 'usestaet 렌더링', 'webhok retri redis', 'café naive', 'serch indx config', 'rea', 'conf'];
  const index = createIndex(units);
  const mine = () => queries.map((q) => queryDocuments(index, q).map((m) => [m.doc, m.score, [...m.terms].sort()]));
  const before = mine();
  prepareTermLookup(index);
  expect(mine()).toEqual(before);
  expect(before.every((matches) => matches.length > 0)).toBe(true);
});

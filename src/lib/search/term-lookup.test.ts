import { expect, test } from 'vitest';
import { createIndex, prepareTermLookup, queryDocuments } from './contract.ts';
import { termMapOf } from './lazy-postings.ts';
import { termLookupOf, type TermTree } from './term-lookup.ts';
import type { FieldPostings } from './first-stage.ts';

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

function tree() {
  const index = createIndex(BODIES.map((body, id) => ({ id, title: '', aliases: '', tags: '', headings: '', body })));
  return { index, tree: termMapOf(index) as unknown as TermTree };
}

/** An answer in a comparable form: terms in order, with their distance and whether the postings are the same object. */
function fuzzy(lookup: Pick<TermTree, 'fuzzyGet'>, term: string, d: number, reference: Map<string, [FieldPostings, number]>) {
  const mine = lookup.fuzzyGet(term, d);
  return [...mine].map(([t, [postings, distance]]) => [t, distance, postings === reference.get(t)?.[0]]);
}

test('typo lookups give the tree’s terms, distances, postings and order, for every term and a typo of each, at distances 1 to 3', () => {
  const { tree: t } = tree();
  const lookup = termLookupOf(t);
  const queries = new Set<string>();
  for (const [term] of t) {
    queries.add(term);
    queries.add(`${term}x`);
    queries.add(term.slice(1));
    if (term.length > 2) queries.add(term.slice(0, 1) + term.slice(2));
  }
  for (const extra of ['handshak', 'timout', 'raect', 'usestaet', 'redi', '', 'a', 'ab', 'xyzxyz', '렌더', 'caf', 'наши']) queries.add(extra);
  let compared = 0;
  for (const q of queries) {
    for (const d of [1, 2, 3]) {
      const reference = t.fuzzyGet(q, d);
      expect(fuzzy(lookup, q, d, reference), `${q} ~${d}`).toEqual([...reference].map(([term, [, distance]]) => [term, distance, true]));
      compared += reference.size;
    }
  }
  expect(compared).toBeGreaterThan(1000);
});

test('prefix lookups give the tree’s terms and postings in its order, for every prefix of every term', () => {
  const { tree: t } = tree();
  const lookup = termLookupOf(t);
  const prefixes = new Set<string>(['', 'zz', '가', '𠀀']);
  for (const [term] of t) for (let end = 1; end <= term.length; end++) prefixes.add(term.slice(0, end));
  for (const p of prefixes) {
    const reference = [...t.atPrefix(p)];
    expect(
      [...lookup.atPrefix(p)].map(([term, postings]) => [term, postings === reference.find(([r]) => r === term)?.[1]]),
      p,
    ).toEqual(reference.map(([term]) => [term, true]));
  }
});

test('exact lookups give the tree’s postings objects, and nothing for a term it lacks', () => {
  const { tree: t } = tree();
  const lookup = termLookupOf(t);
  for (const [term, postings] of t) expect(lookup.get(term)).toBe(postings);
  expect(lookup.get('nosuchterm')).toBeUndefined();
});

test('a prepared index ranks exactly as the tree does, scores bit for bit', () => {
  const queries = ['handshak timout', 'rendr reactiv', 'usestaet 렌더링', 'webhok retri redis', 'café naive', 'serch indx config'];
  const before = (() => {
    const { index } = tree();
    return queries.map((q) => queryDocuments(index, q).map((m) => [m.doc, m.score, [...m.terms].sort()]));
  })();
  const { index } = tree();
  prepareTermLookup(index);
  expect(queries.map((q) => queryDocuments(index, q).map((m) => [m.doc, m.score, [...m.terms].sort()]))).toEqual(before);
  expect(before.every((matches) => matches.length > 0)).toBe(true);
});

test('an index without MiniSearch’s term map is refused with a message naming the module', () => {
  expect(() => prepareTermLookup({} as never)).toThrow(
    'MiniSearch no longer keeps its index state where src/lib/search/contract.ts expects it (prepareTermLookup); update it with the upgrade.',
  );
});

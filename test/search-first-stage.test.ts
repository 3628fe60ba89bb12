// The first stage (src/lib/search/first-stage.ts) must score exactly as MiniSearch.search did: same documents,
// bit-identical scores, same matched terms. It is compared here with MiniSearch itself on a real corpus.
import { readFileSync } from 'node:fs';
import { corpus } from './helpers/corpora.ts';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { buildWikiSearch } from '../scripts/lib/eval-corpus.ts';
import { GENERATED_QUERIES } from '../scripts/lib/generate-corpus.ts';
import {
  DERIVED_WEIGHT,
  EXPANSION_WEIGHT,
  fuzzyFor,
  prefixFor,
  prepareTermLookup,
  queryAll,
  queryBest,
  queryDocuments,
  loadMiniSearch,
  type DocumentMatch,
  type SearchIndex,
} from '../src/lib/search/contract.ts';
import SearchableMap from 'minisearch/SearchableMap';
import { EvalSetSchema } from '../src/lib/search/evaluate.ts';
import { expandQuery } from '../src/lib/search/expand.ts';
import { queryWords } from '../src/lib/search/coverage.ts';
import type { LoadedSearch } from '../src/lib/search/index-load.ts';
import { derivedQueryTerms, isMarkedTerm, tokenize } from '../src/lib/search/tokenize.ts';
import { ROOT } from './helpers/astro.ts';
import type { IndexEnvelope } from '../src/lib/search/index-schema.ts';
import { countInSection, decodeSectionPostings, indexSectionPostings, scanSectionPostings } from '../src/lib/search/section-postings.ts';
import { documentText, sectionTexts, snippetText } from '../src/lib/search/snippet.ts';
import { jamoNeighbourIndex, scanJamoNeighbours } from '../src/lib/search/jamo-neighbours.ts';
import { stripFrontmatter } from '../src/lib/wiki/frontmatter-fence.ts';
import { WARM_QUERIES } from '../src/lib/search/search.ts';
import { nthLargest } from '../src/lib/search/first-stage.ts';

const CORPUS = corpus('ko-react-docs');

/**
 * MiniSearch holding the same postings as a loaded search (through its public `loadJS`), for comparing with its `search`.
 * Its tree iterates the terms in another order than the one the build's MiniSearch listed them in (the first stage's),
 * which changes the order a prefix or typo query's scores are summed in: scores agree to 12 significant digits.
 */
/** MiniSearch's own index (only contract.ts imports minisearch). */
type MiniSearch = ReturnType<typeof loadMiniSearch>;

function miniSearchOf(files: Map<string, string>, index: SearchIndex): MiniSearch {
  const envelope = JSON.parse(files.get('_wiki/search-index.json')!) as IndexEnvelope;
  const entries = [...index.terms].map(([term, postings]): [string, Record<string, Record<string, number>>] => [
    term,
    Object.fromEntries(
      index.fields.flatMap(({ id }) => {
        const docs = postings.get(id);
        return docs?.size ? [[id, Object.fromEntries(docs)]] : [];
      }),
    ),
  ]);
  return loadMiniSearch({ ...envelope.index, index: entries });
}

/** What queryDocuments did before the first stage: MiniSearch.search with the contract's per-term options. */
function miniSearchReference(index: MiniSearch, query: string, expansion: string): DocumentMatch[] {
  // Stems and identifier words of what was typed are matched exactly and weigh DERIVED_WEIGHT; an expansion brings no stems.
  const derived = derivedQueryTerms(query);
  const typed = new Set(tokenize(query).filter((t) => !derived.has(t)));
  const terms = [...tokenize(query), ...(expansion ? tokenize(expansion).filter((t) => !isMarkedTerm(t)) : [])];
  const boostTerm = (term: string) => (typed.has(term) ? 1 : derived.has(term) ? DERIVED_WEIGHT : EXPANSION_WEIGHT);
  const prefix = (term: string) => typed.has(term) && prefixFor(term);
  const fuzzy = (term: string) => (typed.has(term) ? fuzzyFor(term) : false);
  return index
    .search(query, { tokenize: () => terms, boostTerm, prefix, fuzzy })
    .map((r) => ({ doc: Number(r.id), score: r.score, terms: r.terms, queryTerms: r.queryTerms }));
}

/** Comparable form: sorted by score then position (MiniSearch breaks ties by insertion order), term lists as sorted sets. */
function normalised(matches: readonly DocumentMatch[], digits?: number) {
  return [...matches]
    .sort((a, b) => b.score - a.score || a.doc - b.doc)
    .map((m) => ({
      doc: m.doc,
      score: digits ? Number(m.score.toPrecision(digits)) : m.score,
      terms: [...m.terms].sort(),
      queryTerms: [...m.queryTerms].sort(),
    }));
}

let reference: MiniSearch | undefined;

function compare(search: LoadedSearch, query: string): number {
  const expansion = expandQuery(query, queryWords(query), search.matcher, search.spellings).text;
  const mine = queryDocuments(search.index, query, expansion);
  reference ??= miniSearchOf(koReactBuilt().files, search.index);
  const theirs = miniSearchReference(reference, query, expansion);
  expect(normalised(mine, 12), query).toEqual(normalised(theirs, 12));
  // Already best first, ties by position, as rankDocuments expects.
  expect(mine.map((m) => m.doc)).toEqual(normalised(mine).map((m) => m.doc));
  return mine.length;
}

/** ko-react-docs' artifacts and loaded index, made once for both groups below (seconds of work each time). */
let koReact: ReturnType<typeof buildWikiSearch> | undefined;
const koReactBuilt = () => (koReact ??= buildWikiSearch(CORPUS));

describe('first stage against MiniSearch.search on ko-react-docs', () => {
  let search: LoadedSearch;
  beforeAll(() => {
    search = koReactBuilt().search;
  });

  test('every eval query, the generated-corpus queries and prefix, typo, repeated and stop-word queries: identical answers', () => {
    const set = EvalSetSchema.parse(JSON.parse(readFileSync(resolve(ROOT, 'test/fixtures/eval/ko-react-docs.queries.json'), 'utf8')));
    const extra = ['usestat', 'componnt rendr', 'suspense boundary fallback', '상태 상태 상태', '어떻게 하는 방법', 'useEffect 의존성 배열', 'a', 'ref'];
    const queries = [...set.queries.map((q) => q.q), ...GENERATED_QUERIES, ...extra];
    const counts = queries.map((q) => compare(search, q));
    // The comparison must have had something to compare: most queries match many documents.
    expect(counts.filter((n) => n >= 20).length).toBeGreaterThan(queries.length / 2);
  });

  test('with the term tables a server prepares, the same queries give the same answers', () => {
    const queries = [...GENERATED_QUERIES, 'usestat', 'componnt rendr', 'suspense boundary fallback', 'useEffect 의존성 배열', 'ref'];
    const before = queries.map((q) => queryDocuments(search.index, q, ''));
    prepareTermLookup(search.index);
    expect(queries.map((q) => queryDocuments(search.index, q, ''))).toEqual(before);
    for (const q of queries) compare(search, q);
  });

  test('queryAll intersects exactly as MiniSearch AND did, for single terms, pairs, words that tokenize to several terms and stop words', () => {
    const cases = [['컴포'], ['컴포', '넌트'], ['state', '상태'], ['usestate'], ['렌더링'], ['컴포', '어떻'], [], ['없는말xyz'], ['effect', 'cleanup', '정리']];
    for (const terms of cases) {
      reference ??= miniSearchOf(koReactBuilt().files, search.index);
      const theirs = reference.search({ combineWith: 'AND', queries: [...terms] }, { prefix: false, fuzzy: false }).map((r) => Number(r.id));
      expect(
        queryAll(search.index, terms).sort((a, b) => a - b),
        terms.join(' '),
      ).toEqual(theirs.sort((a, b) => a - b));
    }
    expect(queryAll(search.index, ['컴포']).length).toBeGreaterThan(10);
  });

  test('cut to the best N (after a filter), the same documents, scores and order as the whole ranking, and the full count', () => {
    const queries = [...GENERATED_QUERIES, '컴포넌트', '상태', 'useEffect 의존성 배열', 'componnt rendr', 'ref'];
    const inReference = (doc: number) => doc % 3 !== 0;
    let cut = 0;
    for (const q of queries) {
      const all = queryDocuments(search.index, q, '');
      for (const limit of [0, 1, 10, 50]) {
        const best = queryBest(search.index, q, '', { limit });
        expect(best.total, q).toBe(all.length);
        expect(normalised(best.documents), `${q} / ${limit}`).toEqual(normalised(all.slice(0, limit)));
        expect(best.documents.map((m) => m.doc)).toEqual(all.slice(0, limit).map((m) => m.doc));
        if (all.length > limit) cut++;
      }
      const kept = all.filter((m) => inReference(m.doc));
      const filtered = queryBest(search.index, q, '', { limit: 10, accept: inReference });
      expect(filtered.total, q).toBe(kept.length);
      expect(filtered.documents.map((m) => [m.doc, m.score])).toEqual(kept.slice(0, 10).map((m) => [m.doc, m.score]));
    }
    // Most of these queries match more than 50 documents: the cut was exercised, not skipped.
    expect(cut).toBeGreaterThan(queries.length * 3);
  });

  test('nthLargest finds the n-th largest value, with ties and in any order', () => {
    const values = [5, 1, 4, 4, 9, 2, 4, 8, 7, 3];
    const sorted = [...values].sort((a, b) => b - a);
    for (let n = 1; n <= values.length; n++) expect(nthLargest(Float64Array.from(values), n), `n = ${n}`).toBe(sorted[n - 1]);
    expect(nthLargest(Float64Array.from([2, 2, 2, 2]), 3)).toBe(2);
    expect(nthLargest(Float64Array.from([0.1 + 0.2, 0.3]), 1)).toBe(0.1 + 0.2);
  });

  test('a query of stop words only, or of nothing indexable, matches nothing', () => {
    expect(queryDocuments(search.index, '어떻게', '')).toEqual([]);
    expect(queryDocuments(search.index, '!!! ...', '')).toEqual([]);
  });

  test('the prepared term tables answer typo and prefix lookups as MiniSearch’s radix tree does, in the order the terms were listed, for every fifth Latin term of the index and a typo of each', () => {
    const terms = search.index.terms;
    terms.prepare();
    const tree = new SearchableMap<number>();
    const rank = new Map<string, number>();
    for (const [term] of terms) {
      rank.set(term, rank.size);
      tree.set(term, rank.get(term)!);
    }
    const byTerm = <T>(entries: Iterable<[string, T]>) => [...entries].sort(([a], [b]) => (a < b ? -1 : 1));
    let compared = 0;
    let n = 0;
    for (const [term] of terms) {
      // Every fifth Latin term: the tree's typo lookups are what make this test slow.
      if (!/^[a-z]{3,}/.test(term) || n++ % 5) continue;
      for (const q of [term, `${term.slice(0, 1)}${term.slice(2)}`]) {
        for (const d of [1, 2]) {
          const mine = [...terms.fuzzyGet(q, d)].map(([t, [postings, distance]]): [string, [boolean, number]] => [t, [postings === terms.get(t), distance]]);
          const theirs = [...tree.fuzzyGet(q, d)].map(([t, [, distance]]): [string, [boolean, number]] => [t, [true, distance]]);
          expect(byTerm(mine), `${q} ~${d}`).toEqual(byTerm(theirs));
          // Latest listed first, as MiniSearch's walk gives them for the index the build made.
          expect(mine.map(([t]) => rank.get(t)!)).toEqual(mine.map(([t]) => rank.get(t)!).sort((a, b) => b - a));
          compared += theirs.length;
        }
      }
      const prefixed = [...terms.atPrefix(term)].map(([t]) => t);
      expect([...prefixed].sort(), term).toEqual([...tree.atPrefix(term).keys()].sort());
      expect(prefixed.map((t) => rank.get(t)!)).toEqual(prefixed.map((t) => rank.get(t)!).sort((a, b) => a - b));
    }
    expect(compared).toBeGreaterThan(1000);
  });
});

test('the warm-up probes share no term with the benchmark queries, so the benchmark meets its own terms cold', () => {
  const probed = new Set(WARM_QUERIES.flatMap((q) => queryWords(q).flatMap((w) => w.terms)));
  expect(GENERATED_QUERIES.flatMap((q) => queryWords(q).flatMap((w) => w.terms)).filter((t) => probed.has(t))).toEqual([]);
  expect(probed.size).toBeGreaterThan(20);
});

/** snippetText as it was written before its steps were skipped when they cannot match: the reference the fast one must equal. */
function referenceSnippetText(markdown: string): string {
  const spans: string[] = [];
  return stripFrontmatter(markdown)
    .replace(/^(```|~~~)[\s\S]*?^\1[^\n]*$/gm, ' ')
    .replace(/(`+)(?!`)([^\n]*?[^`\n])\1(?!`)/g, (_m, _ticks: string, code: string) => `\uE000${spans.push(code.trim()) - 1}\uE001`)
    .replace(/<[^>\n]+>/g, ' ')
    .replace(/^[ \t]*\[[^\]\n]+\]:\s+\S+.*$/gm, ' ')
    .replace(/!\[((?:[^[\]]|\[[^[\]]*\])*)\]\([^)[]*\)/g, '$1')
    .replace(/\[\[([^[\]|#\n]+)(?:#[^[\]|\n]*)?(?:\|([^[\]\n]+))?\]\]/g, (_m, id: string, label?: string) => label ?? id)
    .replace(/\[((?:[^[\]]|\[[^[\]]*\])*)\]\([^)[]*\)/g, '$1')
    .replace(/\[([^[\]]+)\]\[[^[\]]*\]/g, '$1')
    .replace(/\bhttps?:\/\/[^\s)>\]]+/g, ' ')
    .replace(/^[ \t]*>?[ \t]*\[!\w+\][+-]?/gm, ' ')
    .replace(/^[ \t]*:{3,}(?:[ \t]*[A-Za-z][\w-]*)?(?:\[([^\]\n]*)\])?/gm, '$1 ')
    .replace(/^[ \t]*[!?]{3}\+?[ \t]+[A-Za-z][\w-]*/gm, ' ')
    .replace(/^[ \t]*\|?(?:[ \t]*:?-{3,}:?[ \t]*\|)+[ \t]*:?-*:?[ \t]*$/gm, ' ')
    .replace(/^[ \t]*(?:[-*_][ \t]*){3,}$/gm, ' ')
    .replace(/^#{1,6}\s+/gm, '')
    .replace(/^[ \t]*(?:>\s*)+/gm, '')
    .replace(/^[ \t]*(?:[-*+]|\d+\.)\s+(?:\[[ xX]\]\s+)?/gm, '')
    .replace(/[*`~]+/g, '')
    .replace(/\|/g, ' ')
    .replace(/(?<=^|[\s(["'])_+(?=\S)|(?<=\S)_+(?=$|[\s)\]"'.,!?:;])/gmu, '')
    .replace(/\s+/g, ' ')
    .replace(/ ([.,!?:;)])(?=[\s.,!?:;)]|$)/g, '$1')
    .replace(/\uE000(\d+)\uE001/g, (_m, i: string) => spans[Number(i)]!)
    .trim();
}

/** The section postings format decoded the obvious way: document → flat [section, count, …]. */
function referenceSectionPostings(encoded: string): Map<number, number[]> {
  const out = new Map<number, number[]>();
  let doc = 0;
  for (const entry of encoded.split(',')) {
    const [gap, sections] = entry.split(':') as [string, string];
    doc += parseInt(gap, 36);
    let section = 0;
    out.set(
      doc,
      sections.split('/').flatMap((part) => {
        const [s, n = '1'] = part.split('*') as [string, string?];
        section += parseInt(s, 36);
        return [section, parseInt(n, 36)];
      }),
    );
  }
  return out;
}

// What the server keeps or reads lazily must equal what a full, eager computation gives, on a real corpus.
describe('lazy and cached search data equal the eager computation on ko-react-docs', () => {
  let files: Map<string, string>;
  let envelope: IndexEnvelope;
  beforeAll(() => {
    files = koReactBuilt().files;
    envelope = JSON.parse(files.get('_wiki/search-index.json')!) as IndexEnvelope;
  });

  test('section counts read lazily from each line equal a plain decode of it (split at commas and slashes), for every term', () => {
    let entries = 0;
    scanSectionPostings(envelope.sectionPostings, (term, encoded) => {
      const lazy = indexSectionPostings(encoded, term);
      const eager = referenceSectionPostings(encoded);
      expect(lazy.size, term).toBe(eager.size);
      expect(decodeSectionPostings(encoded, term).entries()).toEqual(eager);
      expect([...lazy.documents()]).toEqual([...eager.keys()]);
      expect([...lazy.totals()]).toEqual([...eager.values()].map((flat) => flat.filter((_, i) => i % 2).reduce((a, b) => a + b, 0)));
      for (const [doc, flat] of eager) {
        const entry = lazy.find(doc);
        expect(lazy.documentAt(entry)).toBe(doc);
        expect(lazy.sectionsAt(entry), term).toEqual(flat);
        expect(lazy.totalAt(entry)).toBe(flat.filter((_, i) => i % 2).reduce((a, b) => a + b, 0));
        for (let i = 0; i < flat.length; i += 2) expect(countInSection(lazy, doc, flat[i]!)).toBe(flat[i + 1]);
        entries++;
      }
      expect(lazy.find(-1)).toBe(-1);
    });
    expect(entries).toBeGreaterThan(50_000);
  });

  test('snippet texts equal the unshortened cleaning on every document and every section, whole and read lazily', () => {
    const documents = envelope.documents;
    let sections = 0;
    for (const d of documents) {
      const markdown = files.get(`_wiki/docs/${d.id}.md`)!;
      expect(snippetText(markdown), d.id).toBe(referenceSnippetText(markdown));
      const eager = documentText(d, markdown);
      const lazy = sectionTexts(d, markdown);
      // Read back to front: a lazy text cut out of order must still be its own section's.
      for (let i = d.sections.length - 1; i >= 0; i--) expect(lazy.at(i), `${d.id} section ${i}`).toBe(eager[i]);
      expect(lazy.at(d.sections.length)).toBeUndefined();
      expect(sectionTexts(d, markdown)).toBe(lazy);
      sections += d.sections.length;
    }
    expect(sections).toBeGreaterThan(2000);
  });

  test('bigrams one jamo away by lookup equal the scan over the vocabulary, for every one-jamo variant of sampled index bigrams', () => {
    const vocabulary: string[] = [];
    scanSectionPostings(envelope.sectionPostings, (term) => {
      if (/^\p{Script=Hangul}{2}$/u.test(term)) vocabulary.push(term);
    });
    expect(vocabulary.length).toBeGreaterThan(3000);
    // Lone jamo and a repeated bigram: the scan's own arithmetic and multiplicity must come through the lookup as well.
    const bigrams = [...vocabulary, 'ㄱㄴ', 'ᄀ가', vocabulary[7]!, '탐색'];
    const lookup = jamoNeighbourIndex(bigrams);
    const variants = (gram: string) => {
      const out: string[] = [];
      for (let i = 0; i < 2; i++) {
        const c = gram.charCodeAt(i) - 0xac00;
        const [initial, vowel, final] = [Math.floor(c / 588), Math.floor(c / 28) % 21, c % 28];
        const syllables = [
          ...Array.from({ length: 19 }, (_, x) => x * 588 + vowel * 28 + final),
          ...Array.from({ length: 21 }, (_, x) => initial * 588 + x * 28 + final),
          ...Array.from({ length: 28 }, (_, x) => initial * 588 + vowel * 28 + x),
        ];
        for (const s of syllables) out.push(i ? gram[0]! + String.fromCharCode(0xac00 + s) : String.fromCharCode(0xac00 + s) + gram[1]!);
      }
      return out;
    };
    let compared = 0;
    let found = 0;
    for (let k = 0; k < vocabulary.length; k += Math.ceil(vocabulary.length / 60)) {
      for (const gram of variants(vocabulary[k]!)) {
        const expected = scanJamoNeighbours(gram, bigrams);
        expect(lookup(gram), gram).toEqual(expected);
        compared++;
        found += expected.length;
      }
    }
    for (const gram of ['탐삭', '가ㄱ', 'ab', '가', '가나다']) expect(lookup(gram), gram).toEqual(scanJamoNeighbours(gram, bigrams));
    expect(lookup('탐삭')).toContain('탐색');
    expect(compared).toBeGreaterThan(7000);
    expect(found).toBeGreaterThan(compared);
  });
});

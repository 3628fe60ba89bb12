// Every word a search reports as matched is in the hit's text (the Markdown read_knowledge returns), or the hit names
// the spelling its text has: checked with fast-check over generated queries and over the real query sets, on the
// example wiki and on each shared corpus (beside the repository, or the copy in test/corpora).
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { corpusRoot } from '../scripts/lib/corpus-root.ts';
import { buildWikiSearch } from '../scripts/lib/eval-corpus.ts';
import { searchSync, type SearchResult } from '../src/lib/search/search.ts';

const ROOT = resolve(import.meta.dirname, '..');
const corpora = [
  ['example-wiki', resolve(ROOT, 'content')],
  ...['ko-react-docs', 'ko-vue-docs', 'ko-cs-study'].map((name) => [name, corpusRoot(name, ROOT)]),
] as [string, string][];

/** The words a result reports that its hits' texts do not back: `id: term (as …)` for each. */
function untrue(result: SearchResult, textOf: (id: string) => string): string[] {
  const out: string[] = [];
  for (const hit of result.hits) {
    const text = textOf(hit.document.id).normalize('NFKC').toLowerCase();
    const spelled = new Map((hit.spelledAs ?? []).map((s) => [s.term, s.as]));
    for (const term of hit.matchedTerms) {
      const said = (spelled.get(term) ?? term).normalize('NFKC').toLowerCase();
      if (!said.split(/\s+/).every((piece) => text.includes(piece))) out.push(`${hit.document.id}: ${term}${spelled.has(term) ? ` (as ${said})` : ''}`);
    }
  }
  return out;
}

/** Queries of the set files that name this corpus (labelled halves, off-topic lists, the project's own sets). */
function realQueries(name: string): string[] {
  const sets = [
    'blind/example-wiki',
    'blind/ko-cs-study',
    'blind/ko-react-docs-fresh',
    'blind/ko-react-docs-b',
    'blind/ko-vue-docs',
    'ko-react-docs',
    'example-wiki',
  ]
    .flatMap((base) => ['.dev.json', '.heldout.json', '.offtopic.json', '.queries.json'].map((ext) => resolve(ROOT, 'test/fixtures/eval', base + ext)))
    .filter(existsSync);
  const out: string[] = [];
  for (const file of sets) {
    const set = JSON.parse(readFileSync(file, 'utf8')) as { corpus: string; queries: (string | { q: string })[] };
    const corpus = set.corpus === 'ko-react-docs-fresh' ? 'ko-react-docs' : set.corpus;
    if (corpus === name) out.push(...set.queries.map((q) => (typeof q === 'string' ? q : q.q)));
  }
  return out;
}

describe.each(corpora)('%s: matched words are in the hit', (name, dir) => {
  const { wiki, search, markdownOf } = buildWikiSearch(dir);
  const byId = new Map(search.documents.map((d) => [d.id, d]));
  const textOf = (id: string) => markdownOf(byId.get(id)!) ?? '';
  const run = (q: string, also: string[] = []) => searchSync(search, q, { limit: 10, also, hitTextOf: markdownOf });
  // Words of the corpus itself (so that queries hit), Hangul runs and identifiers among them.
  const words = [
    ...new Set(wiki.documents.flatMap((d) => d.source.markdown.sections.flatMap((s) => s.text.split(/\s+/).filter((w) => /^[\p{L}\p{N}_.-]{2,16}$/u.test(w))))),
  ].slice(0, 4000);

  test('the real queries, alone and with each other as phrasings', () => {
    const queries = realQueries(name);
    expect(queries.length).toBeGreaterThan(19);
    const bad = queries.flatMap((q, i) => [...untrue(run(q), textOf), ...untrue(run(q, [queries[(i + 1) % queries.length]!]), textOf)]);
    expect(bad).toEqual([]);
  });

  test('generated queries: corpus words, syllable soup, typos, identifiers', () => {
    const syllable = fc.integer({ min: 0xac00, max: 0xd7a3 }).map((c) => String.fromCharCode(c));
    const word = fc.oneof(
      fc.constantFrom(...words),
      fc.array(syllable, { minLength: 2, maxLength: 5 }).map((s) => s.join('')),
      fc.constantFrom(...words).chain((w) => fc.nat(w.length).map((i) => w.slice(0, i) + w.slice(i + 1))),
      fc
        .array(fc.constantFrom('use', 'State', 'Effect', 'camel', 'Case', 'HTML', 'Element', 'render', 'ing', 'tion'), { minLength: 1, maxLength: 3 })
        .map((p) => p.join('')),
    );
    const query = fc.array(word, { minLength: 1, maxLength: 4 }).map((ws) => ws.join(' '));
    fc.assert(
      fc.property(query, fc.array(query, { maxLength: 2 }), (q, also) => {
        expect(untrue(run(q, also), textOf)).toEqual([]);
      }),
      { numRuns: 150, seed: 39 },
    );
  });
});

import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { baselineDocuments, buildWikiSearch } from '../scripts/lib/eval-corpus.ts';
import { seedBaselineSearch } from '../bench/baseline.ts';
import { evaluate, EvalSetSchema } from '../src/lib/search/evaluate.ts';
import { searchDocuments } from '../src/lib/search/search.ts';
import { ROOT } from './helpers/astro.ts';

const CORPUS = resolve(ROOT, '../shared/corpora/ko-react-docs');

describe.runIf(existsSync(CORPUS))('search quality floor on ko-react-docs (npm run eval:search)', () => {
  const set = EvalSetSchema.parse(JSON.parse(readFileSync(resolve(ROOT, 'test/fixtures/eval/ko-react-docs.queries.json'), 'utf8')));
  let maru: ReturnType<typeof evaluate>;
  let seed: ReturnType<typeof evaluate>;
  // In beforeAll, not at collection: a skipped describe still collects, and the corpus may be absent.
  beforeAll(() => {
    const { wiki, search, markdownOf } = buildWikiSearch(CORPUS);
    maru = evaluate(set.queries, (q) => ({ ids: searchDocuments(search, q, {}, 10, markdownOf).map((h) => h.document.id) }));
    const docs = baselineDocuments(wiki);
    seed = evaluate(set.queries, (q) => ({ ids: seedBaselineSearch(docs, q, 10).map((r) => r.id) }));
  });

  test('the labelled set has at least 50 queries of every kind', () => {
    expect(set.queries.length).toBeGreaterThanOrEqual(50);
    expect(Object.keys(maru.byKind).sort()).toEqual(['english', 'keyword', 'mixed', 'paraphrase', 'question', 'section', 'spacing', 'typo']);
  });

  // Floors sit just under today's figures (MRR@10 0.912, recall@1 0.889, recall@5 0.939) so a regression fails loudly.
  // Recall@5 was 0.970 with one index unit per section; three paraphrase queries now rank their page
  // beyond the 20 documents whose sections are scored (see bench/results.md).
  test('Maru holds its floor', () => {
    expect(maru.overall.mrr10).toBeGreaterThanOrEqual(0.9);
    expect(maru.overall.recall1).toBeGreaterThanOrEqual(0.88);
    expect(maru.overall.recall5).toBeGreaterThanOrEqual(0.93);
    expect(maru.byKind.spacing!.mrr10).toBeGreaterThanOrEqual(0.95);
    expect(maru.byKind.typo!.mrr10).toBeGreaterThanOrEqual(0.9);
  });

  test('and beats the seed scorer by a wide margin', () => {
    expect(maru.overall.mrr10 - seed.overall.mrr10).toBeGreaterThanOrEqual(0.15);
    expect(seed.byKind.spacing!.mrr10).toBeLessThan(0.2);
  });
});

describe('aliases and the glossary on the example wiki (queries written without seeing either)', () => {
  const set = EvalSetSchema.parse(JSON.parse(readFileSync(resolve(ROOT, 'test/fixtures/eval/example-wiki.queries.json'), 'utf8')));
  const run = (keep: { glossary: boolean; aliases: boolean }) => {
    const { search, markdownOf } = buildWikiSearch(resolve(ROOT, 'content'), keep);
    return evaluate(set.queries, (q) => ({ ids: searchDocuments(search, q, {}, 10, markdownOf).map((h) => h.document.id) })).byKind;
  };

  test('each of them improves paraphrase queries, and keyword queries stay where they were', () => {
    const all = run({ glossary: true, aliases: true });
    const noGlossary = run({ glossary: false, aliases: true });
    const neither = run({ glossary: false, aliases: false });
    expect(all.paraphrase!.mrr10).toBeGreaterThan(noGlossary.paraphrase!.mrr10);
    expect(noGlossary.paraphrase!.mrr10).toBeGreaterThan(neither.paraphrase!.mrr10);
    expect(all.keyword!.mrr10).toBe(neither.keyword!.mrr10);
  });
});

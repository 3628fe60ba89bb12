// Prints recall@1, recall@5 and MRR@10 per query kind for Maru's search and the seed's scorer, side by side.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { buildWikiSearch, baselineDocuments } from './lib/eval-corpus.ts';
import { seedBaselineSearch } from '../bench/baseline.ts';
import { evaluate, EvalSetSchema, type Metrics } from '../src/lib/search/evaluate.ts';
import { searchDocuments } from '../src/lib/search/search.ts';

// npm run eval:search [-- <queries.json>] [--content <dir>] [--no-glossary] [--no-aliases] [--misses] [--json]
const { values, positionals } = parseArgs({ allowPositionals: true, options: { content: { type: 'string' }, 'no-glossary': { type: 'boolean', default: false }, 'no-aliases': { type: 'boolean', default: false }, misses: { type: 'boolean', default: false }, json: { type: 'boolean', default: false } } });
const corpus = resolve(values.content ?? process.env.EVAL_CORPUS ?? '../shared/corpora/ko-react-docs');
const set = EvalSetSchema.parse(JSON.parse(readFileSync(resolve(positionals[0] ?? 'test/fixtures/eval/ko-react-docs.queries.json'), 'utf8')));
const { wiki, search, markdownOf } = buildWikiSearch(corpus, { glossary: !values['no-glossary'], aliases: !values['no-aliases'] });
const maru = evaluate(set.queries, (q) => {
  const hits = searchDocuments(search, q, {}, 10, markdownOf);
  return { ids: hits.map((h) => h.document.id), sections: new Map(hits.map((h) => [h.document.id, h.section.anchor])) };
});
const docs = baselineDocuments(wiki);
const seed = evaluate(set.queries, (q) => ({ ids: seedBaselineSearch(docs, q, 10).map((r) => r.id) }));

const fmt = (m: Metrics) => `${m.recall1.toFixed(3)} | ${m.recall5.toFixed(3)} | ${m.mrr10.toFixed(3)}`;
const ablated = [values['no-glossary'] && 'without glossary synonyms', values['no-aliases'] && 'without aliases'].filter(Boolean).join(', ');
console.log(`# Search evaluation: ${set.corpus} (${wiki.documents.length} documents, ${set.queries.length} queries)${ablated ? `, ${ablated}` : ''}\n`);
console.log('| kind | n | maru R@1 | maru R@5 | maru MRR@10 | seed R@1 | seed R@5 | seed MRR@10 |');
console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
for (const kind of Object.keys(maru.byKind)) console.log(`| ${kind} | ${maru.byKind[kind]!.count} | ${fmt(maru.byKind[kind]!)} | ${fmt(seed.byKind[kind]!)} |`);
console.log(`| **overall** | ${maru.overall.count} | ${fmt(maru.overall)} | ${fmt(seed.overall)} |`);
console.log(`\nSection accuracy (first hit points at the labelled heading): ${maru.overall.sectionAccuracy ?? 'n/a'}`);
if (values.misses) for (const m of maru.misses) console.log(`miss [${m.kind}] ${m.q} → ${m.got.join(', ')}`);
if (values.json) console.log(JSON.stringify({ maru: maru.overall, seed: seed.overall }));

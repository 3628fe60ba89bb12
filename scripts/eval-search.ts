// Prints recall@1, recall@5 and MRR@10 per query kind for Maru's search (and the seed's scorer) on labelled sets,
// and for off-topic lists how many queries come back empty or marked as not matching.
//
// npm run eval:search [-- <set.json>…] [--set <glob>]… [--content <dir>] [--no-glossary] [--no-aliases] [--misses] [--json]
//                     [--phrasings <dir>] [--fusion joined|rrf]
// `--misses` lists each labelled query whose answer is not first, with where the first stage ranked it.
// With `<set>.phrasings.json` beside a set (or in `--phrasings <dir>`), its queries are also run with those phrasings
// (a separate writer's rewrites of each query) as search_knowledge searches them (joined into one query), or, with
// `--fusion rrf`, each alone and fused by reciprocal rank (the baseline the joined ranking replaced).
//
// Sets name their corpus (`example-wiki` is ./content, `ko-react-docs-fresh` is ko-react-docs, any other name a folder of
// ../shared/corpora, or of test/corpora, the copy the repository carries, when ../shared is absent); `"labels": "paths"` sets label files by path, turned into ids by the build's own id rule.
// Held-out and off-topic sets print aggregates only: `--misses` never lists their queries.
import { existsSync, globSync, readFileSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { corpusRoot } from './lib/corpus-root.ts';
import { buildWikiSearch, baselineDocuments } from './lib/eval-corpus.ts';
import { seedBaselineSearch } from '../bench/baseline.ts';
import { evaluate, EvalSetSchema, type EvalQuery, type Metrics } from '../src/lib/search/evaluate.ts';
import { firstStageRank, parsePhrasings, runEvalQuery, type Fusion } from './lib/eval-run.ts';
import { SECTION_RANK_DEPTH } from '../src/lib/search/contract.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    set: { type: 'string', multiple: true, default: [] },
    content: { type: 'string' },
    'no-glossary': { type: 'boolean', default: false },
    'no-aliases': { type: 'boolean', default: false },
    misses: { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
    phrasings: { type: 'string' },
    fusion: { type: 'string', default: 'joined' },
  },
});

// Phrasings files sit beside their sets; a glob over a folder picks only the sets.
const files = [...positionals, ...values.set.flatMap((g) => (existsSync(g) ? [g] : globSync(g).sort()))].filter((f) => !f.endsWith('.phrasings.json'));
if (!files.length) files.push('test/fixtures/eval/ko-react-docs.queries.json');

const CORPORA: Record<string, string> = { 'example-wiki': 'content', 'ko-react-docs-fresh': corpusRoot('ko-react-docs') };
const corpusDir = (name: string) => resolve(values.content ?? process.env.EVAL_CORPUS ?? CORPORA[name] ?? corpusRoot(name));
const secret = (file: string) => /heldout|offtopic/.test(basename(file));
const fmt = (m: Metrics) => `${m.recall1.toFixed(3)} | ${m.recall5.toFixed(3)} | ${m.mrr10.toFixed(3)}`;
const summary: Record<string, unknown> = {};
const fusion = values.fusion as Fusion;
if (!['rrf', 'joined'].includes(fusion))
  throw new Error(`--fusion is ${String(values.fusion)}; use joined (what the search does) or rrf (each phrasing alone, fused by reciprocal rank).`);

/** The phrasings written for a set: `<set>.phrasings.json` in `--phrasings <dir>`, else beside the set. */
function phrasingsFor(file: string): Map<string, string[]> | undefined {
  const name = basename(file).replace(/\.json$/, '.phrasings.json');
  const path = values.phrasings ? resolve(values.phrasings, name) : resolve(dirname(file), name);
  return existsSync(path) ? parsePhrasings(JSON.parse(readFileSync(path, 'utf8'))) : undefined;
}

for (const file of files) {
  const raw = JSON.parse(readFileSync(resolve(file), 'utf8')) as { corpus: string; labels?: string; queries: unknown[] };
  const built = buildWikiSearch(corpusDir(raw.corpus), { glossary: !values['no-glossary'], aliases: !values['no-aliases'] });
  const { wiki, search, markdownOf } = built;
  if (raw.queries.every((q) => typeof q === 'string')) {
    // An off-topic list: nothing in the corpus answers these, so a good result is none at all, or one marked as weak.
    const rows = raw.queries.map((q) => runEvalQuery(search, q, markdownOf));
    const empty = rows.filter((r) => r.ids.length === 0).length;
    const none = rows.filter((r) => r.ids.length > 0 && r.match === 'none').length;
    const partial = rows.filter((r) => r.ids.length > 0 && r.match === 'partial').length;
    console.log(
      `# Off-topic: ${file} (${raw.corpus}, ${rows.length} queries)\n\nempty ${empty}, match "none" ${none}, "partial" ${partial}, "full" ${rows.length - empty - none - partial} — pass ${empty + none}/${rows.length} (empty or "none"); ${empty + none + partial}/${rows.length} not shown as a full match\n`,
    );
    summary[file] = { offtopic: rows.length, empty, none, partial };
    continue;
  }
  const byPath = new Map(wiki.documents.map((d) => [d.source.sourcePath as string, d.source.id]));
  const queries: EvalQuery[] = EvalSetSchema.parse(raw).queries.map((q) =>
    raw.labels === 'paths' ? { ...q, expected: q.expected.map((p) => byPath.get(p) ?? `(no document at ${p})`) } : q,
  );
  const unknown = queries.flatMap((q) => q.expected).filter((id) => id.startsWith('(no document'));
  if (unknown.length) console.error(`${file}: ${unknown.length} labels name no published document, e.g. ${unknown[0]}`);
  const full = new Map<string, number>();
  const maru = evaluate(queries, (q) => {
    const r = runEvalQuery(search, q, markdownOf);
    full.set(q, r.match === 'full' ? 1 : 0);
    return { ids: r.ids, sections: raw.labels === 'paths' ? r.headings : r.sections };
  });
  const docs = baselineDocuments(wiki);
  const seed = evaluate(queries, (q) => ({ ids: seedBaselineSearch(docs, q, 10).map((r) => r.id) }));
  const ablated = [values['no-glossary'] && 'without glossary synonyms', values['no-aliases'] && 'without aliases'].filter(Boolean).join(', ');
  console.log(`# Search evaluation: ${file} (${raw.corpus}, ${wiki.documents.length} documents, ${queries.length} queries)${ablated ? `, ${ablated}` : ''}\n`);
  console.log('| kind | n | maru R@1 | maru R@5 | maru MRR@10 | seed R@1 | seed R@5 | seed MRR@10 |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const kind of Object.keys(maru.byKind))
    console.log(`| ${kind} | ${maru.byKind[kind]!.count} | ${fmt(maru.byKind[kind]!)} | ${fmt(seed.byKind[kind]!)} |`);
  console.log(`| **overall** | ${maru.overall.count} | ${fmt(maru.overall)} | ${fmt(seed.overall)} |`);
  const fullShare = [...full.values()].reduce((a, b) => a + b, 0) / (full.size || 1);
  console.log(`\nSection accuracy: ${maru.overall.sectionAccuracy ?? 'n/a'}; results marked a full match: ${fullShare.toFixed(3)}\n`);
  summary[file] = { overall: maru.overall, byKind: maru.byKind, fullMatch: Math.round(fullShare * 1000) / 1000 };
  const phrasings = phrasingsFor(file);
  if (phrasings) {
    const missing = queries.filter((q) => !phrasings.has(q.q)).length;
    const fused = evaluate(queries, (q) => {
      const r = runEvalQuery(search, q, markdownOf, phrasings.get(q) ?? [], fusion);
      return { ids: r.ids, sections: raw.labels === 'paths' ? r.headings : r.sections };
    });
    console.log(
      `With phrasings (${{ rrf: 'each alone, fused by reciprocal rank', joined: 'joined into one query, as the search does' }[fusion]}${missing ? `, ${missing} queries without any` : ''}):\n`,
    );
    console.log('| kind | n | R@1 | R@5 | MRR@10 |');
    console.log('| --- | --- | --- | --- | --- |');
    for (const kind of Object.keys(fused.byKind)) console.log(`| ${kind} | ${fused.byKind[kind]!.count} | ${fmt(fused.byKind[kind]!)} |`);
    console.log(`| **overall** | ${fused.overall.count} | ${fmt(fused.overall)} |\n`);
    summary[file] = { ...(summary[file] as object), phrased: { fusion, overall: fused.overall, byKind: fused.byKind } };
  }
  if (values.misses && secret(file)) console.log('(misses of held-out sets are not listed)\n');
  else if (values.misses) {
    // Where the first stage had the answer: past the section stage's depth, the candidate pool lost it; inside, the ranking did.
    const expectedOf = new Map(queries.map((q) => [q.q, q.expected]));
    for (const m of maru.misses) {
      const first = firstStageRank(search, m.q, expectedOf.get(m.q) ?? []);
      const where = first === undefined ? 'not matched' : `#${first}${first > SECTION_RANK_DEPTH ? ', outside the pool' : ''}`;
      console.log(`miss [${m.kind}] ${m.q} → ${m.got.join(', ')} (first stage: ${where})`);
    }
  }
}
if (values.json) console.log(JSON.stringify(summary));

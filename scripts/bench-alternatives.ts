// Issue 6's two missing measurements, standalone: Maru's browser search against Pagefind, plain MiniSearch and the
// seed scorer in Chromium, and the share of `astro build` spent on `_wiki/*`. Prints a Markdown table.
//   node scripts/bench-alternatives.ts [--site DIR] [--content DIR] [--runs N] [--no-build-share] [--no-maru] [--json FILE]
// Without --site it measures the full build of --content that the build share makes (or, with --no-build-share,
// node_modules/.cache/maru-bench-site/dist, built from --content when missing). Content defaults to .tmp/corpus-1000.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { alternativesInBrowser, type AlternativeFigures, type Stats, type Transfer } from '../bench/alternatives.ts';
import { buildShare } from '../bench/build.ts';
import { browserSearch, buildSite, haveChromium, siteSearchCost } from '../bench/browser.ts';
import { GENERATED_QUERIES, writeCorpus } from './lib/generate-corpus.ts';
import { materialFromSharedCorpora } from './lib/material.ts';

const { values } = parseArgs({
  options: {
    site: { type: 'string' },
    content: { type: 'string', default: '.tmp/corpus-1000' },
    runs: { type: 'string', default: process.env.BENCH_RUNS ?? '3' },
    'no-build-share': { type: 'boolean', default: false },
    'no-maru': { type: 'boolean', default: false },
    json: { type: 'string' },
  },
});
const runs = Number(values.runs);
const content = resolve(values.content);
if (!haveChromium()) throw new Error('no Chromium at /usr/bin/chromium (set CHROMIUM_PATH)');
if (!values.site && !existsSync(join(content, 'ops'))) {
  const n = Number(/corpus-(\d+)/.exec(content)?.[1] ?? 1000);
  writeCorpus(content, n, materialFromSharedCorpora(), 1);
}

const share = values['no-build-share'] ? undefined : buildShare(content);
const site = values.site
  ? resolve(values.site)
  : share
    ? resolve('node_modules/.cache/maru-bench-build/full/dist')
    : resolve('node_modules/.cache/maru-bench-site/dist');
if (!existsSync(join(site, '_wiki', 'manifest.json'))) buildSite(content, site);

const alt = await alternativesInBrowser(site, GENERATED_QUERIES, { runs });
const maruRuns = [];
if (!values['no-maru']) for (let i = 0; i < runs; i++) maruRuns.push(await browserSearch(site, GENERATED_QUERIES));

const stats = (xs: number[]): Stats => {
  const s = [...xs].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))]!;
  return { median: at(0.5), p95: at(0.95), min: s[0]!, max: s[s.length - 1]! };
};
const maru = maruRuns.length
  ? (() => {
      const index = readFileSync(join(site, '_wiki', 'search-index.json'));
      return {
        firstMs: stats(maruRuns.map((r) => r.firstSearchMs)),
        perQuery: stats(maruRuns.flatMap((r) => r.perQueryMs)),
        fetchedKiB: maruRuns[0]!.fetchedKiB,
        fetchedGzipKiB: maruRuns[0]!.fetchedGzipKiB,
        indexKiB: Math.round(index.length / 1024),
        indexGzipKiB: Math.round(gzipSync(index).length / 1024),
      };
    })()
  : undefined;

const [pf, ms, seed] = alt.alternatives as [AlternativeFigures, AlternativeFigures, AlternativeFigures];
// Issue 13's budgets in the same run: what Maru's site transfers as `npm start` serves it (compressed), and keystroke latency.
const cost = values['no-maru'] ? undefined : await siteSearchCost(site, alt.queries.slice(0, 6), alt.queries.slice(6));
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(0.95 * xs.length)] ?? NaN;
const n0 = (x: number) => x.toFixed(0);
const n1 = (x: number) => x.toFixed(1);
const st = (s: Stats, d = 1) => `${s.median.toFixed(d)} (p95 ${s.p95.toFixed(d)})`;
const tr = (t: Transfer) => `${n0(t.rawKiB)} / ${n0(t.gzipKiB)} (code ${n0(t.codeKiB)} / ${n0(t.codeGzipKiB)}), ${t.requests} requests`;
const row = (what: string, m: string, f: (a: AlternativeFigures) => string) => `| ${what} | ${m} | ${f(pf)} | ${f(ms)} | ${f(seed)} |`;
const ratio = (a: number | undefined, b: number) => (a === undefined ? '–' : (a / b).toFixed(2));
const dataGzip = (t: Transfer) => t.gzipKiB - t.codeGzipKiB;

const md = [
  `# Search alternatives in Chromium: ${alt.documents} documents, ${alt.runs} run(s)`,
  '',
  `Measured ${new Date().toISOString().slice(0, 16)}Z on ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}; site ${site}.`,
  `Files served from 127.0.0.1 without compression, like \`npm start\`; gzip columns are what gzip would send. Maru is measured by bench/browser.ts through its search dialog (first search until the first result is shown; per query = \`maru:search\`, the search call alone; bytes = \`_wiki/*\` only). The alternatives are timed inside the page with performance.now(): first query = import the engine + fetch and load the index + ranked ids; per query = one awaited search call (Pagefind fetches index chunks inside it).`,
  '',
  '| what | Maru | Pagefind | plain MiniSearch (defaults) | seed substring scorer |',
  '| --- | --- | --- | --- | --- |',
  row(
    'index on disk raw / gzip, KiB (code excluded)',
    maru ? `${maru.indexKiB} / ${maru.indexGzipKiB}` : '–',
    (a) => `${n0(a.index.rawKiB)} / ${n0(a.index.gzipKiB)} (${a.index.files} files)`,
  ),
  row('engine code raw / gzip, KiB', '(site bundle)', (a) => `${n0(a.code.rawKiB)} / ${n0(a.code.gzipKiB)}`),
  row('building the index in Node, ms', '(see bench/results.md)', (a) => n0(a.buildMs)),
  row('first query (fetch + load + answer), ms', maru ? st(maru.firstMs, 0) : '–', (a) => st(a.firstQueryMs, 0)),
  row('fetched for the first query, KiB raw / gzip', maru ? `${maru.fetchedKiB} / ${maru.fetchedGzipKiB} (data only)` : '–', (a) => tr(a.firstQueryFetched)),
  row('fetched over the session (first query + typing), KiB raw / gzip', '–', (a) => tr(a.sessionFetched)),
  row(`per query while typing (${pf.prefixes} prefixes × ${alt.runs}), ms p50 (p95)`, maru ? st(maru.perQuery, 2) : '–', (a) => st(a.perQueryMs, 2)),
  row('Maru ÷ this: first query', '', (a) => ratio(maru?.firstMs.median, a.firstQueryMs.median)),
  row('Maru ÷ this: per-query p95', '', (a) => ratio(maru?.perQuery.p95, a.perQueryMs.p95)),
  row('Maru ÷ this: data fetched for the first query, gzip', '', (a) => ratio(maru?.fetchedGzipKiB, dataGzip(a.firstQueryFetched))),
  row('Maru ÷ this: index gzip', '', (a) => ratio(maru?.indexGzipKiB, a.index.gzipKiB)),
  '',
  ...(cost
    ? [
        '| issue 13 budget (Maru through `npm start`, compressed on the wire) | Maru | Pagefind (gzip, as measured above) |',
        '| --- | --- | --- |',
        `| first search: code, index and snippet data, KiB (budget 300) | ${n1(cost.firstSearchKiB)} | ${n0(pf.firstQueryFetched.gzipKiB)} ids only; ${n0(alt.pagefind.firstQueryWithTop10Fetched.gzipKiB)} with the top-10 fragments |`,
        `| five more queries together, KiB (budget 300) | ${n1(cost.moreQueriesKiB)} | ${n0(pf.sessionFetched.gzipKiB - pf.firstQueryFetched.gzipKiB)} (every prefix of the other queries) |`,
        `| keystroke → first results, ms p95 over ${cost.keystrokeMs.length} keystrokes (budget 50) | ${n1(p95(cost.keystrokeMs))} | per query p95 ${n1(pf.perQueryMs.p95)} |`,
        `| keystroke → final results with snippets, ms p95 | ${n1(p95(cost.keystrokeSettledMs))} | |`,
        '',
      ]
    : []),
  `Pagefind ${alt.pagefind.version}: languages ${alt.pagefind.languages.join(', ')}; whole bundle (UI included) ${n0(alt.pagefind.bundle.rawKiB)} / ${n0(alt.pagefind.bundle.gzipKiB)} KiB in ${alt.pagefind.bundle.files} files; first query with the top 10 results' fragments (title, URL, excerpt) ${st(alt.pagefind.firstQueryWithTop10Ms, 0)} ms, fetching ${tr(alt.pagefind.firstQueryWithTop10Fetched)}.`,
  '',
  '| matches per query | Pagefind | plain MiniSearch | seed scorer |',
  '| --- | --- | --- | --- |',
  ...alt.queries.map((q) => `| ${q} | ${pf.hits[q]} | ${ms.hits[q]} | ${seed.hits[q]} |`),
  '',
];
if (share) {
  md.push(
    `## Build time: \`astro build\` of ${content}`,
    '',
    '| what | ms |',
    '| --- | --- |',
    `| full build (pages + \`_wiki/*\`, llms*.txt, search index) | ${n0(share.fullMs)} |`,
    `| same pages without the artifacts (\`MARU_SKIP_ARTIFACTS=1\`; the wiki is still parsed for the pages) | ${n0(share.withoutArtifactsMs)} |`,
    `| ratio full ÷ without (target ≤ 1.5) | ${share.ratio.toFixed(2)} |`,
    `| share of the full build spent on the artifacts | ${n1((1 - share.withoutArtifactsMs / share.fullMs) * 100)} % |`,
    '',
  );
}
if (values.json) writeFileSync(values.json, `${JSON.stringify({ date: new Date().toISOString(), site, alternatives: alt, maru, share }, null, 2)}\n`);
console.log(md.join('\n'));

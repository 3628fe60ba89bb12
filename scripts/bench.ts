// npm run bench: what Maru's build and search cost at several sizes, against plain MiniSearch, in one run.
// Writes bench/results.md and bench/results.json. Figures are medians over repeated runs with p95 and min–max.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
// The baseline is MiniSearch with its defaults: besides the search contract, only benchmarks import it, on purpose.
import MiniSearch from 'minisearch';
import { toArtifacts } from '../src/lib/artifacts/emit.ts';
import { EvalSetSchema } from '../src/lib/search/evaluate.ts';
import { emitContext, loadWiki, siteConfig } from '../src/node/wiki-build.ts';
import { GENERATED_QUERIES, writeCorpus } from './lib/generate-corpus.ts';
import { materialFromSharedCorpora } from './lib/material.ts';
import { evalQueries, serverBench, serverBenchOptions, serverRows, stats, type Stats } from '../bench/server.ts';
import { buildSite, haveChromium, siteSearchBench, siteSearchRows, type SiteSearchFigures } from '../bench/browser.ts';
import { writeArtifacts } from '../src/node/wiki-build.ts';
import { alternativesInBrowser, type AlternativesFigures } from '../bench/alternatives.ts';
import { buildShare, scaleBench, scaleRows, type ScaleFigures } from '../bench/build.ts';
import { firstAnswerBench, firstAnswerRows } from '../bench/first-answer.ts';
import { splitIndexFigures, type SplitFigures } from '../bench/split.ts';
import { peersBench, peersRows, type PeersFigures } from '../bench/peers.ts';

const time = <T>(fn: () => T): [T, number] => {
  const t = performance.now();
  const r = fn();
  return [r, performance.now() - t];
};
const kib = (s: string | Buffer) => Math.round(Buffer.byteLength(s) / 1024);
const queries = EvalSetSchema.parse(JSON.parse(readFileSync('test/fixtures/eval/ko-react-docs.queries.json', 'utf8'))).queries.map((q) => q.q);

function child(mode: string, file: string): { ms: number; rssMiB: number; baseMiB: number } {
  const r = spawnSync(process.execPath, ['--expose-gc', 'bench/load.ts', mode, file], { encoding: 'utf8', maxBuffer: 1 << 24 });
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout) as { ms: number; rssMiB: number; baseMiB: number };
}

async function benchCorpus(name: string, root: string, runs: number, qs: readonly string[], httpSeconds: number) {
  const config = siteConfig();
  const buildTimes: number[] = [];
  let files = new Map<string, string>();
  let documents = 0;
  for (let i = 0; i < runs; i++) {
    const [f, ms] = time(() => {
      const wiki = loadWiki(root, config, '/');
      documents = wiki.documents.length;
      return toArtifacts(wiki, emitContext(wiki, config, root));
    });
    files = f;
    buildTimes.push(ms);
  }
  const out = resolve('.tmp/bench', name);
  mkdirSync(out, { recursive: true });
  const indexJson = files.get('_wiki/search-index.json')!;
  writeFileSync(join(out, 'search-index.json'), indexJson);
  const dist = join(out, 'dist');
  writeArtifacts(dist, files);
  // The server's figures (cold start, search latency, memory after searches, HTTP load): bench/server.ts.
  const server = await serverBench(dist, { ...serverBenchOptions(qs, [...qs, ...evalQueries()]), runs, httpSeconds });
  // Spawn to the first search_knowledge and read_knowledge answers, from a folder and a URL: bench/first-answer.ts.
  const firstAnswer = await firstAnswerBench(dist, [''], runs, 0);

  // Plain MiniSearch with default options over the same documents, one unit per document.
  const plain = new MiniSearch({ fields: ['text'] });
  plain.addAll(
    files
      .get('llms-full.txt')!
      .split(/\n(?=---\nid: )/)
      .map((text, id) => ({ id, text })),
  );
  const plainJson = JSON.stringify(plain);
  writeFileSync(join(out, 'plain.json'), plainJson);

  const loads = { maru: [] as number[], plain: [] as number[], parse: [] as number[], maruRss: [] as number[], plainRss: [] as number[] };
  for (let i = 0; i < runs; i++) {
    const m = child('maru', join(out, 'search-index.json'));
    const p = child('plain', join(out, 'plain.json'));
    loads.maru.push(m.ms);
    loads.plain.push(p.ms);
    loads.maruRss.push(m.rssMiB - m.baseMiB);
    loads.plainRss.push(p.rssMiB - p.baseMiB);
    loads.parse.push(child('parse', join(out, 'search-index.json')).ms);
  }
  return {
    name,
    documents,
    runs,
    artifactBuildMs: stats(buildTimes),
    server,
    firstAnswer,
    loadMs: stats(loads.maru),
    parseFloorMs: stats(loads.parse),
    plainLoadMs: stats(loads.plain),
    loadedMiB: stats(loads.maruRss),
    plainLoadedMiB: stats(loads.plainRss),
    sizesKiB: {
      index: kib(indexJson),
      indexGzip: kib(gzipSync(indexJson)),
      catalog: kib(files.get('_wiki/catalog.json')!),
      catalogGzip: kib(gzipSync(files.get('_wiki/catalog.json')!)),
      plain: kib(plainJson),
      plainGzip: kib(gzipSync(plainJson)),
    },
  };
}

const sizes = (process.env.BENCH_SIZES ?? '1000,10000').split(',').filter(Boolean).map(Number);
const runs = Number(process.env.BENCH_RUNS ?? 3);
const results = [];
const react = resolve('../shared/corpora/ko-react-docs');
const httpSeconds = Number(process.env.BENCH_HTTP_SECONDS ?? 30);
if (existsSync(react)) results.push(await benchCorpus('ko-react-docs', react, runs, queries, httpSeconds));
for (const n of sizes) {
  const dir = resolve(`.tmp/corpus-${n}`);
  if (!existsSync(join(dir, 'ops'))) writeCorpus(dir, n, materialFromSharedCorpora(), 1);
  results.push(await benchCorpus(`generated-${n}`, dir, n >= 10000 ? 1 : runs, GENERATED_QUERIES, httpSeconds));
}

// The site's search in Chromium at 1,000 documents and at the largest size, measured alike (bench/browser.ts):
// a full astro build, then first searches on fresh pages, bytes on the wire, keystrokes, hits against the whole index.
const largest = Math.max(...sizes);
const browserSizes = [...new Set([1000, largest])].filter((n) => sizes.includes(n));
const browsers: { size: number; buildMs: number; figures: SiteSearchFigures }[] = [];
let alternatives: AlternativesFigures | undefined;
let share: { fullMs: number; withoutArtifactsMs: number; ratio: number } | undefined;
if (haveChromium() && process.env.BENCH_BROWSER !== '0') {
  for (const n of browserSizes) {
    const site = resolve(`node_modules/.cache/maru-bench-site${n === 1000 ? '' : `-${n}`}/dist`);
    const buildMs = buildSite(resolve(`.tmp/corpus-${n}`), site);
    browsers.push({ size: n, buildMs, figures: await siteSearchBench(site, GENERATED_QUERIES, { runs: n >= 10000 ? 1 : runs, sample: 30 }) });
    if (n === 1000) alternatives = await alternativesInBrowser(site, GENERATED_QUERIES, { runs });
  }
}
// Builds beside plain Astro, one run per size (scripts/bench-rebuild.ts): plain Astro 7 with its default Markdown
// processor and with the unified one, Maru's cold full build and its rebuild after one changed document, and plain
// Astro's own rebuild after the same change.
const rebuilds: { size: number; table: string }[] = [];
if (process.env.BENCH_REBUILD !== '0') {
  for (const n of sizes) {
    const r = spawnSync(process.execPath, ['scripts/bench-rebuild.ts', '--content', resolve(`.tmp/corpus-${n}`)], { encoding: 'utf8', maxBuffer: 1 << 26 });
    if (r.status !== 0) throw new Error(`bench:rebuild at ${n} documents failed:\n${r.stderr.slice(-3000)}`);
    rebuilds.push({ size: n, table: r.stdout.trim() });
  }
}
// Cold builds beside the peers on the same bytes (bench/peers.ts; `npm run bench:peers` runs only this).
const peers: PeersFigures | undefined = process.env.BENCH_PEERS === '0' ? undefined : peersBench({ runs, corpora: ['ko-react-docs', 'generated-1000'] });
const browser = browsers.find((b) => b.size === 1000)?.figures;
if (sizes.includes(1000) && process.env.BENCH_BUILD_SHARE !== '0') share = buildShare(resolve('.tmp/corpus-1000'));
// The scale bench, only on request (a cold build of 30,000 documents takes an hour or more): BENCH_SCALE=1000,10000,30000
// builds each size cold as a team does, measures its output and a first search, then a one-file preview with the cache.
const scale: ScaleFigures[] = [];
for (const n of (process.env.BENCH_SCALE ?? '')
  .split(',')
  .filter(Boolean)
  .map(Number)
  .sort((a, b) => a - b))
  scale.push(await scaleBench(n));
// The site's split index at the largest size: what a first search fetches.
const split: SplitFigures | undefined = Number.isFinite(largest)
  ? await splitIndexFigures(resolve('.tmp/bench', `generated-${largest}`, 'search-index.json'), GENERATED_QUERIES)
  : undefined;

const f = (s: Stats, d = 1) => `${s.median.toFixed(d)} (p95 ${s.p95.toFixed(d)}, ${s.min.toFixed(d)}–${s.max.toFixed(d)})`;
const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB`;
const md = [
  `# Benchmarks`,
  '',
  `Measured ${new Date().toISOString().slice(0, 16)}Z on ${machine}, Node ${process.version}. Milliseconds and MiB as median (p95, min–max) over the runs shown; the machine is shared, so compare the ratios measured in the same run.`,
  '',
];
for (const r of results) {
  md.push(
    `## ${r.name}: ${r.documents} documents, ${r.runs} run(s)`,
    '',
    '| what | Maru | plain MiniSearch (defaults) | ratio |',
    '| --- | --- | --- | --- |',
    `| index raw / gzip, KiB | ${r.sizesKiB.index} / ${r.sizesKiB.indexGzip} | ${r.sizesKiB.plain} / ${r.sizesKiB.plainGzip} | ${(r.sizesKiB.indexGzip / r.sizesKiB.plainGzip).toFixed(2)} (gzip) |`,
    `| load in a fresh process, ms | ${f(r.loadMs)} | ${f(r.plainLoadMs)} | ${(r.loadMs.median / r.plainLoadMs.median).toFixed(2)} |`,
    `| … against JSON.parse of the same file alone, ms | ${f(r.parseFloorMs)} | | ${(r.loadMs.median / r.parseFloorMs.median).toFixed(2)} |`,
    `| memory added by the loaded index, MiB | ${f(r.loadedMiB)} | ${f(r.plainLoadedMiB)} | ${(r.loadedMiB.median / r.plainLoadedMiB.median).toFixed(2)} |`,
    ...serverRows(r.server),
    ...firstAnswerRows(r.firstAnswer),
    `| artifacts (parse, catalog, relations, index, docs), ms | ${f(r.artifactBuildMs, 0)} | | |`,
    `| catalog.json raw / gzip, KiB | ${r.sizesKiB.catalog} / ${r.sizesKiB.catalogGzip} | | |`,
    '',
  );
}
for (const b of browsers) {
  md.push(
    `## In Chromium: generated-${b.size}, served by \`npm start\` on 127.0.0.1`,
    '',
    `Full \`astro build\` of the ${b.figures.documents} documents: ${b.buildMs.toFixed(0)} ms.`,
    '',
    ...siteSearchRows(b.figures),
    '',
  );
}
if (alternatives && browser) {
  md.push(
    `## Side by side in Chromium: generated-1000 (${alternatives.runs} runs, fresh browser context each)`,
    '',
    '| what | Maru | ' + alternatives.alternatives.map((a) => a.name).join(' | ') + ' |',
    '| --- | --- | ' + alternatives.alternatives.map(() => '---').join(' | ') + ' |',
    `| index raw / gzip, KiB | ${results.find((r) => r.name === 'generated-1000')?.sizesKiB.index ?? '?'} / ${results.find((r) => r.name === 'generated-1000')?.sizesKiB.indexGzip ?? '?'} | ` +
      alternatives.alternatives.map((a) => `${a.index.rawKiB} / ${a.index.gzipKiB}`).join(' | ') +
      ' |',
    `| fetched for the first query, gzip KiB | ${browser.dataGzipKiB} | ` +
      alternatives.alternatives.map((a) => `${a.firstQueryFetched.gzipKiB}`).join(' | ') +
      ' |',
    `| first query (fetch + load + answer), ms | ${f(browser.firstHitMs, 0)} | ` +
      alternatives.alternatives.map((a) => f(a.firstQueryMs, 0)).join(' | ') +
      ' |',
    `| per query while typing, ms | ${f(browser.searchMs, 2)} | ` + alternatives.alternatives.map((a) => f(a.perQueryMs, 2)).join(' | ') + ' |',
    `| Maru's first query ÷ this one | | ` +
      alternatives.alternatives.map((a) => (browser.firstHitMs.median / a.firstQueryMs.median).toFixed(2)).join(' | ') +
      ' |',
    '',
    `Pagefind ${alternatives.pagefind.version} (languages ${alternatives.pagefind.languages.join(', ')}): first query with the top-10 result fragments ${f(alternatives.pagefind.firstQueryWithTop10Ms, 0)} ms, ${alternatives.pagefind.firstQueryWithTop10Fetched.gzipKiB} KiB gzip fetched.`,
    '',
  );
}
if (share) {
  md.push(
    '## Build time: generated-1000',
    '',
    '| full `astro build`, ms | same pages without `_wiki/*` (MARU_SKIP_ARTIFACTS=1), ms | ratio |',
    '| --- | --- | --- |',
    `| ${share.fullMs.toFixed(0)} | ${share.withoutArtifactsMs.toFixed(0)} | ${share.ratio.toFixed(2)} |`,
    '',
  );
}
if (split) {
  md.push(
    `## The site's split index: generated-${largest}`,
    '',
    `The build cuts the postings into ${split.shards} shards by a hash of each term (Latin terms by their first two letters, more for crowded prefixes, so prefix and typo search stay within one shard or a few) and the document details (sections, links, summaries) into ${split.chunks} chunks, plus a base file (versions, what filters and 초성 need of each document, vocabulary with section frequencies, synonyms, section statistics). A first search fetches the base, the shards its terms need and the chunks of the documents it section-scores (figures without the snippet texts of its hits).`,
    '',
    '| what | figure |',
    '| --- | --- |',
    `| whole index, gzip KiB | ${split.wholeGzipKiB} |`,
    `| base file, gzip KiB | ${split.baseGzipKiB} |`,
    `| largest shard, gzip KiB | ${split.largestShardGzipKiB} |`,
    `| largest document chunk, gzip KiB | ${split.largestChunkGzipKiB} |`,
    `| fetched by a first search (base, term shards, document chunks with the common terms' counts), gzip KiB: median / max over ${GENERATED_QUERIES.length} queries | ${split.firstSearchGzipKiB.median} / ${split.firstSearchGzipKiB.max} |`,
    `| the same transferred with \`npm start\`'s response headers, KiB; requests (the 8 snippet texts included): median / max | ${split.firstSearchTransferredKiB.median} / ${split.firstSearchTransferredKiB.max}; ${split.firstSearchRequests.median} / ${split.firstSearchRequests.max} |`,
    `| same hits as the whole index (top 10, ${GENERATED_QUERIES.length} queries) | ${split.sameHits} |`,
    `| the same over ${split.sample.queries} queries cut from titles and headings: median / p95 / max KiB gzip, transferred; requests; same hits | ${split.sample.firstSearchGzipKiB.median} / ${split.sample.firstSearchGzipKiB.p95} / ${split.sample.firstSearchGzipKiB.max}, ${split.sample.firstSearchTransferredKiB.median} / ${split.sample.firstSearchTransferredKiB.p95} / ${split.sample.firstSearchTransferredKiB.max}; ${split.sample.firstSearchRequests.median} / ${split.sample.firstSearchRequests.p95} / ${split.sample.firstSearchRequests.max}; ${split.sample.sameHits} |`,
    '',
  );
}
if (peers) md.push('## Cold build beside the peers, the same bytes', '', ...peersRows(peers));
if (scale.length) md.push('## Scale: cold build, output, first search, one-file preview', '', ...scaleRows(scale), '');
for (const { size, table } of rebuilds) md.push(`## Build and rebuild beside plain Astro: generated-${size}`, '', table, '');
// The analysis of missed targets is written by people, from the figures above.
if (existsSync('bench/notes.md')) md.push(readFileSync('bench/notes.md', 'utf8'));
mkdirSync('bench', { recursive: true });
writeFileSync('bench/results.md', md.join('\n'));
writeFileSync(
  'bench/results.json',
  `${JSON.stringify({ date: new Date().toISOString(), machine, node: process.version, results, browser: browsers, alternatives, buildShare: share, split, rebuilds, peers, scale }, null, 2)}\n`,
);
console.log(md.join('\n'));

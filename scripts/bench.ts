// npm run bench: what Maru's build and search cost on a real corpus, against plain MiniSearch, in one run.
// Writes bench/results.md and bench/results.json. Figures are medians over repeated runs, with min–max.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
// The baseline is MiniSearch with its defaults: the one place outside the search contract that imports it, on purpose.
import MiniSearch from 'minisearch';
import { toArtifacts } from '../src/lib/artifacts/emit.ts';
import { loadSearch } from '../src/lib/search/envelope.ts';
import { searchDocuments } from '../src/lib/search/search.ts';
import { EvalSetSchema } from '../src/lib/search/evaluate.ts';
import { emitContext, loadWiki, siteConfig } from '../src/integrations/wiki-build.ts';

const corpus = resolve(process.env.BENCH_CORPUS ?? '../shared/corpora/ko-react-docs');
const runs = Number(process.env.BENCH_RUNS ?? 5);
const queries = EvalSetSchema.parse(JSON.parse(readFileSync('test/fixtures/eval/ko-react-docs.queries.json', 'utf8'))).queries.map((q) => q.q);

const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))]!;
  return { median: at(0.5), p95: at(0.95), min: s[0]!, max: s[s.length - 1]! };
};
const time = <T>(fn: () => T): [T, number] => {
  const t = performance.now();
  const r = fn();
  return [r, performance.now() - t];
};

const config = siteConfig();
const buildTimes: number[] = [];
let files = new Map<string, string>();
let docCount = 0;
for (let i = 0; i < runs; i++) {
  const [f, ms] = time(() => {
    const wiki = loadWiki(corpus, config, '/');
    docCount = wiki.documents.length;
    return toArtifacts(wiki, emitContext(wiki, config, corpus));
  });
  files = f;
  buildTimes.push(ms);
}
const indexJson = files.get('_wiki/search-index.json')!;
const catalogJson = files.get('_wiki/catalog.json')!;

const loadTimes: number[] = [];
let search = loadSearch(JSON.parse(indexJson));
for (let i = 0; i < runs; i++) loadTimes.push(time(() => (search = loadSearch(JSON.parse(indexJson))))[1]);
const parseFloor = stats(Array.from({ length: runs }, () => time(() => JSON.parse(indexJson))[1]));

const latencies: number[] = [];
for (let r = 0; r < runs; r++) for (const q of queries) latencies.push(time(() => searchDocuments(search, q, {}, 10))[1]);

// Plain MiniSearch with default options over the same document texts, one unit per document.
const docs = files.get('llms-full.txt')!.split(/\n(?=---\nid: )/).map((text, id) => ({ id, text }));
const plain = new MiniSearch({ fields: ['text'] });
plain.addAll(docs);
const plainJson = JSON.stringify(plain);
const plainLatencies: number[] = [];
for (let r = 0; r < runs; r++) for (const q of queries) plainLatencies.push(time(() => plain.search(q))[1]);

const kib = (s: string | Buffer) => Math.round(Buffer.byteLength(s) / 1024);
const result = {
  date: new Date().toISOString(),
  machine: `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB`,
  node: process.version,
  corpus: corpus.split('/').pop(),
  documents: docCount,
  runs,
  artifactBuildMs: stats(buildTimes),
  indexLoadMs: stats(loadTimes),
  indexJsonParseFloorMs: parseFloor,
  searchMs: stats(latencies),
  plainMiniSearchSearchMs: stats(plainLatencies),
  sizesKiB: {
    searchIndex: kib(indexJson),
    searchIndexGzip: kib(gzipSync(indexJson)),
    catalog: kib(catalogJson),
    catalogGzip: kib(gzipSync(catalogJson)),
    plainMiniSearch: kib(plainJson),
    plainMiniSearchGzip: kib(gzipSync(plainJson)),
  },
  rssMiB: Math.round(process.memoryUsage().rss / 2 ** 20),
};
const f = (s: { median: number; p95: number; min: number; max: number }) => `${s.median.toFixed(2)} (p95 ${s.p95.toFixed(2)}, ${s.min.toFixed(2)}–${s.max.toFixed(2)})`;
const md = [
  `# Benchmarks`,
  '',
  `Measured ${result.date.slice(0, 10)} on ${result.machine}, Node ${result.node}; corpus \`${result.corpus}\` (${docCount} documents), ${runs} runs. Milliseconds as median (p95, min–max).`,
  '',
  '| what | figure |',
  '| --- | --- |',
  `| artifacts (parse + catalog + index + docs), ms | ${f(result.artifactBuildMs)} |`,
  `| loadSearch (JSON.parse + loadJS), ms | ${f(result.indexLoadMs)} |`,
  `| JSON.parse of the same file alone, ms | ${f(parseFloor)} |`,
  `| searchDocuments per query (${queries.length} eval queries), ms | ${f(result.searchMs)} |`,
  `| plain MiniSearch default search per query, ms | ${f(result.plainMiniSearchSearchMs)} |`,
  `| search-index.json raw / gzip, KiB | ${result.sizesKiB.searchIndex} / ${result.sizesKiB.searchIndexGzip} |`,
  `| plain MiniSearch (defaults) raw / gzip, KiB | ${result.sizesKiB.plainMiniSearch} / ${result.sizesKiB.plainMiniSearchGzip} |`,
  `| index gzip ratio Maru / plain | ${(result.sizesKiB.searchIndexGzip / result.sizesKiB.plainMiniSearchGzip).toFixed(2)} |`,
  `| catalog.json raw / gzip, KiB | ${result.sizesKiB.catalog} / ${result.sizesKiB.catalogGzip} |`,
  `| process RSS at the end, MiB | ${result.rssMiB} |`,
  '',
  'Not measured yet (issue 6): full `astro build` share, 1,000/10,000 generated documents, MCP cold start and HTTP load, Chromium first search, Pagefind.',
  '',
].join('\n');
mkdirSync('bench', { recursive: true });
writeFileSync('bench/results.md', md);
writeFileSync('bench/results.json', `${JSON.stringify(result, null, 2)}\n`);
console.log(md);

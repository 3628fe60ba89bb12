// What a first search on the site's split index fetches, query by query, for a built `_wiki/` folder:
// `node bench/split-report.ts <dist>` prints Markdown (the bench's queries with where their bytes go, then two samples
// of 100 queries cut from the wiki's own titles and headings, as median / p95 / max of gzip bodies, of bytes
// transferred with `npm start`'s response headers, and of requests). Snippet texts are the built
// `_wiki/search/text/<id>.json` files, gzip-compressed here as a static host would send them.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { GENERATED_QUERIES } from '../scripts/lib/generate-corpus.ts';
import { RESPONSE_HEADER_BYTES, spread, splitBench, titleAndHeadingQueries, type FirstSearch } from './split.ts';

const dist = process.argv[2];
if (!dist || !existsSync(join(dist, '_wiki/search-index.json'))) {
  console.error('Usage: node bench/split-report.ts <dist folder with _wiki/search-index.json>');
  process.exit(1);
}
const textGzip = (id: string) => {
  const file = join(dist, '_wiki/search/text', `${id}.json`);
  return existsSync(file) ? gzipSync(readFileSync(file)).length : 0;
};
const bench = splitBench(join(dist, '_wiki/search-index.json'), textGzip);
const k = (n: number) => (n / 1024).toFixed(0);
const runs = async (queries: readonly string[]) => {
  const out: FirstSearch[] = [];
  for (const q of queries) out.push(await bench.firstSearch(q));
  return out;
};
const lines: string[] = [];
const f = bench.figures;
lines.push(
  `Base ${f.baseGzipKiB} KiB gzip; ${f.shards} term shards (largest ${f.largestShardGzipKiB} KiB), ${f.chunks} document chunks (largest ${f.largestChunkGzipKiB} KiB); whole index ${f.wholeGzipKiB} KiB. Transferred = gzip bodies + ${RESPONSE_HEADER_BYTES} bytes of response headers per request.`,
  '',
  '| query | total | transferred | requests | base | shards (files) | chunks (files) | texts (files) | same hits |',
  '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
);
const mine = await runs(GENERATED_QUERIES);
for (const r of mine) {
  lines.push(
    `| ${r.query} | ${k(r.total)} | ${k(r.transferred)} | ${r.requests} | ${k(r.base)} | ${k(r.shards.bytes)} (${r.shards.files}) | ${k(r.chunks.bytes)} (${r.chunks.files}) | ${k(r.texts)} (${r.textFiles}) | ${r.same ? 'yes' : 'no'} |`,
  );
}
lines.push(
  '',
  '| queries | n | gzip KiB median / p95 / max | transferred KiB median / p95 / max | requests median / p95 / max | same hits |',
  '| --- | --- | --- | --- | --- | --- |',
);
const row = (name: string, r: FirstSearch[]) => {
  const [s, t, q] = [spread(r), spread(r, 'transferred'), spread(r, 'requests')];
  const three = (x: typeof s) => `${x.median} / ${x.p95} / ${x.max}`;
  lines.push(`| ${name} | ${r.length} | ${three(s)} | ${three(t)} | ${three(q)} | ${r.filter((x) => x.same).length} of ${r.length} |`);
};
row("the bench's", mine);
row('titles and headings, stride 9973 + 7', await runs(titleAndHeadingQueries(bench.documents, 100)));
row('titles and headings, stride 7919 + 4243', await runs(titleAndHeadingQueries(bench.documents, 100, 7919, 4243)));
console.log(lines.join('\n'));

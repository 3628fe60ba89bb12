// What a first search on the site's split index fetches, query by query, for a built `_wiki/` folder:
// `node bench/split-report.ts <dist>` prints Markdown (the bench's queries with where their bytes go, then two samples
// of 100 queries cut from the wiki's own titles and headings, as median / p95 / max). Snippet texts are the built
// `_wiki/search/text/<id>.json` files, gzip-compressed here as a static host would send them.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { GENERATED_QUERIES } from '../scripts/lib/generate-corpus.ts';
import { spread, splitBench, titleAndHeadingQueries, type FirstSearch } from './split.ts';

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
  `Base ${f.baseGzipKiB} KiB gzip; ${f.shards} term shards (largest ${f.largestShardGzipKiB} KiB), ${f.pieces} section pieces, ${f.chunks} document chunks (largest ${f.largestChunkGzipKiB} KiB); whole index ${f.wholeGzipKiB} KiB.`,
  '',
  '| query | total | base | shards (files) | pieces (files) | chunks (files) | texts | same hits |',
  '| --- | --- | --- | --- | --- | --- | --- | --- |',
);
const mine = await runs(GENERATED_QUERIES);
for (const r of mine) {
  lines.push(
    `| ${r.query} | ${k(r.total)} | ${k(r.base)} | ${k(r.shards.bytes)} (${r.shards.files}) | ${k(r.pieces.bytes)} (${r.pieces.files}) | ${k(r.chunks.bytes)} (${r.chunks.files}) | ${k(r.texts)} | ${r.same ? 'yes' : 'no'} |`,
  );
}
lines.push('', '| queries | n | median KiB | p95 KiB | max KiB | requests median / max | same hits |', '| --- | --- | --- | --- | --- | --- | --- |');
const row = (name: string, r: FirstSearch[]) => {
  const s = spread(r);
  const requests = r.map((x) => 1 + x.shards.files + x.pieces.files + x.chunks.files + x.textFiles).sort((a, b) => a - b);
  lines.push(
    `| ${name} | ${r.length} | ${s.median} | ${s.p95} | ${s.max} | ${requests[Math.floor(requests.length / 2)]} / ${requests[requests.length - 1]} | ${r.filter((x) => x.same).length} of ${r.length} |`,
  );
};
row("the bench's", mine);
row('titles and headings, stride 9973 + 7', await runs(titleAndHeadingQueries(bench.documents, 100)));
row('titles and headings, stride 7919 + 4243', await runs(titleAndHeadingQueries(bench.documents, 100, 7919, 4243)));
console.log(lines.join('\n'));

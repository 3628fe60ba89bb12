// node bench/phrasings.ts [documents=10000] [rounds=5]: what a search_knowledge call with five phrasings costs against a
// single-query call, at a generated corpus of `documents` documents. Prints medians, p95 and their ratio; no timed test.
//
// The phrasings are the engineer's dev phrasings of the ko-react-docs-fresh dev half (test/fixtures/eval/own), each
// query with its three rewrites and one more: the same kind of words a calling AI sends.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { tmpdir } from 'node:os';
import { writeCorpus } from '../scripts/lib/generate-corpus.ts';
import { materialFromSharedCorpora } from '../scripts/lib/material.ts';
import { buildWikiSearch } from '../scripts/lib/eval-corpus.ts';
import { parsePhrasings } from '../scripts/lib/eval-run.ts';
import { searchSync, warmSearch } from '../src/lib/search/search.ts';
import { documentText } from '../src/lib/search/snippet.ts';

const documents = Number(process.argv[2] ?? 10_000);
const rounds = Number(process.argv[3] ?? 5);
const dir = join(tmpdir(), `maru-bench-phrasings-${documents}`);
if (!existsSync(join(dir, 'ops'))) writeCorpus(dir, documents, materialFromSharedCorpora(), 1);
const { search, markdownOf } = buildWikiSearch(dir);
const phrasings = [...parsePhrasings(JSON.parse(readFileSync(resolve('test/fixtures/eval/own/ko-react-docs-fresh.dev.phrasings.json'), 'utf8')))];
const calls = phrasings.map(([q, also], i) => ({ q, also: [...also.slice(0, 3), phrasings[(i + 1) % phrasings.length]![1][0]!] }));
const textOf = (d: Parameters<typeof markdownOf>[0]) => {
  const m = markdownOf(d);
  return m === undefined ? undefined : documentText(d, m);
};
warmSearch(search, textOf);

/** One call as the MCP server makes it: ranked, snippets cut, matched words checked against each hit's Markdown. */
const call = (q: string, also: readonly string[]) => searchSync(search, q, { limit: 10, also, textOf, hitTextOf: markdownOf });
const single: number[] = [];
const five: number[] = [];
for (let r = 0; r < rounds; r++) {
  for (const { q, also } of calls) {
    let t = performance.now();
    call(q, []);
    single.push(performance.now() - t);
    t = performance.now();
    call(q, also);
    five.push(performance.now() - t);
  }
}
const at = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))]!;
const f = (n: number) => n.toFixed(1);
console.log(`${search.documents.length} documents, ${calls.length} queries × ${rounds} rounds`);
console.log(`single query: median ${f(at(single, 0.5))} ms, p95 ${f(at(single, 0.95))} ms`);
console.log(`five phrasings: median ${f(at(five, 0.5))} ms, p95 ${f(at(five, 0.95))} ms`);
console.log(`ratio five/single: median ${(at(five, 0.5) / at(single, 0.5)).toFixed(2)}×, p95 ${(at(five, 0.95) / at(single, 0.95)).toFixed(2)}×`);

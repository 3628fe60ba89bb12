// The MCP server's figures on one built `dist/` (issue 15's server targets): cold start against the JSON.parse floor,
// search latency in process and over stdio, memory after 1,000 searches against plain MiniSearch, HTTP under load.
// `npm run bench` calls `serverBench` for every corpus; on its own it measures an existing build:
//   node bench/server.ts <dist> [--queries <file.json>]   (BENCH_RUNS, BENCH_SEARCHES, BENCH_HTTP_SECONDS, BENCH_HTTP_CLIENTS)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import MiniSearch from 'minisearch';
import { loadSearch } from '../src/lib/search/index-load.ts';
import { searchSync, warmSearch } from '../src/lib/search/search.ts';
import { sectionTexts } from '../src/lib/search/snippet.ts';
import { GENERATED_QUERIES } from '../scripts/lib/generate-corpus.ts';
import { mcpColdStart, mcpHttpLoad, mcpSearchLatencies, parseFloorMs, type HttpLoad } from './mcp.ts';

export type Stats = { median: number; p95: number; min: number; max: number };

export const stats = (xs: readonly number[]): Stats => {
  const s = [...xs].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))]!;
  return { median: at(0.5), p95: at(0.95), min: s[0]!, max: s[s.length - 1]! };
};

/** How much to measure; every figure is one process per run so that runs do not warm each other. */
export interface ServerBenchOptions {
  queries: readonly string[];
  /** Cold starts and floors measured (default 3). */
  runs: number;
  /** Searches before memory is read (default 1,000). */
  searches: number;
  /** Query list the memory runs cycle through; more varied than `queries`, so more of the vocabulary is decoded. */
  memoryQueries: readonly string[];
  /** HTTP load: seconds (0 leaves it out) and concurrent clients. */
  httpSeconds: number;
  httpClients: number;
}

export interface ServerFigures {
  coldToolsListMs: Stats;
  coldFirstSearchMs: Stats;
  floorMs: Stats;
  /** In process: JSON.parse + loadSearch of the index, then warmSearch (as the server runs it after loading), ms. */
  inProcessLoadMs: number;
  inProcessWarmMs: number;
  /** Per query in process right after that, every round; and rounds after the first (each query's terms already decoded). */
  searchMs: Stats;
  warmSearchMs: Stats;
  plainSearchMs: Stats;
  stdioSearchMs: Stats;
  /** RSS (MiB) after `searches` searches in a fresh process: Maru's search against plain MiniSearch's, and each one's growth over a bare process. */
  memory: { searches: number; maruMiB: number; plainMiB: number; maruAddedMiB: number; plainAddedMiB: number; mcpStdioMiB: number };
  http?: HttpLoad | undefined;
}

/** Measures the server on an existing build folder (`dist/` with `_wiki/*` and `llms-full.txt`). */
export async function serverBench(dist: string, options: ServerBenchOptions): Promise<ServerFigures> {
  const { queries, runs } = options;
  const cold = [];
  const floor: number[] = [];
  for (let i = 0; i < runs; i++) {
    cold.push(await mcpColdStart(dist, queries[0]!));
    floor.push(parseFloorMs(dist));
  }
  const rounds = Math.max(3, runs);
  const stdio = await mcpSearchLatencies(dist, queries, rounds, options.searches, options.memoryQueries);
  const plain = plainIndex(dist);
  const inProcess = searchInProcess(dist, queries, rounds, plain);
  const memory = memoryAfterSearches(dist, options.memoryQueries, options.searches, plain);
  const http = options.httpSeconds > 0 ? await mcpHttpLoad(dist, queries, options.httpSeconds, options.httpClients) : undefined;
  return {
    coldToolsListMs: stats(cold.map((c) => c.toolsListMs)),
    coldFirstSearchMs: stats(cold.map((c) => c.firstSearchMs)),
    floorMs: stats(floor),
    inProcessLoadMs: inProcess.loadMs,
    inProcessWarmMs: inProcess.warmMs,
    searchMs: stats(inProcess.maru.flat()),
    warmSearchMs: stats(inProcess.maru.slice(1).flat()),
    plainSearchMs: stats(inProcess.plain.flat()),
    stdioSearchMs: stats(stdio.latencies),
    memory: { ...memory, mcpStdioMiB: stdio.rssMiB },
    http,
  };
}

/** Maru's `searchDocuments` with every Markdown in memory (as the server holds it) and plain MiniSearch, `rounds` times over `queries`. */
function searchInProcess(
  dist: string,
  queries: readonly string[],
  rounds: number,
  plain: MiniSearch,
): { maru: number[][]; plain: number[][]; loadMs: number; warmMs: number } {
  const t0 = performance.now();
  const search = loadSearch(JSON.parse(readFileSync(join(dist, '_wiki/search-index.json'), 'utf8')));
  const loadMs = performance.now() - t0;
  const texts = new Map(search.documents.map((d) => [d.id, readFileSync(join(dist, `_wiki/docs/${d.id}.md`), 'utf8')]));
  // As the MCP server loads a build (mcp/artifacts.ts); its cost is reported, and is in the cold start to the first search_knowledge.
  const t1 = performance.now();
  warmSearch(search, (d) => sectionTexts(d, texts.get(d.id) ?? ''));
  const warmMs = performance.now() - t1;
  const time = (fn: () => unknown) => {
    const t = performance.now();
    fn();
    return performance.now() - t;
  };
  const maru: number[][] = [];
  const plainMs: number[][] = [];
  for (let r = 0; r < rounds; r++) {
    // As search_knowledge runs it: ranked, with snippets cut from each hit's Markdown.
    maru.push(queries.map((q) => time(() => searchSync(search, q, { textOf: (d) => sectionTexts(d, texts.get(d.id) ?? '') }))));
    plainMs.push(queries.map((q) => time(() => plain.search(q))));
  }
  return { maru, plain: plainMs, loadMs, warmMs };
}

/** Plain MiniSearch with its defaults over the same documents, one unit per document (as `npm run bench` builds it). */
function plainIndex(dist: string): MiniSearch {
  const plain = new MiniSearch({ fields: ['text'] });
  plain.addAll(
    readFileSync(join(dist, 'llms-full.txt'), 'utf8')
      .split(/\n(?=---\nid: )/)
      .map((text, id) => ({ id, text })),
  );
  return plain;
}

/**
 * RSS (MiB) of plain MiniSearch holding the build's documents right after `searches` searches, in a fresh process, by the
 * method the MCP server's RSS is taken with (bench/plain-searches.ts): no forced collection, the index's JSON text not
 * kept. `memoryAfterSearches` (bench/load.ts) collects garbage before it reads and keeps the text alive, which is no
 * comparison for a server read from outside.
 */
export function plainRssAfterSearches(dist: string, queries: readonly string[], searches: number): number {
  const dir = mkdtempSync(join(tmpdir(), 'maru-bench-'));
  try {
    const plainFile = join(dir, 'plain.json');
    writeFileSync(plainFile, JSON.stringify(plainIndex(dist)));
    const queriesFile = join(dir, 'queries.json');
    writeFileSync(queriesFile, JSON.stringify(queries));
    const r = spawnSync(process.execPath, [fileURLToPath(new URL('./plain-searches.ts', import.meta.url)), plainFile, queriesFile, String(searches)], {
      encoding: 'utf8',
    });
    if (r.status !== 0) throw new Error(r.stderr);
    return (JSON.parse(r.stdout) as { rssMiB: number }).rssMiB;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** RSS after `searches` searches, each engine in a fresh `node --expose-gc bench/load.ts` process. */
function memoryAfterSearches(dist: string, queries: readonly string[], searches: number, plainIndexed: MiniSearch) {
  const dir = mkdtempSync(join(tmpdir(), 'maru-bench-'));
  try {
    const plainFile = join(dir, 'plain.json');
    writeFileSync(plainFile, JSON.stringify(plainIndexed));
    const queriesFile = join(dir, 'queries.json');
    writeFileSync(queriesFile, JSON.stringify(queries));
    const child = (mode: string, file: string) => {
      const args = ['--expose-gc', fileURLToPath(new URL('./load.ts', import.meta.url)), mode, file, queriesFile, String(searches), join(dist, '_wiki/docs')];
      const r = spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 1 << 24 });
      if (r.status !== 0) throw new Error(r.stderr);
      return JSON.parse(r.stdout) as { baseMiB: number; afterSearchesMiB: number };
    };
    const maru = child('maru', join(dist, '_wiki/search-index.json'));
    const plain = child('plain', plainFile);
    return {
      searches,
      maruMiB: maru.afterSearchesMiB,
      plainMiB: plain.afterSearchesMiB,
      maruAddedMiB: maru.afterSearchesMiB - maru.baseMiB,
      plainAddedMiB: plain.afterSearchesMiB - plain.baseMiB,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const f = (s: Stats, d = 1) => `${s.median.toFixed(d)} (p95 ${s.p95.toFixed(d)}, ${s.min.toFixed(d)}–${s.max.toFixed(d)})`;

/** The server's rows of a results table (`| what | Maru | baseline | ratio |`). */
export function serverRows(r: ServerFigures): string[] {
  const m = r.memory;
  const rows = [
    `| MCP cold start: spawn to first tools/list answer over stdio, ms | ${f(r.coldToolsListMs, 0)} | bare node reading + JSON.parse of the same _wiki/*.json: ${f(r.floorMs, 0)} | ${(r.coldToolsListMs.median / r.floorMs.median).toFixed(2)} |`,
    `| … spawn to first search_knowledge answer (whole build loaded and hash-checked), ms | ${f(r.coldFirstSearchMs, 0)} | | ${(r.coldFirstSearchMs.median / r.floorMs.median).toFixed(2)} |`,
    `| in process: JSON.parse + loadSearch of the index, then warmSearch, ms | ${r.inProcessLoadMs.toFixed(0)} + ${r.inProcessWarmMs.toFixed(0)} | | |`,
    `| search per query in process right after that (every round; rounds after the first), ms | ${f(r.searchMs, 2)}; ${f(r.warmSearchMs, 2)} | ${f(r.plainSearchMs, 2)} | |`,
    `| search_knowledge per call over stdio (snippets included), ms | ${f(r.stdioSearchMs, 2)} | | |`,
    `| RSS after ${m.searches} searches (growth over a bare process), MiB | ${m.maruMiB.toFixed(0)} (${m.maruAddedMiB.toFixed(0)}) | ${m.plainMiB.toFixed(0)} (${m.plainAddedMiB.toFixed(0)}) | ${(m.maruMiB / m.plainMiB).toFixed(2)} (${(m.maruAddedMiB / m.plainAddedMiB).toFixed(2)}) |`,
    `| … the MCP server over stdio after the same number of search_knowledge calls (all Markdown held), MiB | ${m.mcpStdioMiB.toFixed(0)} | | ${(m.mcpStdioMiB / m.plainMiB).toFixed(2)} |`,
  ];
  const h = r.http;
  if (h) {
    rows.push(
      `| HTTP /mcp, ${h.connections} clients × ${h.seconds} s: req/s, p50 / p99 ms | ${h.requestsPerSec} req/s, ${h.p50Ms} / ${h.p99Ms} ms | RSS ${h.rssBeforeMiB.toFixed(0)} → ${h.rssAfterMiB.toFixed(0)} MiB | |`,
      `| … answered / 503 busy (Retry-After) / errors / client timeouts, of all requests | ${h.answered} / ${h.busy503} / ${h.errors} / ${h.timeouts} of ${h.total} | | |`,
    );
  }
  return rows;
}

/** Options from the environment, as `npm run bench` reads them. */
export function serverBenchOptions(queries: readonly string[], memoryQueries: readonly string[]): ServerBenchOptions {
  return {
    queries,
    memoryQueries,
    runs: Number(process.env.BENCH_RUNS ?? 3),
    searches: Number(process.env.BENCH_SEARCHES ?? 1000),
    httpSeconds: Number(process.env.BENCH_HTTP_SECONDS ?? 30),
    httpClients: Number(process.env.BENCH_HTTP_CLIENTS ?? 200),
  };
}

/** Every labelled query of the repository's eval sets that are not held out, for a varied memory workload. */
export function evalQueries(): string[] {
  const sets = ['test/fixtures/eval/ko-react-docs.queries.json', 'test/fixtures/eval/example-wiki.queries.json'];
  return sets.flatMap((file) => (JSON.parse(readFileSync(file, 'utf8')) as { queries: { q: string }[] }).queries.map((q) => q.q));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { queries: { type: 'string' } } });
  const dist = positionals[0];
  if (!dist) {
    console.error('Usage: node bench/server.ts <dist> [--queries <file.json>]');
    process.exit(2);
  }
  const queries = values.queries ? (JSON.parse(readFileSync(values.queries, 'utf8')) as string[]) : GENERATED_QUERIES;
  const figures = await serverBench(resolve(dist), serverBenchOptions(queries, [...queries, ...evalQueries()]));
  console.log(['| what | Maru | plain MiniSearch (defaults) | ratio |', '| --- | --- | --- | --- |', ...serverRows(figures)].join('\n'));
  console.log(JSON.stringify(figures));
}

// A cold MCP server's first answers (issue 43): from spawning the server to its first `search_knowledge` and to its
// first `read_knowledge` answer over stdio, with the build in a folder and at a URL, against the floor (a bare node
// that reads and JSON.parses the same _wiki/*.json), and its RSS after 1,000 searches against plain MiniSearch.
//   node bench/first-answer.ts <dist> [--runs 3] [--searches 1000] [--compare <another Maru checkout>]
// `--compare` runs that checkout's server on the same build in the same rounds (before/after figures on a noisy machine:
// compare the ratios). Each round runs floor, this server and the other one's, so drift hits all alike.
// `--compare packages/mcp/lib` (after `node scripts/build-mcp-package.ts`) runs the packaged JavaScript server, as
// `npx -y maru-mcp` does; this checkout's own server strips TypeScript types as it loads.
// Both RSS figures are taken the same way, as the issue asks: a live process right after its last search, no forced
// collection (the server over stdio, plain MiniSearch in bench/plain-searches.ts). Plain's taken after a forced
// collection with its index's JSON text still held (bench/load.ts) is another quantity, lower at 10,000 documents.
import { createReadStream, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { GENERATED_QUERIES } from '../scripts/lib/generate-corpus.ts';
import { mcpColdRead, mcpColdStart, mcpSearchLatencies, parseFloorMs } from './mcp.ts';
import { evalQueries, plainRssAfterSearches, stats, type Stats } from './server.ts';

/** One server's cold-start figures, in ms, over the runs. */
export interface FirstAnswerFigures {
  toolsListMs: Stats;
  firstSearchMs: Stats;
  firstReadMs: Stats;
}

export interface FirstAnswerResult {
  documents: number;
  floorMs: Stats;
  /** By server (`this`, or the compared checkout's path), by source (`folder`, `url`). */
  servers: Record<string, Record<'folder' | 'url', FirstAnswerFigures>>;
  rss?: { searches: number; serverMiB: Record<string, number>; plainMiB: number };
}

/** Serves `dist` read-only on 127.0.0.1 (an ephemeral port), as a static host would; resolves with its base URL. */
export async function serveFolder(dist: string): Promise<{ url: string; server: Server }> {
  const root = resolve(dist);
  const server = createServer((req, res) => {
    const path = normalize(join(root, decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)));
    let size: number;
    try {
      if (!path.startsWith(root + sep)) throw new Error('outside');
      size = statSync(path).size;
    } catch {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-length': size, 'content-type': path.endsWith('.json') ? 'application/json' : 'text/plain; charset=utf-8' });
    createReadStream(path).pipe(res);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return { url: `http://127.0.0.1:${address.port}/`, server };
}

/** Measures every server in `roots` (Maru checkouts; '' is this one) on `dist`, `runs` rounds, interleaved with the floor. */
export async function firstAnswerBench(dist: string, roots: readonly string[], runs: number, searches: number): Promise<FirstAnswerResult> {
  const catalog = JSON.parse(readFileSync(join(dist, '_wiki/catalog.json'), 'utf8')) as { documents: { id: string }[] };
  const id = catalog.documents[Math.floor(catalog.documents.length / 2)]!.id;
  const query = GENERATED_QUERIES[0]!;
  const { url, server } = await serveFolder(dist);
  const floor: number[] = [];
  const raw = new Map(
    roots.map((r) => [
      r,
      { folder: { l: [] as number[], s: [] as number[], r: [] as number[] }, url: { l: [] as number[], s: [] as number[], r: [] as number[] } },
    ]),
  );
  try {
    for (let i = 0; i < runs; i++) {
      floor.push(parseFloorMs(dist));
      for (const root of roots) {
        const options = root ? { root } : {};
        for (const [kind, artifacts] of [
          ['folder', dist],
          ['url', url],
        ] as const) {
          const into = raw.get(root)![kind];
          const cold = await mcpColdStart(artifacts, query, options);
          into.l.push(cold.toolsListMs);
          into.s.push(cold.firstSearchMs);
          into.r.push(await mcpColdRead(artifacts, id, options));
        }
      }
    }
  } finally {
    server.close();
  }
  const servers: FirstAnswerResult['servers'] = {};
  for (const [root, r] of raw) {
    const figures = (x: { l: number[]; s: number[]; r: number[] }) => ({ toolsListMs: stats(x.l), firstSearchMs: stats(x.s), firstReadMs: stats(x.r) });
    servers[root || 'this'] = { folder: figures(r.folder), url: figures(r.url) };
  }
  const result: FirstAnswerResult = { documents: catalog.documents.length, floorMs: stats(floor), servers };
  if (searches > 0) {
    const memoryQueries = [...GENERATED_QUERIES, ...evalQueries()];
    const serverMiB: Record<string, number> = {};
    for (const root of roots) {
      serverMiB[root || 'this'] = (await mcpSearchLatencies(dist, memoryQueries, 1, searches, memoryQueries, root ? { root } : {})).rssMiB;
    }
    result.rss = { searches, serverMiB, plainMiB: plainRssAfterSearches(dist, memoryQueries, searches) };
  }
  return result;
}

/** The figures as table rows (`| what | ms | ratio to the floor |`). */
export function firstAnswerRows(r: FirstAnswerResult): string[] {
  const f = (s: Stats) => `${s.median.toFixed(0)} (${s.min.toFixed(0)}–${s.max.toFixed(0)})`;
  const ratio = (s: Stats) => (s.median / r.floorMs.median).toFixed(2);
  const rows = [`| ${r.documents} documents: floor, bare node reading + JSON.parse of the same _wiki/*.json | ${f(r.floorMs)} | 1.00 |`];
  for (const [server, bySource] of Object.entries(r.servers)) {
    for (const [source, x] of Object.entries(bySource)) {
      const who = `${server === 'this' ? 'this server' : `server at ${server}`}, ${source === 'url' ? 'build at a URL' : 'build in a folder'}`;
      rows.push(`| … ${who}: spawn to tools/list | ${f(x.toolsListMs)} | ${ratio(x.toolsListMs)} |`);
      rows.push(`| … ${who}: spawn to first search_knowledge answer | ${f(x.firstSearchMs)} | ${ratio(x.firstSearchMs)} |`);
      rows.push(`| … ${who}: spawn to first read_knowledge answer | ${f(x.firstReadMs)} | ${ratio(x.firstReadMs)} |`);
    }
  }
  if (r.rss) {
    for (const [server, mib] of Object.entries(r.rss.serverMiB)) {
      rows.push(
        `| RSS after ${r.rss.searches} search_knowledge calls over stdio, ${server === 'this' ? 'this server' : server}, MiB (plain MiniSearch after as many searches: ${r.rss.plainMiB.toFixed(0)}) | ${mib.toFixed(0)} | ${(mib / r.rss.plainMiB).toFixed(2)} × plain |`,
      );
    }
  }
  return rows;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { runs: { type: 'string', default: '3' }, searches: { type: 'string', default: '1000' }, compare: { type: 'string', multiple: true } },
  });
  const dist = positionals[0];
  if (!dist) {
    console.error('Usage: node bench/first-answer.ts <dist> [--runs 3] [--searches 1000] [--compare <another Maru checkout>]');
    process.exit(2);
  }
  const roots = ['', ...(values.compare ?? []).map((p) => resolve(p))];
  const result = await firstAnswerBench(resolve(dist), roots, Number(values.runs), Number(values.searches));
  console.log(['| what | ms, median (min–max) | ratio |', '| --- | --- | --- |', ...firstAnswerRows(result)].join('\n'));
  console.log(JSON.stringify(result));
}

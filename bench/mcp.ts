import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import autocannon from 'autocannon';

/** Milliseconds from spawning `npm run mcp` (as a desktop client starts it) to its first answers over stdio. */
export interface ColdStart {
  /** Spawn to the `tools/list` answer (after the `initialize` handshake). */
  toolsListMs: number;
  /** Spawn to the first `search_knowledge` answer, asked right after `tools/list`. */
  firstSearchMs: number;
}

/**
 * Where a cold start's server comes from: `artifacts` is a folder or a URL; `root` a checkout of Maru (default this one)
 * or the packaged server's `lib` folder (`packages/mcp/lib` after `npm pack` there or `node scripts/build-mcp-package.ts`),
 * which runs JavaScript as an installed `maru-mcp` does instead of the checkout's TypeScript.
 */
export interface ColdStartOptions {
  root?: string;
}

/** Spawn to first `tools/list` and to first `search_knowledge` answer over stdio, in one start. */
export async function mcpColdStart(artifacts: string, query: string, options: ColdStartOptions = {}): Promise<ColdStart> {
  const t = performance.now();
  const client = await coldClient(artifacts, options);
  await client.listTools();
  const toolsListMs = performance.now() - t;
  const answer = await client.callTool({ name: 'search_knowledge', arguments: { query } }, COLD_CALL);
  const firstSearchMs = performance.now() - t;
  await client.close();
  if (answer.isError) throw new Error(`search_knowledge failed: ${JSON.stringify(answer.content).slice(0, 300)}`);
  return { toolsListMs, firstSearchMs };
}

/** Spawn to the first `read_knowledge` answer (of document `id`), asked right after `tools/list`, as a client that already knows the id. */
export async function mcpColdRead(artifacts: string, id: string, options: ColdStartOptions = {}): Promise<number> {
  const t = performance.now();
  const client = await coldClient(artifacts, options);
  await client.listTools();
  const answer = await client.callTool({ name: 'read_knowledge', arguments: { document_id: id } }, COLD_CALL);
  const ms = performance.now() - t;
  await client.close();
  if (answer.isError) throw new Error(`read_knowledge failed: ${JSON.stringify(answer.content).slice(0, 300)}`);
  return ms;
}

/** A first call waits for the build to load: minutes for 10,000 documents at a URL on a loaded machine, not the SDK's 60 s. */
const COLD_CALL = { timeout: 600_000 };

/** The server's entry under `root`: the packaged JavaScript where there is one, else the checkout's TypeScript. */
function serverEntry(root: string | undefined): string {
  return existsSync(join(root ?? '.', 'mcp/cli.js')) ? 'mcp/cli.js' : 'mcp/cli.ts';
}

async function coldClient(artifacts: string, { root }: ColdStartOptions): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [serverEntry(root), '--artifacts', artifacts, '--no-watch'],
    stderr: 'ignore',
    ...(root ? { cwd: root } : {}),
  });
  const client = new Client({ name: 'maru-bench', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

/**
 * Per-call latency of `search_knowledge` over stdio on a started server (every query `rounds` times, in ms), and the
 * server's RSS after `searches` calls in all (the timed ones, then `fill` round and round).
 */
export async function mcpSearchLatencies(
  dist: string,
  queries: readonly string[],
  rounds: number,
  searches = 0,
  fill: readonly string[] = queries,
  options: ColdStartOptions = {},
): Promise<{ latencies: number[]; rssMiB: number }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [serverEntry(options.root), '--artifacts', dist, '--no-watch'],
    stderr: 'ignore',
    ...(options.root ? { cwd: options.root } : {}),
  });
  const client = new Client({ name: 'maru-bench', version: '1.0.0' });
  await client.connect(transport);
  const latencies: number[] = [];
  try {
    // The build loads after the handshake; the first call waits for it, which is the cold start's figure, not this one's.
    await client.listPrompts();
    for (let r = 0; r < rounds; r++) {
      for (const query of queries) {
        const t = performance.now();
        await client.callTool({ name: 'search_knowledge', arguments: { query } });
        latencies.push(performance.now() - t);
      }
    }
    for (let i = latencies.length; i < searches; i++) await client.callTool({ name: 'search_knowledge', arguments: { query: fill[i % fill.length]! } });
    return { latencies, rssMiB: rssOf(transport.pid) };
  } finally {
    await client.close();
  }
}

/** A process's resident set in MiB (Linux). */
function rssOf(pid: number | null | undefined): number {
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
}

/** The floor: a bare `node` process that reads and JSON.parses the same `_wiki/*.json` files, then exits. */
export function parseFloorMs(dist: string): number {
  const code = `const fs=require('fs');for(const f of ['manifest.json','catalog.json','search-index.json'])JSON.parse(fs.readFileSync(${JSON.stringify(join(dist, '_wiki'))}+'/'+f,'utf8'))`;
  const t = performance.now();
  spawnSync(process.execPath, ['-e', code], { stdio: 'ignore' });
  return performance.now() - t;
}

/** What `mcpHttpLoad` reports. */
export interface HttpLoad {
  connections: number;
  seconds: number;
  requestsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  total: number;
  /** Answered with a JSON-RPC result. */
  answered: number;
  /** 503 with Retry-After: the server saying "busy, retry" (a correct answer under overload). */
  busy503: number;
  /** Everything else: connection errors, client timeouts, other statuses, 503 without Retry-After, JSON-RPC errors. */
  errors: number;
  timeouts: number;
  rssBeforeMiB: number;
  rssAfterMiB: number;
}

/** MCP over HTTP under load: `connections` clients calling search_knowledge for `seconds` against `mcp/cli.ts --http`. */
export async function mcpHttpLoad(dist: string, queries: readonly string[], seconds: number, connections: number): Promise<HttpLoad> {
  // Every load connection comes from 127.0.0.1: the per-client connection bound (64 by default) must not refuse them.
  const child = spawn(process.execPath, ['mcp/cli.ts', '--http', '--port', '0', '--artifacts', dist, '--no-watch'], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, MARU_MAX_CONNECTIONS_PER_CLIENT: String(Math.max(64, connections + 8)) },
  });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let err = '';
      child.stderr.on('data', (d: Buffer) => {
        err += d.toString();
        const m = /MCP at (http:\/\/[^\s]+)\/mcp/.exec(err);
        if (m) resolve(m[1]!);
      });
      child.on('exit', () => reject(new Error(`server exited: ${err}`)));
    });
    const rss = () => rssOf(child.pid);
    const body = (i: number) =>
      JSON.stringify({ jsonrpc: '2.0', id: i, method: 'tools/call', params: { name: 'search_knowledge', arguments: { query: queries[i % queries.length] } } });
    const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    await fetch(`${url}/mcp`, { method: 'POST', headers, body: body(0) });
    const rssBefore = rss();
    let n = 0;
    const counts = { answered: 0, busy503: 0, wrong: 0 };
    const result = await autocannon({
      url: `${url}/mcp`,
      connections,
      duration: seconds,
      method: 'POST',
      headers,
      requests: [
        {
          setupRequest: (req) => ({ ...req, body: body(n++) }),
          onResponse: (status, text, _context, responseHeaders) => {
            if (status === 503 && responseHeaders?.['retry-after']) counts.busy503++;
            else if (status === 200 && text.includes('"result"') && !text.includes('"isError":true')) counts.answered++;
            else counts.wrong++;
          },
        },
      ],
    });
    const rssAfter = rss();
    return {
      connections,
      seconds,
      requestsPerSec: result.requests.average,
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      total: result.requests.total,
      answered: counts.answered,
      busy503: counts.busy503,
      // autocannon counts timeouts among its connection errors; `wrong` holds every unexpected answer.
      errors: result.errors + counts.wrong,
      timeouts: result.timeouts,
      rssBeforeMiB: rssBefore,
      rssAfterMiB: rssAfter,
    };
  } finally {
    child.kill();
  }
}

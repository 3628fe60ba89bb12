import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import autocannon from 'autocannon';

/** Spawn-to-first-answer of `search_knowledge` over stdio, the way a desktop client starts the server. */
export async function mcpColdStartMs(dist: string, query: string): Promise<number> {
  const t = performance.now();
  const transport = new StdioClientTransport({ command: process.execPath, args: ['mcp/cli.ts', '--artifacts', dist, '--no-watch'], stderr: 'ignore' });
  const client = new Client({ name: 'maru-bench', version: '1.0.0' });
  await client.connect(transport);
  await client.callTool({ name: 'search_knowledge', arguments: { query } });
  const ms = performance.now() - t;
  await client.close();
  return ms;
}

/** Per-call latency of `search_knowledge` over stdio on a started server: every query `rounds` times, in ms. */
export async function mcpSearchLatencies(dist: string, queries: readonly string[], rounds: number): Promise<number[]> {
  const transport = new StdioClientTransport({ command: process.execPath, args: ['mcp/cli.ts', '--artifacts', dist, '--no-watch'], stderr: 'ignore' });
  const client = new Client({ name: 'maru-bench', version: '1.0.0' });
  await client.connect(transport);
  const out: number[] = [];
  try {
    for (let r = 0; r < rounds; r++) {
      for (const query of queries) {
        const t = performance.now();
        await client.callTool({ name: 'search_knowledge', arguments: { query } });
        out.push(performance.now() - t);
      }
    }
  } finally {
    await client.close();
  }
  return out;
}

/** The floor: a bare `node` process that reads and JSON.parses the same `_wiki/*.json` files, then exits. */
export function parseFloorMs(dist: string): number {
  const code = `const fs=require('fs');for(const f of ['manifest.json','catalog.json','search-index.json'])JSON.parse(fs.readFileSync(${JSON.stringify(join(dist, '_wiki'))}+'/'+f,'utf8'))`;
  const t = performance.now();
  spawnSync(process.execPath, ['-e', code], { stdio: 'ignore' });
  return performance.now() - t;
}

/** MCP over HTTP under load: 50 clients calling search_knowledge for `seconds` against `mcp/cli.ts --http`. */
export async function mcpHttpLoad(dist: string, queries: readonly string[], seconds: number, connections = 50) {
  const child = spawn(process.execPath, ['mcp/cli.ts', '--http', '--port', '0', '--artifacts', dist, '--no-watch'], { stdio: ['ignore', 'ignore', 'pipe'] });
  const url = await new Promise<string>((resolve, reject) => {
    let err = '';
    child.stderr.on('data', (d: Buffer) => {
      err += d.toString();
      const m = /MCP at (http:\/\/[^\s]+)\/mcp/.exec(err);
      if (m) resolve(m[1]!);
    });
    child.on('exit', () => reject(new Error(`server exited: ${err}`)));
  });
  const rss = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  const body = (i: number) =>
    JSON.stringify({ jsonrpc: '2.0', id: i, method: 'tools/call', params: { name: 'search_knowledge', arguments: { query: queries[i % queries.length] } } });
  await fetch(`${url}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: body(0) });
  const rssBefore = rss();
  let n = 0;
  const result = await autocannon({
    url: `${url}/mcp`,
    connections,
    duration: seconds,
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    requests: [{ setupRequest: (req) => ({ ...req, body: body(n++) }) }],
  });
  const rssAfter = rss();
  child.kill();
  // 503s are the server saying "busy, retry" (finding 9 of issue 11); timeouts are clients left hanging, which must stay 0.
  const counts = { ok2xx: result['2xx'], busy503: result['5xx'], timeouts: result.timeouts };
  return {
    requestsPerSec: result.requests.average,
    p99Ms: result.latency.p99,
    p50Ms: result.latency.p50,
    errors: result.errors + result.timeouts + result.non2xx,
    total: result.requests.total,
    rssBeforeMiB: rssBefore,
    rssAfterMiB: rssAfter,
    ...counts,
  };
}

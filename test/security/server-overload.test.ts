// Finding 9: beyond the bound on concurrent MCP work a request gets 503 with Retry-After at once (functional, not
// timed; the 200-connection load figure lives in `npm run bench`). A request takes a slot only once its body has
// arrived (issue 42), so the test holds the gate's slots itself, as requests that are running.
import { request, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHttpApp, DEFAULT_MAX_CONCURRENT, maxConcurrentFromEnv } from '../../mcp/http/app.ts';
import { createGate } from '../../mcp/http/gate.ts';
import { listen } from '../../mcp/http/listen.ts';
import { openStore, type ArtifactStore } from '../../mcp/store.ts';
import { buildFixture, EXAMPLE_CONTENT, removeDir } from '../mcp/helpers.ts';

let dir: string;
let store: ArtifactStore;
let server: Server;
let url: string;

const BODY = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_projects', arguments: {} } });
const HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

const gate = createGate(2);

/** Takes one of the gate's slots, as a request that runs until `finish`. */
function held(): { finish: () => void } {
  let finish = () => {};
  const done = new Promise<void>((resolve) => (finish = resolve));
  expect(gate.admit(() => {}, done)).toBe(true);
  return { finish };
}

function post(): Promise<{ status: number; retryAfter: string | undefined; body: string }> {
  return new Promise((done, reject) => {
    const req = request(`${url}/mcp`, { method: 'POST', headers: HEADERS }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => done({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'], body }));
    });
    req.on('error', reject);
    req.end(BODY);
  });
}

beforeAll(async () => {
  dir = buildFixture(EXAMPLE_CONTENT);
  store = await openStore(dir, () => {});
  const app = createHttpApp({ store, maxConcurrent: 2, gate, log: () => {} });
  ({ server, url } = await listen(app.listener, '127.0.0.1', 0));
});

afterAll(() => {
  server?.closeAllConnections();
  server?.close();
  store?.close();
  removeDir(dir);
});

describe('overload is explicit', () => {
  test('with the bound reached, the next request gets 503 + Retry-After and a JSON-RPC error; freed slots serve again', async () => {
    const a = held();
    const b = held();
    const refused = await post();
    expect(refused.status).toBe(503);
    expect(refused.retryAfter).toBe('1');
    expect(JSON.parse(refused.body)).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32000, message: 'Server busy: 2 MCP requests are already being handled. Retry after 1 second.' },
    });
    a.finish();
    b.finish();
    await new Promise((r) => setTimeout(r, 100));
    expect((await post()).status).toBe(200);
  });

  test('/healthz is not counted, answers while MCP is at its bound and says it is degraded (503), then healthy again', async () => {
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    const a = held();
    const b = held();
    const busy = await fetch(`${url}/healthz`);
    expect([busy.status, ((await busy.json()) as { degraded?: string[] }).degraded]).toEqual([503, ['all 2 MCP request slots are taken']]);
    a.finish();
    b.finish();
    await new Promise((r) => setTimeout(r, 100));
    const fine = await fetch(`${url}/healthz`);
    expect([fine.status, ((await fine.json()) as { degraded?: string[] }).degraded]).toEqual([200, undefined]);
  });

  test.each([
    [undefined, DEFAULT_MAX_CONCURRENT],
    ['', DEFAULT_MAX_CONCURRENT],
    ['8', 8],
  ])('MARU_MCP_MAX_CONCURRENT=%j → %i', (value, expected) => {
    expect(maxConcurrentFromEnv(value)).toBe(expected);
  });

  test.each(['0', '-1', '2.5', 'many'])('MARU_MCP_MAX_CONCURRENT=%j is refused by name', (value) => {
    expect(() => maxConcurrentFromEnv(value)).toThrow(`MARU_MCP_MAX_CONCURRENT must be a whole number of at least 1, got ${JSON.stringify(value)}.`);
  });
});

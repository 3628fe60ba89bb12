// Finding 9: beyond the bound on concurrent MCP work a request gets 503 with Retry-After at once (functional, not
// timed; the 200-connection load figure lives in `npm run bench`).
import { request, type ClientRequest, type IncomingMessage, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHttpApp, DEFAULT_MAX_CONCURRENT, maxConcurrentFromEnv } from '../../mcp/http/app.ts';
import { listen } from '../../mcp/http/listen.ts';
import { openStore, type ArtifactStore } from '../../mcp/store.ts';
import { buildFixture, EXAMPLE_CONTENT, removeDir } from '../mcp/helpers.ts';

let dir: string;
let store: ArtifactStore;
let server: Server;
let url: string;

const BODY = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_projects', arguments: {} } });
const HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

/** Starts a POST to /mcp and sends only part of its body, so the server holds it in flight until `finish`. */
function held(): { req: ClientRequest; response: Promise<IncomingMessage>; finish: () => void } {
  const req = request(`${url}/mcp`, { method: 'POST', headers: { ...HEADERS, 'content-length': Buffer.byteLength(BODY) } });
  const response = new Promise<IncomingMessage>((done, reject) => {
    req.on('response', done);
    req.on('error', reject);
  });
  req.write(BODY.slice(0, 10));
  return { req, response, finish: () => req.end(BODY.slice(10)) };
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
  const app = createHttpApp({ store, maxConcurrent: 2, log: () => {} });
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
    // Give the server time to accept both (it counts a request once its headers arrive).
    await new Promise((r) => setTimeout(r, 200));
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
    expect((await a.response).statusCode).toBe(200);
    expect((await b.response).statusCode).toBe(200);
    (await a.response).resume();
    (await b.response).resume();
    await new Promise((r) => setTimeout(r, 100));
    expect((await post()).status).toBe(200);
  });

  test('/healthz is not counted and answers while MCP is at its bound', async () => {
    const a = held();
    const b = held();
    await new Promise((r) => setTimeout(r, 200));
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    a.finish();
    b.finish();
    (await a.response).resume();
    (await b.response).resume();
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

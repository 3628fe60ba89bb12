// Issue 42: a request takes a running slot only once its body has arrived, bodies and headers have time limits,
// connections are bounded per client address and in all, and a JSON body is checked for size and nesting while it
// arrives. Real sockets on 127.0.0.1 with short limits; every socket is closed by the server or by the test.
import { connect, type Socket } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHttpApp } from '../../mcp/http/app.ts';
import { admissionListenOptions, listen } from '../../mcp/http/listen.ts';
import { openStore, type ArtifactStore } from '../../mcp/store.ts';
import { buildFixture, EXAMPLE_CONTENT, removeDir } from '../mcp/helpers.ts';

let dir: string;
let store: ArtifactStore;
let server: Server;
let url: string;
let port: number;
const opened: Socket[] = [];

const CALL = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_projects', arguments: {} } });
const HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

beforeAll(async () => {
  dir = buildFixture(EXAMPLE_CONTENT);
  store = await openStore(dir, () => {});
  const app = createHttpApp({
    store,
    maxConcurrent: 4,
    log: () => {},
    admission: { bodyTimeoutMs: 1_000, headersTimeoutMs: 1_000, maxBodyBytes: 64 * 1024, maxConnectionsPerClient: 12, maxConnections: 40 },
  });
  ({ server, url } = await listen(app.listener, '127.0.0.1', 0, admissionListenOptions(app)));
  port = Number(new URL(url).port);
});

afterAll(() => {
  for (const s of opened) s.destroy();
  server?.closeAllConnections();
  server?.close();
  store?.close();
  removeDir(dir);
});

/** A raw connection; `text` collects what the server sends, `closed` resolves when the server (or the test) ends it. */
function socket(): Promise<{ s: Socket; text: () => string; closed: Promise<void> }> {
  return new Promise((resolve, reject) => {
    const s = connect(port, '127.0.0.1');
    opened.push(s);
    let text = '';
    s.on('data', (c: Buffer) => (text += c.toString()));
    s.on('error', () => {});
    const closed = new Promise<void>((done) => s.once('close', () => done()));
    s.once('connect', () => resolve({ s, text: () => text, closed }));
    s.once('error', reject);
  });
}

const head = (length: number) =>
  `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: ${length}\r\n\r\n`;

async function post(body: string): Promise<{ status: number; json: unknown }> {
  const res = await fetch(`${url}/mcp`, { method: 'POST', headers: HEADERS, body });
  return { status: res.status, json: JSON.parse((await res.text()).replace(/^event: message\ndata: /, '')) as unknown };
}

describe('admission after the body', () => {
  test('eight slow bodies (headers, then one byte) hold no running slot: a normal call is answered; each slow one gets 408 and is closed', async () => {
    const slow = await Promise.all(Array.from({ length: 8 }, () => socket()));
    for (const { s } of slow) s.write(`${head(CALL.length)}${CALL.slice(0, 1)}`);
    await new Promise((r) => setTimeout(r, 100));
    const answered = await post(CALL);
    expect(answered.status).toBe(200);
    await Promise.all(slow.map((c) => c.closed));
    for (const c of slow)
      expect(c.text()).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n[\s\S]*"Request body not received within 1 s; the connection is closed\."/);
  });

  test('a body declared larger than the limit is refused with 413 at once; one that grows past it while it arrives too', async () => {
    const declared = await socket();
    declared.s.write(head(10 * 1024 * 1024));
    await declared.closed;
    expect(declared.text()).toMatch(/^HTTP\/1\.1 413 /);
    const res = await fetch(`${url}/mcp`, {
      method: 'POST',
      headers: { ...HEADERS, 'transfer-encoding': 'chunked' },
      body: `"${'x'.repeat(100 * 1024)}"`,
    }).catch((e: Error) => e);
    // Either the 413 arrives or the server closed the socket while the client still sent: both refuse the body.
    if (!(res instanceof Error)) expect(res.status).toBe(413);
  });

  test('a body nested past 64 levels is refused with 400 and a JSON-RPC parse error while it arrives; 64 levels and a non-JSON body as a parse error', async () => {
    const deep = await post(`${'['.repeat(60_000)}`);
    expect(deep).toEqual({
      status: 400,
      json: { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error: the JSON body nests deeper than 64 levels.' } },
    });
    const ping = JSON.stringify({
      jsonrpc: '2.0',
      id: 2,
      method: 'ping',
      params: { _meta: { deep: JSON.parse(`${'['.repeat(60)}${']'.repeat(60)}`) as unknown } },
    });
    expect((await post(ping)).status).toBe(200);
    const broken = await post('{"jsonrpc":');
    expect(broken.status).toBe(400);
    expect((broken.json as { error: { code: number } }).error.code).toBe(-32700);
  });

  test('connections past the per-client bound are closed at once; once those close, the client is served again', async () => {
    await new Promise((r) => setTimeout(r, 200));
    const idle = await Promise.all(Array.from({ length: 12 }, () => socket()));
    const extra = await socket();
    await extra.closed;
    expect(extra.text()).toBe('');
    for (const c of idle) c.s.destroy();
    await Promise.all(idle.map((c) => c.closed));
    await new Promise((r) => setTimeout(r, 100));
    expect((await post(CALL)).status).toBe(200);
  });

  test('a client that never finishes its headers is answered 408 and closed', async () => {
    const c = await socket();
    c.s.write('POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    await c.closed;
    expect(c.text()).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
  });
});

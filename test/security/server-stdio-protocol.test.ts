// Finding 5: malformed stdio input gets a JSON-RPC error (id null) instead of silence, and the server keeps serving.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildFixture, EXAMPLE_CONTENT, removeDir, ROOT } from '../mcp/helpers.ts';

interface Reply {
  jsonrpc: string;
  id: string | number | null;
  result?: unknown;
  error?: { code: number; message: string };
}

let dir: string;
let child: ChildProcessWithoutNullStreams;
const replies: Reply[] = [];
let waiters: (() => void)[] = [];

/** Writes raw lines to the server's stdin and waits for `count` new replies on stdout. */
async function send(lines: string, count = 1): Promise<Reply[]> {
  const start = replies.length;
  child.stdin.write(lines);
  while (replies.length < start + count) {
    await new Promise<void>((done, reject) => {
      const timer = setTimeout(() => reject(new Error(`no reply to ${JSON.stringify(lines.slice(0, 80))} within 10 s`)), 10_000);
      waiters.push(() => {
        clearTimeout(timer);
        done();
      });
    });
  }
  return replies.slice(start, start + count);
}

beforeAll(async () => {
  dir = buildFixture(EXAMPLE_CONTENT);
  child = spawn(process.execPath, [join(ROOT, 'mcp/cli.ts'), '--artifacts', dir, '--no-watch'], { cwd: ROOT, stdio: 'pipe' });
  createInterface({ input: child.stdout }).on('line', (line) => {
    replies.push(JSON.parse(line) as Reply);
    const w = waiters;
    waiters = [];
    w.forEach((f) => f());
  });
  const [init] = await send(
    `${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } })}\n`,
  );
  expect(init?.id).toBe(1);
  child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
});

afterAll(() => {
  child?.kill();
  removeDir(dir);
});

describe('stdio answers protocol errors', () => {
  test.each([
    ['a line that is not JSON', 'this is not json', -32700],
    ['a truncated object', '{"jsonrpc":"2.0","id":5,', -32700],
    ['an empty batch', '[]', -32600],
    ['a batch of requests', JSON.stringify([{ jsonrpc: '2.0', id: 7, method: 'tools/list' }]), -32600],
    ['a number', '42', -32600],
    ['an object that is no JSON-RPC message', '{"hello":"world"}', -32600],
  ])('%s gets error %i with id null', async (_name, line, code) => {
    const [reply] = await send(`${line}\n`);
    expect(reply).toMatchObject({ jsonrpc: '2.0', id: null, error: { code } });
    expect(reply!.error!.message.length).toBeGreaterThan(10);
  });

  test('a request with an id but no method is answered with that id', async () => {
    const [reply] = await send(`${JSON.stringify({ jsonrpc: '2.0', id: 'x-9', params: {} })}\n`);
    expect(reply).toMatchObject({ jsonrpc: '2.0', id: 'x-9', error: { code: -32600 } });
  });

  test('the server keeps serving after bad lines', async () => {
    const [bad, good] = await send(`not json\n${JSON.stringify({ jsonrpc: '2.0', id: 99, method: 'tools/list' })}\n`, 2);
    expect(bad?.error?.code).toBe(-32700);
    expect(good?.id).toBe(99);
    expect((good?.result as { tools: { name: string }[] }).tools.map((t) => t.name)).toContain('search_knowledge');
  });
});

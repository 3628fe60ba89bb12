import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { removeDir } from '../../test/mcp/helpers.ts';
import { listen } from './listen.ts';
import { createStaticHandler } from './static.ts';

let root: string;
let server: Server;
let url: string;

beforeAll(async () => {
  root = realpathSync(mkdtempSync(join(tmpdir(), 'maru-static-')));
  mkdirSync(join(root, 'docs/deploy'), { recursive: true });
  writeFileSync(join(root, 'index.html'), '<h1>home</h1>');
  writeFileSync(join(root, 'docs/deploy/index.html'), '<h1>deploy</h1>');
  writeFileSync(join(root, '404.html'), '<h1>missing</h1>');
  writeFileSync(join(root, 'llms.txt'), 'llms');
  ({ server, url } = await listen(createStaticHandler(root, '/team/'), '127.0.0.1', 0));
});

afterAll(() => {
  server?.close();
  removeDir(root);
});

test.each([
  ['/team/', 200, 'text/html; charset=utf-8', '<h1>home</h1>'],
  ['/team/docs/deploy/', 200, 'text/html; charset=utf-8', '<h1>deploy</h1>'],
  ['/team/llms.txt', 200, 'text/plain; charset=utf-8', 'llms'],
  ['/docs/deploy/', 404, 'text/html; charset=utf-8', '<h1>missing</h1>'],
  ['/team/nope/', 404, 'text/html; charset=utf-8', '<h1>missing</h1>'],
])('GET %s under base /team/ → %i', async (path, status, type, body) => {
  const res = await fetch(`${url}${path}`, { redirect: 'manual' });
  expect([res.status, res.headers.get('content-type'), await res.text()]).toEqual([status, type, body]);
});

test('redirects / to the base and a directory to its trailing slash; ETag gives 304', async () => {
  expect((await fetch(`${url}/`, { redirect: 'manual' })).headers.get('location')).toBe('/team/');
  expect((await fetch(`${url}/team/docs/deploy`, { redirect: 'manual' })).headers.get('location')).toBe('/team/docs/deploy/');
  const first = await fetch(`${url}/team/llms.txt`);
  const again = await fetch(`${url}/team/llms.txt`, { headers: { 'if-none-match': first.headers.get('etag')! } });
  expect(again.status).toBe(304);
  expect((await fetch(`${url}/team/llms.txt`, { method: 'POST' })).status).toBe(405);
});

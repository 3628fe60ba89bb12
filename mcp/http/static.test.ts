import { mkdirSync, mkdtempSync, realpathSync, utimesSync, writeFileSync } from 'node:fs';
import { request, type Server } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { removeDir } from '../../test/mcp/helpers.ts';
import { listen } from './listen.ts';
import { createStaticHandler, sendSiteFile } from './static.ts';

const CSS = `${'.doc-sidebar a { color: var(--link); }\n'.repeat(200)}`;
const CATALOG = JSON.stringify({ version: 1, documents: Array.from({ length: 50 }, (_, i) => ({ id: `doc-${i}`, title: `문서 ${i}` })) });
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...Array.from({ length: 600 }, (_, i) => i % 251)]);
const MTIME = new Date('2026-11-30T10:00:00Z');

/** A raw GET (fetch would decode the body itself): status, headers and the bytes as sent. */
function rawGet(
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((done, fail) => {
    request(`${url}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c)).on('end', () => done({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', fail)
      .end();
  });
}

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
  mkdirSync(join(root, '_astro'));
  mkdirSync(join(root, '_wiki'));
  writeFileSync(join(root, '_astro/Base.Ab12Cd34.css'), CSS);
  writeFileSync(join(root, '_wiki/catalog.json'), CATALOG);
  writeFileSync(join(root, '_astro/logo.Ef56.png'), PNG);
  writeFileSync(join(root, '_astro/chart.Gh78.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>');
  for (const f of ['_astro/Base.Ab12Cd34.css', '_wiki/catalog.json', '_astro/logo.Ef56.png']) utimesSync(join(root, f), MTIME, MTIME);
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
  // A malformed escape is still a bad request, but the reader gets the site's page rather than a protocol message.
  ['/team/docs/%E0%A4%A/', 400, 'text/html; charset=utf-8', '<h1>missing</h1>'],
])('GET %s under base /team/ → %i', async (path, status, type, body) => {
  const res = await fetch(`${url}${path}`, { redirect: 'manual' });
  expect([res.status, res.headers.get('content-type'), await res.text()]).toEqual([status, type, body]);
});

test('an SVG is sent with a CSP that lets it run nothing and load nothing, and nosniff, also on a 304', async () => {
  const first = await rawGet('/team/_astro/chart.Gh78.svg');
  expect([first.status, first.headers['content-type'], first.headers['content-security-policy'], first.headers['x-content-type-options']]).toEqual([
    200,
    'image/svg+xml',
    "default-src 'none'; style-src 'unsafe-inline'",
    'nosniff',
  ]);
  const again = await rawGet('/team/_astro/chart.Gh78.svg', { 'if-none-match': String(first.headers.etag) });
  expect([again.status, again.headers['content-security-policy']]).toEqual([304, "default-src 'none'; style-src 'unsafe-inline'"]);
  expect((await rawGet('/team/')).headers['content-security-policy']).toBeUndefined();
});

test('redirects / to the base and a directory to its trailing slash; ETag gives 304', async () => {
  expect((await fetch(`${url}/`, { redirect: 'manual' })).headers.get('location')).toBe('/team/');
  expect((await fetch(`${url}/team/docs/deploy`, { redirect: 'manual' })).headers.get('location')).toBe('/team/docs/deploy/');
  const first = await fetch(`${url}/team/llms.txt`);
  const again = await fetch(`${url}/team/llms.txt`, { headers: { 'if-none-match': first.headers.get('etag')! } });
  expect(again.status).toBe(304);
  expect((await fetch(`${url}/team/llms.txt`, { method: 'POST' })).status).toBe(405);
});

test('text is sent with brotli or gzip as the client asks, with Vary; identity when it asks for neither', async () => {
  const br = await rawGet('/team/_astro/Base.Ab12Cd34.css', { 'accept-encoding': 'gzip, deflate, br' });
  expect([br.status, br.headers['content-encoding'], br.headers.vary]).toEqual([200, 'br', 'Accept-Encoding']);
  expect(brotliDecompressSync(br.body).toString('utf8')).toBe(CSS);
  expect(br.body.length).toBeLessThan(CSS.length / 10);
  expect(Number(br.headers['content-length'])).toBe(br.body.length);
  const gz = await rawGet('/team/_wiki/catalog.json', { 'accept-encoding': 'gzip' });
  expect([gz.status, gz.headers['content-encoding'], gz.headers['content-type']]).toEqual([200, 'gzip', 'application/json; charset=utf-8']);
  expect(gunzipSync(gz.body).toString('utf8')).toBe(CATALOG);
  const plain = await rawGet('/team/_wiki/catalog.json');
  expect([plain.headers['content-encoding'], plain.body.toString('utf8')]).toEqual([undefined, CATALOG]);
  const png = await rawGet('/team/_astro/logo.Ef56.png', { 'accept-encoding': 'br' });
  expect([png.headers['content-encoding'], png.headers.vary, png.body.equals(PNG)]).toEqual([undefined, undefined, true]);
});

test('hashed assets are cached for a year; pages and _wiki/* revalidate', async () => {
  expect((await rawGet('/team/_astro/Base.Ab12Cd34.css')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect((await rawGet('/team/_wiki/catalog.json')).headers['cache-control']).toBe('no-cache');
  expect((await rawGet('/team/docs/deploy/')).headers['cache-control']).toBe('no-cache');
});

test('ETag and Last-Modified answer 304 per representation', async () => {
  const br = await rawGet('/team/_wiki/catalog.json', { 'accept-encoding': 'br' });
  const identity = await rawGet('/team/_wiki/catalog.json');
  expect(br.headers.etag).not.toBe(identity.headers.etag);
  expect(br.headers['last-modified']).toBe('Mon, 30 Nov 2026 10:00:00 GMT');
  const again = await rawGet('/team/_wiki/catalog.json', { 'accept-encoding': 'br', 'if-none-match': br.headers.etag as string });
  expect([again.status, again.body.length, again.headers.etag, again.headers['cache-control']]).toEqual([304, 0, br.headers.etag, 'no-cache']);
  // The client's cached copy was brotli; a gzip request with that tag gets the full gzip body.
  expect((await rawGet('/team/_wiki/catalog.json', { 'accept-encoding': 'gzip', 'if-none-match': br.headers.etag as string })).status).toBe(200);
  expect((await rawGet('/team/_wiki/catalog.json', { 'if-modified-since': 'Mon, 30 Nov 2026 10:00:00 GMT' })).status).toBe(304);
  expect((await rawGet('/team/_wiki/catalog.json', { 'if-modified-since': 'Mon, 30 Nov 2026 09:00:00 GMT' })).status).toBe(200);
});

test('a file that vanished after it was found (a build being replaced) is a 404, not a rejected handler', async () => {
  const gone = join(root, '_wiki/manifest.json');
  const { server: probe, url: probeUrl } = await listen(
    (req, res) => void sendSiteFile(res, req, gone, 200, '_wiki/manifest.json').catch(() => res.destroy()),
    '127.0.0.1',
    0,
  );
  try {
    for (const encoding of ['br', 'identity']) {
      const res = await fetch(`${probeUrl}/_wiki/manifest.json`, { headers: { 'accept-encoding': encoding } });
      expect([res.status, await res.text()]).toEqual([404, 'Not found.\n']);
    }
  } finally {
    probe.close();
  }
});

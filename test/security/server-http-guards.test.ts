// Findings 6 and 7: a token setting that yields no token stops the server; a foreign Host is refused on every
// path (DNS rebinding), with or without tokens; --protect-artifacts puts /_wiki/* behind the bearer token.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { realpath } from 'node:fs/promises';
import { request, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHttpApp } from '../../mcp/http/app.ts';
import { loadTokens } from '../../mcp/http/auth.ts';
import { listen } from '../../mcp/http/listen.ts';
import { openStore, type ArtifactStore } from '../../mcp/store.ts';
import { buildFixture, EXAMPLE_CONTENT, removeDir, ROOT, spawnStart } from '../mcp/helpers.ts';

const TOKEN = 'guard-token-0123456789';
let dir: string;
let outside: string;
let store: ArtifactStore;
const servers: Server[] = [];

/** A GET with an explicit Host header (fetch does not let a test forge Host). */
function get(url: string, path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((done, reject) => {
    const req = request(`${url}${path}`, { headers }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => done({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function serve(options: { tokens?: string[]; protectArtifacts?: boolean }): Promise<string> {
  const app = createHttpApp({
    store,
    siteRoot: await realpath(dir),
    base: '/',
    tokens: options.tokens ?? [],
    protectArtifacts: options.protectArtifacts ?? false,
    log: () => {},
  });
  const { server, url } = await listen(app.listener, '127.0.0.1', 0);
  servers.push(server);
  return url;
}

beforeAll(async () => {
  dir = buildFixture(EXAMPLE_CONTENT);
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>wiki</title>');
  outside = mkdtempSync(join(tmpdir(), 'maru-tokens-'));
  store = await openStore(dir, () => {});
});

afterAll(() => {
  servers.forEach((s) => s.close());
  store?.close();
  removeDir(dir);
  removeDir(outside);
});

describe('a token setting that yields no token stops the server', () => {
  test.each([' , ', '', ',,', '  '])('MARU_MCP_TOKENS=%j', (env) => {
    expect(() => loadTokens(env, undefined)).toThrow(
      `MARU_MCP_TOKENS is set but holds no token (${JSON.stringify(env)}). Put one or more tokens in it (comma-separated), or unset it to run without authentication.`,
    );
  });

  test('a tokens file with only comments and blank lines', () => {
    const file = join(outside, 'only-comments');
    writeFileSync(file, '# team tokens\n\n   # rotated 2026-11\n');
    expect(() => loadTokens(undefined, file)).toThrow(`--tokens-file ${file} holds no token (only blank lines and # comments). Add one token per line.`);
  });

  test('tokens from the variable and the file both count', () => {
    const file = join(outside, 'one');
    writeFileSync(file, '# c\nfile-tok\n');
    expect(loadTokens('a, b', file)).toEqual(['a', 'b', 'file-tok']);
  });

  test('npm run mcp -- --http exits 1 naming the variable', () => {
    const run = spawnSync(process.execPath, [join(ROOT, 'mcp/cli.ts'), '--artifacts', dir, '--http', '--port', '0', '--no-watch'], {
      cwd: ROOT,
      encoding: 'utf8',
      input: '',
      timeout: 30_000,
      env: { ...process.env, MARU_MCP_TOKENS: ' , ' },
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('maru-mcp: MARU_MCP_TOKENS is set but holds no token');
  });

  test('npm start exits 1 naming the file', () => {
    const file = join(outside, 'empty-file');
    writeFileSync(file, '# nothing here yet\n');
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0' };
    delete env.MARU_MCP_TOKENS;
    const run = spawnSync(process.execPath, [join(ROOT, 'scripts/start.ts'), '--dist', dir, '--tokens-file', file], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 30_000,
      env,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`maru: --tokens-file ${file} holds no token`);
  });
});

describe('a foreign Host is refused on every path', () => {
  const paths = ['/', '/index.html', '/healthz', '/_wiki/catalog.json', '/_wiki/manifest.json', '/_wiki/docs/deploy.md', '/mcp', '/no-such-page'];

  test.each(paths)('%s without tokens → 403', async (path) => {
    const url = await serve({});
    const res = await get(url, path, { host: 'evil.example' });
    expect(res.status).toBe(403);
    expect(res.body).not.toContain('"documents"');
    expect(JSON.parse(res.body).error.message).toBe(
      'Invalid Host: evil.example. This server answers only to localhost, 127.0.0.1, [::1]; to reach it under another name (a proxy, a LAN address), add that name to MARU_ALLOWED_HOSTS.',
    );
  });

  test.each(paths)('%s with tokens (and the right token) → 403', async (path) => {
    const url = await serve({ tokens: [TOKEN] });
    expect((await get(url, path, { host: 'evil.example:80', authorization: `Bearer ${TOKEN}` })).status).toBe(403);
  });

  test('the local Host still gets the site, the artifacts and /healthz', async () => {
    const url = await serve({});
    expect((await get(url, '/')).status).toBe(200);
    expect((await get(url, '/healthz')).status).toBe(200);
    expect((await get(url, '/_wiki/catalog.json')).status).toBe(200);
  });
});

describe('--protect-artifacts', () => {
  test("/_wiki/*, /llms.txt and /llms-full.txt (every document's text) need the bearer token; pages and /healthz do not", async () => {
    const url = await serve({ tokens: [TOKEN], protectArtifacts: true });
    for (const path of [
      '/_wiki/catalog.json',
      '/_wiki/search-index.json',
      '/_wiki/docs/deploy.md',
      '/_wiki%2Fcatalog.json',
      '/x/../_wiki/manifest.json',
      '/./_wiki/catalog.json',
      '/llms-full.txt',
      '/llms.txt',
      '/LLMS-FULL.TXT',
      '/%6Clms-full.txt',
      '/_WIKI/catalog.json',
    ]) {
      expect((await get(url, path)).status, path).toBe(401);
      expect((await get(url, path, { authorization: 'Bearer wrong' })).status, path).toBe(401);
    }
    expect((await get(url, '/_wiki/catalog.json', { authorization: `Bearer ${TOKEN}` })).status).toBe(200);
    expect((await get(url, '/llms-full.txt', { authorization: `Bearer ${TOKEN}` })).status).toBe(200);
    expect((await get(url, '/')).status).toBe(200);
    expect((await get(url, '/healthz')).status).toBe(200);
  });

  test('without the switch the artifacts stay public to whoever reaches the port (documented in SECURITY.md)', async () => {
    const url = await serve({ tokens: [TOKEN] });
    expect((await get(url, '/_wiki/catalog.json')).status).toBe(200);
  });

  test('without tokens the switch refuses to start', () => {
    expect(() => createHttpApp({ store, tokens: [], protectArtifacts: true })).toThrow('--protect-artifacts needs bearer tokens');
  });

  test('npm start --protect-artifacts and MARU_PROTECT_ARTIFACTS=1 both switch it on', async () => {
    for (const [env, args] of [
      [{}, ['--protect-artifacts']],
      [{ MARU_PROTECT_ARTIFACTS: '1' }, []],
    ] as const) {
      const started = await spawnStart(dir, { MARU_MCP_TOKENS: TOKEN, ...env }, [...args]);
      try {
        expect((await get(started.url, '/_wiki/catalog.json')).status).toBe(401);
        expect((await get(started.url, '/_wiki/catalog.json', { authorization: `Bearer ${TOKEN}` })).status).toBe(200);
      } finally {
        await started.stop();
      }
    }
  });
});

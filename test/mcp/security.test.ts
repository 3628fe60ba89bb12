// Nothing outside the artifacts is readable; foreign origins and missing or wrong tokens are refused.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadArtifacts } from '../../mcp/artifacts.ts';
import { dirSource } from '../../mcp/source.ts';
import { buildFixture, callError, connectHttp, connectStdio, EXAMPLE_CONTENT, removeDir, ROOT, spawnStart, type StartedServer } from './helpers.ts';

const TOKEN = 'test-token-0123456789';
const FILE_TOKEN = 'file-token-abcdef';
let dir: string;
let outside: string;
let server: StartedServer;
let client: Client;

beforeAll(async () => {
  dir = buildFixture(EXAMPLE_CONTENT);
  outside = mkdtempSync(join(tmpdir(), 'maru-outside-'));
  writeFileSync(join(outside, 'secret.txt'), 'top secret\n');
  // The static site may contain a symlink that leads out of it; it must not be served.
  symlinkSync(join(outside, 'secret.txt'), join(dir, 'leak.txt'));
  writeFileSync(join(outside, 'tokens'), `# team tokens\n${FILE_TOKEN}\n`);
  server = await spawnStart(dir, { MARU_MCP_TOKENS: `${TOKEN},other` }, ['--tokens-file', join(outside, 'tokens')]);
  client = await connectStdio(dir);
});

afterAll(async () => {
  await client?.close();
  await server?.stop();
  removeDir(dir);
  removeDir(outside);
});

describe('traversal ids never reach the file system', () => {
  test.each(['../../etc/passwd', '..%2F..%2Fetc%2Fpasswd', '%2e%2e/%2e%2e/etc/passwd', '/etc/passwd', 'C:\\Windows\\win.ini', 'deploy/../../../etc/passwd'])(
    'read_knowledge %j',
    async (id) => {
      expect(await callError(client, 'read_knowledge', { document_id: id })).toMatch(
        /^No document with id ".*"\..* Use search_knowledge or list_knowledge to find ids\.$/,
      );
      expect(await callError(client, 'get_related_knowledge', { document_id: id })).toMatch(/^No document with id/);
    },
  );

  test.each([
    'knowledge://documents/../../etc/passwd',
    'knowledge://documents/..%2F..%2Fetc%2Fpasswd',
    'knowledge://documents/%2Fetc%2Fpasswd',
    'knowledge://documents//etc/passwd',
  ])('resource %s', async (uri) => {
    await expect(client.readResource({ uri })).rejects.toThrow(/No document with id/);
  });
});

describe('symlinks in the artifact folder that lead outside it', () => {
  function copyWithLink(target: string, linkAt: string): string {
    const copy = mkdtempSync(join(tmpdir(), 'maru-link-'));
    cpSync(join(dir, '_wiki'), join(copy, '_wiki'), { recursive: true });
    rmSync(join(copy, linkAt), { recursive: true });
    symlinkSync(target, join(copy, linkAt));
    return copy;
  }

  test('a document symlinked outside is refused even when its content (and so its sha256) is right', async () => {
    writeFileSync(join(outside, 'deploy.md'), readFileSync(join(dir, '_wiki/docs/deploy.md')));
    const copy = copyWithLink(join(outside, 'deploy.md'), '_wiki/docs/deploy.md');
    const message = `Artifacts in ${copy} are not usable: Refusing _wiki/docs/deploy.md in ${copy}: it is a symlink that leads outside the artifact folder.`;
    // Every load reads every document before it is served.
    await expect(loadArtifacts(await dirSource(copy))).rejects.toThrow(message);
    removeDir(copy);
  });

  test('a _wiki folder symlinked outside is refused, and the CLI exits 1 saying so', () => {
    mkdirSync(join(outside, 'wiki-copy'));
    cpSync(join(dir, '_wiki'), join(outside, 'wiki-copy/_wiki'), { recursive: true });
    const copy = copyWithLink(join(outside, 'wiki-copy/_wiki'), '_wiki');
    const run = spawnSync(process.execPath, [join(ROOT, 'mcp/cli.ts'), '--artifacts', copy], { encoding: 'utf8', input: '' });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(`Refusing _wiki/manifest.json in ${copy}: it is a symlink that leads outside the artifact folder.`);
    removeDir(copy);
  });

  test('a symlink to another folder is refused; one that stays inside is fine', async () => {
    const copy = copyWithLink(join(dir, '_wiki'), '_wiki');
    // The link target is another folder, so this copy resolves outside itself and must be refused too.
    await expect(loadArtifacts(await dirSource(copy))).rejects.toThrow(/symlink that leads outside/);
    const inner = mkdtempSync(join(tmpdir(), 'maru-inner-'));
    cpSync(join(dir, '_wiki'), join(inner, 'real-wiki'), { recursive: true });
    symlinkSync('real-wiki', join(inner, '_wiki'));
    const set = await loadArtifacts(await dirSource(inner));
    expect(set.ids).toContain('deploy');
    removeDir(copy);
    removeDir(inner);
  });
});

/** A raw request, so that paths like `/../x` reach the server unnormalised (fetch would clean them). */
function raw(
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
  body = '',
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  const url = new URL(server.url);
  return new Promise((done, reject) => {
    const req = request({ host: url.hostname, port: url.port, path, method, headers }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const LIST = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
const JSON_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

describe('HTTP', () => {
  test.each(['/../../etc/passwd', '/%2e%2e/%2e%2e/etc/passwd', '/..%2f..%2fetc%2fpasswd', '/docs/..%2f..%2f..%2fetc/passwd', '/leak.txt', '/%00index.html'])(
    'the site does not serve %s',
    async (path) => {
      const res = await raw(path);
      expect([400, 404]).toContain(res.status);
      expect(res.body).not.toContain('root:');
      expect(res.body).not.toContain('top secret');
    },
  );

  test('a foreign Origin or Host gets 403 before authentication', async () => {
    const origin = await raw('/mcp', { ...JSON_HEADERS, origin: 'http://evil.example', authorization: `Bearer ${TOKEN}` }, 'POST', LIST);
    expect(origin.status).toBe(403);
    expect(JSON.parse(origin.body)).toMatchObject({ error: { message: 'Invalid Origin: evil.example' } });
    const host = await raw('/mcp', { ...JSON_HEADERS, host: 'evil.example', authorization: `Bearer ${TOKEN}` }, 'POST', LIST);
    expect(host.status).toBe(403);
  });

  test('no token → 401 with a Bearer challenge; a wrong token → 401 invalid_token', async () => {
    const none = await raw('/mcp', JSON_HEADERS, 'POST', LIST);
    expect(none.status).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer realm="maru"');
    const wrong = await raw('/mcp', { ...JSON_HEADERS, authorization: 'Bearer nope' }, 'POST', LIST);
    expect(wrong.status).toBe(401);
    expect(wrong.headers['www-authenticate']).toMatch(/^Bearer realm="maru", error="invalid_token"/);
  });

  test('a token from the env or from --tokens-file (and a local Origin) gets through', async () => {
    for (const token of [TOKEN, FILE_TOKEN]) {
      const http = await connectHttp(`${server.url}/mcp`, 'auto', { authorization: `Bearer ${token}`, origin: 'http://localhost:4321' });
      expect((await http.listTools()).tools).toHaveLength(6);
      expect(await callError(http, 'search_knowledge', { query: '가'.repeat(5000) })).toBe(
        'Input validation error: Invalid arguments for tool search_knowledge: query: query is 5000 characters; the limit is 4000. Search with a few key words instead of a whole passage.',
      );
      await http.close();
    }
  });

  test('/healthz and the site stay public (they hold nothing the site does not show)', async () => {
    const health = JSON.parse((await raw('/healthz')).body) as { buildId: string; documentCount: number };
    expect(health.buildId).toBe(JSON.parse(readFileSync(join(dir, '_wiki/manifest.json'), 'utf8')).buildId);
    expect((await raw('/_wiki/manifest.json')).status).toBe(200);
  });
});

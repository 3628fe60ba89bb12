// The CLI as `npm run mcp` runs it: exit codes, messages, stdout hygiene and the --http mode.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildFixture, EXAMPLE_CONTENT, removeDir, ROOT } from '../test/mcp/helpers.ts';

let good: string;

/** The origin a server started with `--site` prints in its "site … MCP …/mcp" line. */
function siteUrl(child: ChildProcess): Promise<string> {
  return new Promise((done, reject) => {
    let err = '';
    child.stderr!.on('data', (c: Buffer) => {
      err += c.toString();
      const m = /site (http:\/\/\S+?)\/ +MCP \S+\/mcp/.exec(err);
      if (m) done(m[1]!);
    });
    child.once('exit', (code) => reject(new Error(`exited ${code}: ${err}`)));
  });
}

beforeAll(() => {
  good = buildFixture(EXAMPLE_CONTENT);
});

afterAll(() => removeDir(good));

describe('npm run mcp', () => {
  test('without a build it exits 1 with the message on stderr and nothing on stdout', () => {
    const run = spawnSync(process.execPath, [join(ROOT, 'mcp/cli.ts'), '--artifacts', './no-such-dist'], { cwd: ROOT, encoding: 'utf8', input: '' });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim()).toBe('maru-mcp: Artifacts not found in ./no-such-dist (looked for _wiki/manifest.json). Run `npm run build` first.');
  });

  test('an unreachable artifacts URL exits 1 naming the URL and the cause', async () => {
    const port = await new Promise<number>((done) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const address = probe.address() as { port: number };
        probe.close(() => done(address.port));
      });
    });
    const run = spawnSync(process.execPath, [join(ROOT, 'mcp/cli.ts'), '--artifacts', `http://127.0.0.1:${port}/wiki`], {
      cwd: ROOT,
      encoding: 'utf8',
      input: '',
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe(
      `maru-mcp: Cannot fetch http://127.0.0.1:${port}/wiki/_wiki/manifest.json: connect ECONNREFUSED 127.0.0.1:${port}. Check that the site is up and that --artifacts is its base URL.`,
    );
  });

  test('stdout carries only JSON-RPC lines; the startup log goes to stderr', async () => {
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    };
    const messages = [initialize, { jsonrpc: '2.0', method: 'notifications/initialized' }, { jsonrpc: '2.0', id: 2, method: 'tools/list' }];
    const child = spawn(process.execPath, [join(ROOT, 'mcp/cli.ts'), '--artifacts', good, '--no-watch'], { cwd: ROOT });
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    // stdin stays open until both answers are in: the stdio transport drops requests still running at EOF.
    await new Promise<void>((done) => {
      child.stdout.on('data', (c: Buffer) => {
        stdout += c.toString();
        if (stdout.split('\n').filter(Boolean).length >= 2) done();
      });
      child.stdin.write(`${messages.map((m) => JSON.stringify(m)).join('\n')}\n`);
    });
    child.stdin.end();
    await new Promise((done) => child.once('exit', done));
    expect(
      stdout
        .split('\n')
        .filter(Boolean)
        .map((l) => (JSON.parse(l) as { id: number }).id),
    ).toEqual([1, 2]);
    expect(stderr).toMatch(/^maru-mcp: serving build [0-9a-f]{16} \(\d+ documents\) from /);
  });

  test('--http serves /mcp (with the env tokens) and /healthz without the site', async () => {
    const child = spawn(process.execPath, [join(ROOT, 'mcp/cli.ts'), '--artifacts', good, '--http', '--port', '0'], {
      cwd: ROOT,
      env: { ...process.env, MARU_MCP_TOKENS: 'tok' },
    });
    try {
      const url = await new Promise<string>((done) => {
        let err = '';
        child.stderr.on('data', (c: Buffer) => {
          err += c.toString();
          const m = /MCP at (\S+)\/mcp/.exec(err);
          if (m) done(m[1]!);
        });
      });
      const list = {
        method: 'POST',
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      };
      expect((await fetch(`${url}/mcp`, list)).status).toBe(401);
      const ok = await fetch(`${url}/mcp`, { ...list, headers: { ...list.headers, authorization: 'Bearer tok' } });
      expect(ok.status).toBe(200);
      expect(await ok.text()).toContain('"name":"search_knowledge"');
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      expect((await fetch(`${url}/`)).status).toBe(404);
    } finally {
      child.kill();
    }
  });

  test('--http --site serves the website beside /mcp, as npm start does', async () => {
    const child = spawn(process.execPath, [join(ROOT, 'mcp/cli.ts'), '--http', '--site', good, '--port', '0', '--no-watch'], {
      cwd: ROOT,
      env: { ...process.env, MARU_MCP_TOKENS: undefined },
    });
    try {
      const url = await siteUrl(child);
      expect((await fetch(`${url}/_wiki/manifest.json`)).status).toBe(200);
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
    } finally {
      child.kill();
    }
  });

  test('npm start still takes the old --dist and --poll-ms for one release, and says so once each on stderr', async () => {
    const child = spawn(process.execPath, [join(ROOT, 'scripts/start.ts'), '--dist', good, '--poll-ms', '100', '--no-watch'], {
      cwd: ROOT,
      env: { ...process.env, PORT: '0', MARU_MCP_TOKENS: undefined },
    });
    try {
      let stderr = '';
      child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
      const url = await siteUrl(child);
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      const lines = stderr.split('\n').filter((l) => l.includes('deprecated'));
      expect(lines).toEqual([
        'maru: --dist is deprecated and will be removed in the next release; use --site <dir>.',
        'maru: --poll-ms is deprecated and will be removed in the next release; use --poll <seconds> (--poll-ms 100 is --poll 0.1).',
      ]);
    } finally {
      child.kill();
    }
  });

  test('a bad value exits 2 naming the argument', () => {
    const run = spawnSync(process.execPath, [join(ROOT, 'mcp/cli.ts'), '--port', 'eighty'], { cwd: ROOT, encoding: 'utf8', input: '' });
    expect(run.status).toBe(2);
    expect(run.stderr.split('\n')[0]).toBe('maru-mcp: --port: expected a port number from 0 to 65535, got "eighty".');
  });

  test('a bad option prints the usage and exits 2', () => {
    const run = spawnSync(process.execPath, [join(ROOT, 'mcp/cli.ts'), '--nope'], { cwd: ROOT, encoding: 'utf8', input: '' });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('Usage: npm run mcp -- [--artifacts <dir|url>]');
  });
});

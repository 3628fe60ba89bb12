// A stdio server answers the handshake and tools/list while its build is still loading; everything that needs the
// build waits for it, and a build that fails to load answers the waiting requests with the reason and exits 1.
// The build is served over HTTP by the test, which holds one file back, so "still loading" is a state, not a race.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { buildFixture, EXAMPLE_CONTENT, removeDir, ROOT } from './helpers.ts';

interface HeldSite {
  url: string;
  /** Resolves when the held file has been asked for. */
  asked: Promise<void>;
  /** Answers the held request, with the file's own bytes unless `body` is given. */
  release(body?: string): void;
  /** Every path asked for, in order. */
  requested: string[];
  close(): Promise<void>;
}

/** Serves `dir` over HTTP, holding back the answer for `held` until `release` is called. */
async function heldSite(dir: string, held: string): Promise<HeldSite> {
  let markAsked!: () => void;
  const asked = new Promise<void>((done) => (markAsked = done));
  let waiting: ServerResponse | undefined;
  let released: string | undefined;
  const send = (res: ServerResponse, body: string): void => void res.writeHead(200, { 'content-type': 'application/json' }).end(body);
  const requested: string[] = [];
  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent((req.url ?? '/').slice(1));
    requested.push(path);
    let body: string;
    try {
      body = readFileSync(join(dir, path), 'utf8');
    } catch {
      res.writeHead(404).end();
      return;
    }
    if (path !== held) send(res, body);
    else if (released !== undefined) send(res, released);
    else {
      markAsked();
      waiting = res;
    }
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/`,
    asked,
    requested,
    release(body) {
      released = body ?? readFileSync(join(dir, held), 'utf8');
      if (waiting) send(waiting, released);
    },
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

interface Line {
  id?: number;
  result?: Record<string, unknown>;
  error?: { code: number; message: string };
}

/** `npm run mcp` over raw stdio, collecting each answer by id. */
function spawnMcp(artifacts: string) {
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, [join(ROOT, 'mcp/cli.ts'), '--artifacts', artifacts, '--no-watch'], { cwd: ROOT });
  const answers = new Map<number, Line>();
  const waiters: (() => void)[] = [];
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  child.stdout.on('data', (c: Buffer) => {
    stdout += c.toString();
    const lines = stdout.split('\n');
    stdout = lines.pop()!;
    for (const line of lines.filter(Boolean)) {
      const json = JSON.parse(line) as Line;
      if (typeof json.id === 'number') answers.set(json.id, json);
    }
    waiters.splice(0).forEach((w) => w());
  });
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  return {
    child,
    answers,
    exited,
    stderr: () => stderr,
    send: (...messages: object[]) => child.stdin.write(messages.map((m) => `${JSON.stringify({ jsonrpc: '2.0', ...m })}\n`).join('')),
    /** Resolves once every id has an answer. */
    async answered(...ids: number[]): Promise<Line[]> {
      while (!ids.every((id) => answers.has(id))) await new Promise<void>((done) => waiters.push(done));
      return ids.map((id) => answers.get(id)!);
    },
  };
}

const INITIALIZE = { id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } };
const INITIALIZED = { method: 'notifications/initialized' };
const TOOLS_LIST = { id: 2, method: 'tools/list' };
const SEARCH = { id: 3, method: 'tools/call', params: { name: 'search_knowledge', arguments: { query: '토크나이저를' } } };
const PROMPTS_LIST = { id: 4, method: 'prompts/list' };

let dist: string;
let site: HeldSite | undefined;
let server: ReturnType<typeof spawnMcp> | undefined;

beforeAll(() => {
  dist = buildFixture(EXAMPLE_CONTENT);
});

afterEach(async () => {
  server?.child.kill();
  await server?.exited;
  await site?.close();
  server = site = undefined;
});

afterAll(() => removeDir(dist));

describe('a stdio server whose build is still loading', () => {
  test('answers initialize and tools/list at once; search and prompts/list wait for the build, then answer from it', async () => {
    // The first answer needs the catalog and the split index's base: hold the base back.
    site = await heldSite(dist, '_wiki/search/base.json');
    server = spawnMcp(site.url);
    server.send(INITIALIZE, INITIALIZED, TOOLS_LIST, SEARCH, PROMPTS_LIST);
    const [init, tools] = await server.answered(1, 2);
    await site.asked;
    expect(init!.result).toMatchObject({ serverInfo: { name: 'maru-wiki' } });
    expect((tools!.result!.tools as { name: string }[]).map((t) => t.name)).toEqual([
      'search_knowledge',
      'read_knowledge',
      'list_knowledge',
      'list_projects',
      'get_related_knowledge',
      'knowledge_timeline',
    ]);
    // The index is still held back: nothing that needs the build may have been answered.
    await new Promise((done) => setTimeout(done, 300));
    expect([...server.answers.keys()].sort()).toEqual([1, 2]);
    site.release();
    const [search, prompts] = await server.answered(3, 4);
    const hits = (search!.result!.structuredContent as { results: { id: string }[] }).results;
    expect(hits[0]!.id).toBe('search-tokenizer');
    expect((prompts!.result!.prompts as { name: string }[]).map((p) => p.name)).toEqual(['wiki_briefing']);
    expect(server.stderr()).toMatch(/maru-mcp: serving build [0-9a-f]+ \(\d+ documents\) from http:\/\/127\.0\.0\.1/);
  });

  test('the rest of the build loads after the first answer, however long that takes: nothing else is read while it waits', async () => {
    // The document details of the hits (one file in a wiki this small): the first search waits for them.
    site = await heldSite(dist, '_wiki/search/docs-0.json');
    server = spawnMcp(site.url);
    server.send(INITIALIZE, INITIALIZED, TOOLS_LIST, SEARCH);
    await site.asked;
    // Longer than the second a build that can answer waits for a first question before loading the rest without one.
    await new Promise((done) => setTimeout(done, 1500));
    const early = /^_wiki\/(manifest\.json|catalog\.json|search\/(base|terms-\d+|docs-0)\.json)$/;
    expect(site.requested.filter((path) => !early.test(path))).toEqual([]);
    site.release();
    const [search] = await server.answered(3);
    expect((search!.result!.structuredContent as { results: { id: string }[] }).results[0]!.id).toBe('search-tokenizer');
    // Then every document and split index file is read and checked.
    await expect
      .poll(() => site!.requested.filter((path) => path.startsWith('_wiki/docs/')).length, { timeout: 60_000 })
      .toBe(readdirSync(join(dist, '_wiki/docs')).length);
    await expect.poll(() => site!.requested.includes('_wiki/search/initials.json'), { timeout: 60_000 }).toBe(true);
  });

  test('a build that fails its hash check: waiting requests get the reason, the process exits 1 saying why on stderr', async () => {
    site = await heldSite(dist, '_wiki/catalog.json');
    server = spawnMcp(site.url);
    server.send(INITIALIZE, INITIALIZED, TOOLS_LIST, SEARCH);
    await server.answered(1, 2);
    await site.asked;
    // Same size, other bytes: past the manifest's size cap, so the hash check is what refuses it.
    const catalog = readFileSync(join(dist, '_wiki/catalog.json'), 'utf8');
    site.release(`${catalog.slice(0, -1)}${catalog.endsWith('\n') ? ' ' : '\n'}`);
    const [search] = await server.answered(3);
    const reason = `Artifacts in ${site.url} are not usable: catalog.json has sha256`;
    expect(search!.error?.code).toBe(-32603);
    expect(search!.error?.message).toContain(reason);
    expect(await server.exited).toBe(1);
    expect(server.stderr()).toContain(`maru-mcp: ${reason}`);
  });

  test('a document that fails its hash after the first answer: the answer came, then the process exits 1 naming the file', async () => {
    site = await heldSite(dist, '_wiki/docs/deploy.md');
    server = spawnMcp(site.url);
    server.send(INITIALIZE, INITIALIZED, TOOLS_LIST, SEARCH);
    // The search answers before every document is read: the held one is not among its hits.
    const [search] = await server.answered(3);
    expect(search!.error).toBeUndefined();
    expect(JSON.stringify(search!.result)).not.toContain('"id":"deploy"');
    await site.asked;
    site.release(`${readFileSync(join(dist, '_wiki/docs/deploy.md'), 'utf8')}\n`);
    expect(await server.exited).toBe(1);
    expect(server.stderr()).toMatch(new RegExp(`maru-mcp: Artifacts in ${site.url} are not usable: _wiki/docs/deploy\\.md has sha256 [0-9a-f]{12}…`));
  });

  test('a missing build still exits 1 before answering anything', async () => {
    server = spawnMcp(join(dist, 'no-such-folder'));
    server.send(INITIALIZE);
    expect(await server.exited).toBe(1);
    expect(server.answers.size).toBe(0);
    expect(server.stderr().trim()).toBe(
      `maru-mcp: Artifacts not found in ${join(dist, 'no-such-folder')} (looked for _wiki/manifest.json). Run \`npm run build\` first.`,
    );
  });
});

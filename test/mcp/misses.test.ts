// Search-miss logging from MCP (stdio) and from the site (POST /_wiki/miss on npm start), and the report script.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MissEntrySchema } from '../../src/lib/misses/misses.ts';
import { SearchKnowledgeOutputSchema } from '../../mcp/tools/search-knowledge.ts';
import { buildFixture, callOk, connectStdio, EXAMPLE_CONTENT, removeDir, ROOT, spawnStart, type StartedServer } from './helpers.ts';

let dist: string;
let tmp: string;

beforeAll(() => {
  dist = buildFixture(EXAMPLE_CONTENT);
  tmp = mkdtempSync(join(tmpdir(), 'maru-misses-'));
});

afterAll(() => {
  removeDir(dist);
  removeDir(tmp);
});

const lines = (file: string) =>
  existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Record<string, unknown>)
    : [];

describe('npm run mcp -- --log-misses', () => {
  test('logs a search with no results, with its filters and nothing about the user; a good search is not logged', async () => {
    const log = join(tmp, 'mcp.jsonl');
    const client = await connectStdio(dist, 'legacy', ['--no-watch', '--log-misses', log]);
    await callOk(client, 'search_knowledge', { query: '한국어 검색' }, SearchKnowledgeOutputSchema);
    // No word of it is in the onboarding project, nor one edit away from one (`규정` is one vowel from `계정`, which
    // the onboarding guide has: whether that weak hit survives depends on the whole wiki's statistics).
    await callOk(client, 'search_knowledge', { query: '휴가 신청', project: 'onboarding' }, SearchKnowledgeOutputSchema);
    await client.close();
    const [entry, ...rest] = lines(log);
    expect(rest).toEqual([]);
    expect(MissEntrySchema.parse(entry)).toEqual({
      time: expect.any(String),
      source: 'mcp',
      query: '휴가 신청',
      filters: { project: 'onboarding' },
      resultCount: 0,
      bestScore: null,
      match: 'none',
    });
    expect(Object.keys(entry!).sort()).toEqual(['bestScore', 'filters', 'match', 'query', 'resultCount', 'source', 'time']);
  });

  test('without the flag nothing is logged anywhere', async () => {
    const client = await connectStdio(dist, 'legacy', ['--no-watch']);
    await callOk(client, 'search_knowledge', { query: '휴가 신청 규정' }, SearchKnowledgeOutputSchema);
    await client.close();
    expect(lines(join(tmp, 'mcp.jsonl'))).toHaveLength(1);
  });
});

describe('npm start -- --log-misses: POST /_wiki/miss', () => {
  let server: StartedServer;
  let log: string;
  beforeAll(async () => {
    log = join(tmp, 'site.jsonl');
    server = await spawnStart(dist, {}, ['--log-misses', log]);
  });
  afterAll(async () => {
    await server?.stop();
  });

  /** POSTs to /_wiki/miss as a page of this site would; a header set to null is left out. */
  function post(body: string, headers: Record<string, string | null> = {}, method = 'POST'): Promise<{ status: number; body: string }> {
    const url = new URL(server.url);
    const all = Object.fromEntries(
      Object.entries({ 'content-type': 'application/json', origin: server.url, ...headers }).filter(([, v]) => v !== null),
    ) as Record<string, string>;
    return new Promise((done, reject) => {
      const req = request({ host: url.hostname, port: url.port, path: '/_wiki/miss', method, headers: all }, (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => done({ status: res.statusCode ?? 0, body: text }));
      });
      req.on('error', reject);
      req.end(body);
    });
  }

  test('a same-origin report of a weak search is appended; a good one is accepted but not logged', async () => {
    expect((await post(JSON.stringify({ query: '점심 메뉴', filters: { tags: ['생활'] }, resultCount: 1, bestScore: 2.5 }))).status).toBe(204);
    expect((await post(JSON.stringify({ query: '한국어 검색', filters: {}, resultCount: 10, bestScore: 914 }))).status).toBe(204);
    const entries = lines(log);
    expect(entries).toHaveLength(1);
    expect(MissEntrySchema.parse(entries[0])).toMatchObject({
      source: 'site',
      query: '점심 메뉴',
      filters: { tags: ['생활'] },
      resultCount: 1,
      bestScore: 2.5,
    });
  });

  test.each<[string, Record<string, string | null>, string, number]>([
    ['no Origin', { origin: null }, '{"query":"x","resultCount":0}', 403],
    ['a foreign Origin', { origin: 'http://evil.example' }, '{"query":"x","resultCount":0}', 403],
    ['a cross-site fetch', { 'sec-fetch-site': 'cross-site' }, '{"query":"x","resultCount":0}', 403],
    ['not JSON', {}, 'query=x', 400],
    ['an unknown field', {}, '{"query":"x","resultCount":0,"user":"kim"}', 400],
    ['a missing resultCount', {}, '{"query":"x"}', 400],
    ['a body over 4 KB', {}, JSON.stringify({ query: 'x'.repeat(5000), resultCount: 0 }), 413],
    ['a text/plain body', { 'content-type': 'text/plain' }, '{"query":"x","resultCount":0}', 415],
  ])('%s is refused', async (_name, headers, body, status) => {
    const before = lines(log).length;
    expect((await post(body, headers)).status).toBe(status);
    expect(lines(log)).toHaveLength(before);
  });

  test('GET is not allowed', async () => {
    expect((await post('', {}, 'GET')).status).toBe(405);
  });
});

describe('npm run report:misses', () => {
  test('turns the fixture log into the Korean report, suggesting aliases from the built titles', () => {
    const run = spawnSync(process.execPath, [join(ROOT, 'scripts/report-misses.ts'), join(ROOT, 'test/fixtures/misses/misses.jsonl'), '--artifacts', dist], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(run.status).toBe(0);
    const out = run.stdout.split('\n');
    expect(out[0]).toBe('# 검색 실패 리포트');
    expect(out).toContain('| 휴가 신청 | 3 | 2 | 2026-11-25 | MCP 1, 사이트 2 | 새 문서 |');
    expect(out).toContain('| 배포 롤백 방법 | 2 | 2 | 2026-11-26 | MCP 1, 사이트 1 | `deploy`에 별칭 추가 |');
  });

  test('a missing log exits 1 saying how to make one', () => {
    const run = spawnSync(process.execPath, [join(ROOT, 'scripts/report-misses.ts'), 'nope.jsonl'], { cwd: ROOT, encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe('report:misses: nope.jsonl does not exist. Start the server with --log-misses nope.jsonl first.');
  });
});

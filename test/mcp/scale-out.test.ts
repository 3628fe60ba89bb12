// Scale out: any number of MCP replicas serve one deployed build from its URL, and all of them move to
// the next build within their poll interval, without one failed call while they switch.
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { realpath } from 'node:fs/promises';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { listen } from '../../mcp/http/listen.ts';
import { createStaticHandler } from '../../mcp/http/static.ts';
import { SearchKnowledgeOutputSchema } from '../../mcp/tools/search-knowledge.ts';
import { buildArtifacts } from '../../src/node/wiki-build.ts';
import { buildFixture, connectHttp, EXAMPLE_CONTENT, removeDir, ROOT, waitFor } from './helpers.ts';

const POLL_MS = 1000;
const PROBE = `---
id: scale-probe
title: 스케일 아웃 확인용 문서
project: operations
category: guide
created_at: 2026-11-29
updated_at: 2026-11-29
summary: 새 배포가 모든 복제본에 들어왔는지 확인하는 문서.
---

## 본문

망고빙수 토큰은 이 문서에만 있다.
`;

interface Replica {
  url: string;
  child: ChildProcess;
  client: Client;
}

let site: string;
let next: string;
let content: string;
let server: Server;
let siteUrl: string;
const replicas: Replica[] = [];

/** `npm run mcp -- --http --artifacts <url>`, as the container runs it; resolves with its URL. */
async function startReplica(artifacts: string): Promise<Replica> {
  const child = spawn(process.execPath, [join(ROOT, 'mcp/cli.ts'), '--http', '--port', '0', '--artifacts', artifacts, '--poll', String(POLL_MS / 1000)], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  const url = await new Promise<string>((done, reject) => {
    const timer = setTimeout(() => reject(new Error(`replica did not come up: ${err}`)), 20_000);
    child.stderr.on('data', (chunk: Buffer) => {
      err += chunk.toString();
      const m = /MCP at (http:\/\/\S+)\/mcp/.exec(err);
      if (m) {
        clearTimeout(timer);
        done(m[1]!);
      }
    });
    child.once('exit', (code) => reject(new Error(`replica exited ${code}: ${err}`)));
  });
  return { url, child, client: await connectHttp(`${url}/mcp`) };
}

/** Publishes `from` over the deployed folder the way deploy/README.md says: every file first, the manifest last, each by rename. */
function publish(from: string, to: string): void {
  const files = readdirSync(from, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(from, join(e.parentPath, e.name)))
    .filter((rel) => rel !== '_wiki/manifest.json');
  const put = (rel: string) => {
    const tmp = join(to, `${rel}.publishing`);
    mkdirSync(dirname(tmp), { recursive: true });
    copyFileSync(join(from, rel), tmp);
    renameSync(tmp, join(to, rel));
  };
  for (const rel of files) put(rel);
  put('_wiki/manifest.json');
}

const buildIdOf = async (url: string) => ((await (await fetch(`${url}/healthz`)).json()) as { buildId: string }).buildId;

beforeAll(async () => {
  site = buildFixture(EXAMPLE_CONTENT, 'maru-deployed-');
  content = mkdtempSync(join(tmpdir(), 'maru-content-'));
  cpSync(EXAMPLE_CONTENT, content, { recursive: true });
  writeFileSync(join(content, 'operations/scale-probe.md'), PROBE);
  next = mkdtempSync(join(tmpdir(), 'maru-next-build-'));
  buildArtifacts(content, next);
  ({ server, url: siteUrl } = await listen(createStaticHandler(await realpath(site), '/'), '127.0.0.1', 0));
  replicas.push(await startReplica(`${siteUrl}/`), await startReplica(`${siteUrl}/`));
}, 60_000);

afterAll(async () => {
  for (const r of replicas) {
    await r.client.close().catch(() => undefined);
    r.child.kill('SIGTERM');
  }
  server?.close();
  removeDir(site);
  removeDir(next);
  removeDir(content);
});

test('two replicas on one deployed URL switch to a newly published build within the poll interval, with zero failed searches', async () => {
  const before = await buildIdOf(replicas[0]!.url);
  expect(await buildIdOf(replicas[1]!.url)).toBe(before);

  // A client searches in a loop, alternating replicas, the whole time.
  let calls = 0;
  const failures: string[] = [];
  let running = true;
  const loop = (async () => {
    for (let i = 0; running; i++) {
      const { client } = replicas[i % 2]!;
      try {
        const result = await client.callTool({ name: 'search_knowledge', arguments: { query: i % 3 ? '토크나이저를' : '망고빙수' } });
        if (result.isError) failures.push(JSON.stringify(result.content));
        else SearchKnowledgeOutputSchema.parse(result.structuredContent);
      } catch (e) {
        failures.push((e as Error).message);
      }
      calls++;
    }
  })();

  await new Promise((r) => setTimeout(r, 500));
  publish(next, site);
  const published = Date.now();
  const after = JSON.parse(await (await fetch(`${siteUrl}/_wiki/manifest.json`)).text()) as { buildId: string };
  expect(after.buildId).not.toBe(before);
  const switchedAt: number[] = [];
  await Promise.all(
    replicas.map(async (r) => {
      await waitFor(async () => (await buildIdOf(r.url)) === after.buildId, POLL_MS * 3 + 10_000);
      switchedAt.push(Date.now() - published);
    }),
  );
  await new Promise((r) => setTimeout(r, 500));
  running = false;
  await loop;

  // Within one poll interval, plus the time to fetch and load the new artifacts (generous on a shared 2-core machine).
  for (const ms of switchedAt) expect(ms).toBeLessThan(POLL_MS + 4000);
  expect(failures).toEqual([]);
  expect(calls).toBeGreaterThan(10);
  for (const { client } of replicas) {
    const result = await client.callTool({ name: 'search_knowledge', arguments: { query: '망고빙수' } });
    expect(SearchKnowledgeOutputSchema.parse(result.structuredContent).results[0]?.id).toBe('scale-probe');
  }
}, 60_000);

// A running server picks up a new build only after it validates; a corrupt build leaves the old one serving.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { realpath } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createStaticHandler } from '../../mcp/http/static.ts';
import { listen } from '../../mcp/http/listen.ts';
import { openStore } from '../../mcp/store.ts';
import { SearchKnowledgeOutputSchema } from '../../mcp/tools/search-knowledge.ts';
import {
  buildFixture,
  callError,
  callOk,
  connectHttp,
  connectStdio,
  EXAMPLE_CONTENT,
  rebuildArtifacts,
  removeDir,
  spawnStart,
  waitFor,
  type StartedServer,
} from './helpers.ts';

const PROBE = `---
id: reload-probe
title: 리로드 확인용 문서
project: operations
category: guide
tags: [리로드]
created_at: 2026-11-29
updated_at: 2026-11-29
summary: 새 빌드가 들어왔는지 확인하는 문서.
---

## 본문

파인애플피자 토큰은 이 문서에만 있다.
`;

interface Health {
  buildId: string;
  lastReload: { ok: boolean; error?: string; buildId: string } | null;
}

let dir: string;
let content: string;

beforeAll(() => {
  dir = buildFixture(EXAMPLE_CONTENT);
  // A second content tree with one extra document, built over the first build to make "the next build".
  content = mkdtempSync(join(tmpdir(), 'maru-content-'));
  cpSync(EXAMPLE_CONTENT, content, { recursive: true });
  writeFileSync(join(content, 'operations/reload-probe.md'), PROBE);
});

afterAll(() => {
  removeDir(dir);
  removeDir(content);
});

/** Breaks catalog.json and rewrites the manifest with a new build id, as a half-copied deploy would. */
function corruptBuild(target: string): void {
  writeFileSync(join(target, '_wiki/catalog.json'), `${readFileSync(join(target, '_wiki/catalog.json'), 'utf8')} `);
  const manifest = JSON.parse(readFileSync(join(target, '_wiki/manifest.json'), 'utf8')) as { buildId: string };
  writeFileSync(join(target, '_wiki/manifest.json'), JSON.stringify({ ...manifest, buildId: 'corrupt-build' }));
}

describe('watching a build folder (npm start and npm run mcp)', () => {
  let server: StartedServer;
  let http: Client;
  let stdio: Client;
  let firstBuild: string;
  const health = async () => (await (await fetch(`${server.url}/healthz`)).json()) as Health;

  beforeAll(async () => {
    server = await spawnStart(dir);
    http = await connectHttp(`${server.url}/mcp`);
    stdio = await connectStdio(dir);
    firstBuild = (await health()).buildId;
  });

  afterAll(async () => {
    await http?.close();
    await stdio?.close();
    await server?.stop();
  });

  test('a corrupt new build is refused; the old one keeps serving and /healthz says why', async () => {
    corruptBuild(dir);
    await waitFor(async () => (await health()).lastReload?.ok === false);
    const h = await health();
    expect(h.buildId).toBe(firstBuild);
    expect(h.lastReload?.error).toMatch(
      /^Artifacts in .* are not usable: catalog\.json has sha256 [0-9a-f]{12}…, but the manifest says [0-9a-f]{12}…\. The build is incomplete/,
    );
    expect(server.stderr()).toContain(`reload failed, still serving build ${firstBuild}`);
    for (const client of [http, stdio]) {
      const { data } = await callOk(client, 'search_knowledge', { query: '토크나이저를' }, SearchKnowledgeOutputSchema);
      expect(data.results[0]?.id).toBe('search-tokenizer');
    }
  });

  test('the next good build is swapped in for both transports', async () => {
    await rebuildArtifacts(content, dir);
    await waitFor(async () => (await health()).lastReload?.ok === true);
    const h = await health();
    expect(h.buildId).not.toBe(firstBuild);
    expect(h.lastReload).toMatchObject({ ok: true, buildId: h.buildId });
    for (const client of [http, stdio]) {
      await waitFor(async () => !(await client.callTool({ name: 'read_knowledge', arguments: { document_id: 'reload-probe' } })).isError);
      const { data } = await callOk(client, 'search_knowledge', { query: '파인애플피자' }, SearchKnowledgeOutputSchema);
      expect(data.results[0]?.id).toBe('reload-probe');
    }
  });
});

describe('revalidating a deployed site URL', () => {
  test('ETag polling loads a new build and ignores a corrupt one', async () => {
    const site = buildFixture(EXAMPLE_CONTENT);
    const { server, url } = await listen(createStaticHandler(await realpath(site), '/'), '127.0.0.1', 0);
    const logs: string[] = [];
    const store = await openStore(`${url}/`, (m) => logs.push(m));
    const first = store.current().manifest.buildId;
    store.watch({ pollMs: 100 });
    corruptBuild(site);
    await waitFor(async () => store.lastReload()?.ok === false);
    expect(store.current().manifest.buildId).toBe(first);
    await rebuildArtifacts(content, site);
    await waitFor(async () => store.lastReload()?.ok === true);
    expect(store.current().ids).toContain('reload-probe');
    expect(logs.some((l) => l.startsWith('maru-mcp: reload failed, still serving build'))).toBe(true);
    store.close();
    server.close();
    removeDir(site);
  });

  test('a fresh stdio server on the rebuilt folder suggests ids from the new build', async () => {
    const client = await connectStdio(dir);
    expect(await callError(client, 'read_knowledge', { document_id: 'reload-prob' })).toMatch(/Did you mean "reload-probe"/);
    await client.close();
  });
});

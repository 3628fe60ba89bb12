// Finding 3: "last good" means the whole build. Until a new build is fully verified, every read and search is
// answered from the build /healthz reports, even when the folder on disk is corrupted, removed or being rebuilt.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ReadKnowledgeOutputSchema } from '../../mcp/tools/read-knowledge.ts';
import { SearchKnowledgeOutputSchema } from '../../mcp/tools/search-knowledge.ts';
import { buildArtifacts } from '../../src/node/wiki-build.ts';
import {
  buildFixture,
  callOk,
  connectHttp,
  connectStdio,
  EXAMPLE_CONTENT,
  removeDir,
  spawnStart,
  stdioStderr,
  waitFor,
  type StartedServer,
} from '../mcp/helpers.ts';

interface Health {
  ok: boolean;
  buildId: string;
  lastReload: { ok: boolean; error?: string; buildId: string } | null;
}

/** Every `_wiki/docs/**.md` below a build folder. */
function docFiles(dir: string): string[] {
  return readdirSync(join(dir, '_wiki/docs'), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.md'))
    .map((f) => join(dir, '_wiki/docs', f));
}

/** Reads every document and runs a search through `client`, checking each answer against the build it came from. */
async function readEverything(client: Client, ids: readonly string[], expected: Map<string, string>): Promise<void> {
  for (const id of ids) {
    const { data } = await callOk(client, 'read_knowledge', { document_id: id, max_chars: 12_000 }, ReadKnowledgeOutputSchema);
    expect(data.content).toBe(expected.get(id)!.slice(0, data.content.length));
  }
  const { data } = await callOk(client, 'search_knowledge', { query: '토크나이저를' }, SearchKnowledgeOutputSchema);
  expect(data.results[0]?.id).toBe('search-tokenizer');
}

describe.each(['http', 'stdio'] as const)('over %s', (transport) => {
  let dir: string;
  let server: StartedServer;
  let client: Client;
  let firstBuild: string;
  let ids: string[];
  const texts = new Map<string, string>();
  const health = async () => (await (await fetch(`${server.url}/healthz`)).json()) as Health;

  beforeAll(async () => {
    dir = buildFixture(EXAMPLE_CONTENT);
    const catalog = JSON.parse(readFileSync(join(dir, '_wiki/catalog.json'), 'utf8')) as { documents: { id: string; markdownPath: string }[] };
    ids = catalog.documents.map((d) => d.id);
    for (const d of catalog.documents) texts.set(d.id, readFileSync(join(dir, d.markdownPath), 'utf8'));
    server = await spawnStart(dir);
    // stdio watches the folder itself (it has no /healthz; the HTTP server on the same folder reports the same reloads).
    client = transport === 'http' ? await connectHttp(`${server.url}/mcp`) : await connectStdio(dir);
    firstBuild = (await health()).buildId;
    // A stdio server answers before it has read every document (each is checked when first read); the build it holds
    // is whole once it says so, and only then can the folder change under it without it stopping.
    if (transport === 'stdio') await waitFor(async () => stdioStderr(client).includes(`build ${firstBuild} checked whole`));
  });

  afterAll(async () => {
    await client?.close();
    await server?.stop();
    removeDir(dir);
  });

  test('every docs/*.md and the manifest corrupted: all reads and searches still answer from the old build', async () => {
    const saved = mkdtempSync(join(tmpdir(), 'maru-saved-'));
    cpSync(join(dir, '_wiki'), join(saved, '_wiki'), { recursive: true });
    for (const file of docFiles(dir)) writeFileSync(file, '# replaced\n\nnot the document the manifest describes\n');
    writeFileSync(join(dir, '_wiki/manifest.json'), '{ "format": "maru-wiki", truncated');
    await waitFor(async () => (await health()).lastReload?.ok === false);
    const h = await health();
    expect(h).toMatchObject({ ok: false, buildId: firstBuild });
    expect(h.lastReload?.error).toContain('manifest.json is not valid JSON');
    await readEverything(client, ids, texts);
    // Put the good build back so the next test starts from it.
    rmSync(join(dir, '_wiki'), { recursive: true });
    cpSync(join(saved, '_wiki'), join(dir, '_wiki'), { recursive: true });
    removeDir(saved);
    await waitFor(async () => (await health()).lastReload?.ok === true);
  });

  test('_wiki/ removed (as Astro empties the output folder): reads and searches still answer; /healthz says why', async () => {
    const saved = mkdtempSync(join(tmpdir(), 'maru-saved-'));
    cpSync(join(dir, '_wiki'), join(saved, '_wiki'), { recursive: true });
    rmSync(join(dir, '_wiki'), { recursive: true });
    await waitFor(async () => (await health()).lastReload?.ok === false);
    const h = await health();
    expect(h.buildId).toBe(firstBuild);
    expect(h.lastReload?.error).toMatch(/^Artifacts not found in .* \(looked for _wiki\/manifest\.json\)/);
    await readEverything(client, ids, texts);
    cpSync(join(saved, '_wiki'), join(dir, '_wiki'), { recursive: true });
    removeDir(saved);
    await waitFor(async () => (await health()).lastReload?.ok === true);
  });

  test('a rebuild into the same folder while a client reads and searches in a loop: zero failed calls', async () => {
    const content = mkdtempSync(join(tmpdir(), 'maru-content-'));
    cpSync(EXAMPLE_CONTENT, content, { recursive: true });
    writeFileSync(
      join(content, 'operations/rebuild-probe.md'),
      '---\nid: rebuild-probe\ntitle: 재빌드 확인\nproject: operations\ncategory: guide\nupdated_at: 2026-11-29\n---\n\n## 본문\n\n망고빙수 토큰은 새 빌드에만 있다.\n',
    );
    const failures: string[] = [];
    let calls = 0;
    let stop = false;
    const loop = (async () => {
      // A server gone would answer every call at once with an error: stop after a few rather than spin.
      for (let i = 0; !stop && failures.length < 20; i++) {
        const id = ids[i % ids.length]!;
        const call = i % 2 === 0 ? { name: 'read_knowledge', arguments: { document_id: id } } : { name: 'search_knowledge', arguments: { query: '배포 롤백' } };
        const result = await client.callTool(call).catch((e: Error) => ({ isError: true, content: [{ type: 'text', text: e.message }] }));
        calls++;
        if (result.isError) failures.push(`${call.name} ${JSON.stringify(call.arguments)}: ${JSON.stringify(result.content).slice(0, 300)}`);
      }
    })();
    try {
      await new Promise((r) => setTimeout(r, 300));
      rmSync(join(dir, '_wiki'), { recursive: true });
      await new Promise((r) => setTimeout(r, 700));
      buildArtifacts(content, dir);
      await waitFor(async () => (await health()).buildId !== firstBuild, 20_000);
      await waitFor(async () => !(await client.callTool({ name: 'read_knowledge', arguments: { document_id: 'rebuild-probe' } })).isError, 20_000);
    } finally {
      stop = true;
      await loop;
      removeDir(content);
    }
    expect(failures).toEqual([]);
    expect(calls).toBeGreaterThan(10);
    expect((await health()).lastReload).toMatchObject({ ok: true });
  }, 60_000);
});

// remember_knowledge reads, parses and rebuilds the whole content folder. That work runs on its own thread: other
// clients' searches are answered meanwhile, and a call whose checks run too long is stopped without saving anything.
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openStore } from '../../mcp/store.ts';
import { LOCK_FILE } from '../../mcp/write/lock.ts';
import { openWriter } from '../../mcp/write/writer.ts';
import { RememberKnowledgeOutputSchema } from '../../mcp/tools/remember-knowledge.ts';
import { collectMaterial, writeCorpus } from '../../scripts/lib/generate-corpus.ts';
import { buildFixture, callOk, connectHttp, EXAMPLE_CONTENT, removeDir, spawnStart, type StartedServer } from './helpers.ts';

const TOKEN = 'remember-thread-token-0123456789';
let tmp: string;
let content: string;
let dist: string;
let server: StartedServer;

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.md'))
    .sort();
}

const brokenLinks = process.env.MARU_BROKEN_LINKS;

beforeAll(() => {
  // The generated documents keep the example wiki's links to its own ids; as in the generated corpora's builds, they
  // are warnings (the server spawned below inherits this too).
  process.env.MARU_BROKEN_LINKS = 'warn';
  tmp = mkdtempSync(join(tmpdir(), 'maru-remember-thread-'));
  content = join(tmp, 'content');
  // 150 documents from the example wiki's own paragraphs: large enough that checking and rebuilding takes seconds.
  const material = collectMaterial(markdownFiles(EXAMPLE_CONTENT).map((f) => readFileSync(join(EXAMPLE_CONTENT, f), 'utf8')));
  writeCorpus(content, 150, material, 7);
  dist = buildFixture(content);
});

afterAll(async () => {
  if (brokenLinks === undefined) delete process.env.MARU_BROKEN_LINKS;
  else process.env.MARU_BROKEN_LINKS = brokenLinks;
  await server?.stop();
  removeDir(tmp);
  removeDir(dist);
});

const LESSON = (n: number) =>
  `# 캐시 무효화 순서 ${n}\n\n배포 스크립트는 새 인덱스를 올린 다음에 CDN 캐시를 비운다. 순서를 바꾸면 사용자가 옛 결과를 한동안 본다 (사례 ${n}).\n`;

describe('remember_knowledge on its own thread', () => {
  test("while a write checks and rebuilds the wiki, another client's searches are answered", async () => {
    server = await spawnStart(dist, { MARU_MCP_TOKENS: TOKEN }, ['--allow-write', content, '--no-watch']);
    const headers = { Authorization: `Bearer ${TOKEN}` };
    const reader: Client = await connectHttp(`${server.url}/mcp`, 'legacy', headers);
    const writer: Client = await connectHttp(`${server.url}/mcp`, 'legacy', headers);
    await reader.callTool({ name: 'search_knowledge', arguments: { query: '인덱스' } });
    let writing = true;
    const waits: number[] = [];
    const searching = (async () => {
      while (writing) {
        const start = performance.now();
        const result = await reader.callTool({ name: 'search_knowledge', arguments: { query: '배포 캐시' } });
        expect(result.isError).toBeFalsy();
        if (writing) waits.push(performance.now() - start);
      }
    })();
    const start = performance.now();
    const { data } = await callOk(writer, 'remember_knowledge', { content: LESSON(1), project: 'ops' }, RememberKnowledgeOutputSchema);
    const took = performance.now() - start;
    writing = false;
    await searching;
    expect(data.note).toBe('Saved; search_knowledge and read_knowledge show it now, and everyone sees it after the next build.');
    expect(data.status).toBe('created');
    expect(data.searchable).toBe(true);
    // On the main thread the checks and the rebuild held every search until they were done (8.9 s of a 9 s write on
    // ko-react-docs). Now searches keep coming back while the write runs; none waits a quarter of the write.
    expect(waits.length).toBeGreaterThanOrEqual(10);
    expect(Math.max(...waits)).toBeLessThan(took / 4);
    await reader.close();
    await writer.close();
  });

  test('a call whose checks run past the limit is refused, nothing is saved, and its lock does not block the next writer', async () => {
    // The example wiki is enough here: no check finishes within 1 ms.
    const small = join(tmp, 'small');
    cpSync(EXAMPLE_CONTENT, small, { recursive: true });
    const smallDist = buildFixture(small);
    const store = await openStore(smallDist);
    const before = markdownFiles(small);
    const hasty = await openWriter(small, store, { checkLimitMs: 1, log: () => undefined });
    await expect(hasty.remember({ content: LESSON(2), project: 'ops' })).rejects.toThrow(
      /^Nothing was saved: checking the document against the wiki took longer than 1 ms, so it was stopped\./,
    );
    expect(markdownFiles(small)).toEqual(before);
    expect(existsSync(join(small, LOCK_FILE))).toBe(false);
    // The stopped thread was replaced: the same writer answers the next call (refused the same way, not broken).
    await expect(hasty.remember({ content: LESSON(3), project: 'ops' })).rejects.toThrow(/took longer than/);
    // A writer with the default limit saves at once (a lock left behind would make it wait, then refuse).
    const patient = await openWriter(small, store, { log: () => undefined });
    const outcome = await patient.remember({ content: LESSON(4), project: 'ops', force: true });
    expect(outcome.status).toBe('created');
    expect(markdownFiles(small)).toEqual([...before, 'ops/캐시-무효화-순서-4.md'].sort());
    expect(patient.current().manifest.documentCount).toBe(store.current().manifest.documentCount + 1);
    store.close();
    removeDir(smallDist);
  });
});

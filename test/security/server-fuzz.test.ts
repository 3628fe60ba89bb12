// Property-based fuzzing (fast-check): any string as frontmatter, Markdown body, query, document_id or section never
// throws an unhandled error and finishes in bounded time; any JSON value as tool arguments gets a valid JSON-RPC
// reply over the real stdio server. Fixed seed here; `npm run fuzz` runs the same properties longer.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport } from '@modelcontextprotocol/server';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadArtifacts, type ArtifactSet } from '../../mcp/artifacts.ts';
import { createServer } from '../../mcp/server.ts';
import { dirSource } from '../../mcp/source.ts';
import { toSourceDocument } from '../../src/lib/wiki/document.ts';
import { buildWiki } from '../../src/lib/wiki/pipeline.ts';
import { buildFixture, EXAMPLE_CONTENT, removeDir, ROOT, textOf } from '../mcp/helpers.ts';

/** Runs per property: small in `npm test`, large in `npm run fuzz` (MARU_FUZZ_RUNS). */
const RUNS = Number(process.env.MARU_FUZZ_RUNS ?? 100);
const SEED = Number(process.env.MARU_FUZZ_SEED ?? 20261130);
/** Per-input bound; generous on a shared 2-core machine (speed targets live in the benchmarks). */
const BOUND_MS = 2_000;
const PARAMS = { numRuns: RUNS, seed: SEED, endOnFailure: true };

const yamlish = fc.string({
  unit: fc.constantFrom(
    'a',
    'id',
    'title',
    '-',
    ':',
    ' ',
    '\n',
    '[',
    ']',
    '{',
    '}',
    '"',
    "'",
    '#',
    '!',
    '&',
    '*',
    '|',
    '>',
    '가',
    '\t',
    '%',
    '@',
    '`',
    '0',
    '?',
    ',',
    '<<',
    '!!js/function',
    '---',
  ),
  maxLength: 300,
});
const markdownish = fc.string({
  unit: fc.constantFrom(
    '#',
    '[',
    ']',
    '(',
    ')',
    '!',
    '`',
    '```',
    '*',
    '_',
    '<',
    '>',
    '|',
    '-',
    '\n',
    ' ',
    'a',
    '가',
    '[[',
    ']]',
    ':',
    '/',
    '\\',
    '<script>',
    'javascript:',
    '$$',
    '~~~',
    '&#x',
    '\u0000',
    '\uD800',
  ),
  maxLength: 600,
});
const anyText = fc.string({ unit: 'binary', maxLength: 2_000 });

function timed<T>(fn: () => T): T {
  const t = performance.now();
  const out = fn();
  expect(performance.now() - t).toBeLessThan(BOUND_MS);
  return out;
}

describe('content parsing', () => {
  test('any string as frontmatter is data or a located problem, never a throw', () => {
    fc.assert(
      fc.property(fc.oneof(yamlish, anyText), (front) => {
        const text = `---\n${front}\n---\n\n# 본문\n\n내용.\n`;
        const result = timed(() => toSourceDocument({ path: 'fuzz/front.md', text, mtime: '2026-11-30T00:00:00.000Z' }, ['guide']));
        for (const p of result.problems) expect(p.path).toBe('fuzz/front.md');
        timed(() => buildWiki([{ path: 'fuzz/front.md', text, mtime: '2026-11-30T00:00:00.000Z' }], { categories: ['guide'], base: '/' }));
      }),
      PARAMS,
    );
  });

  test('any string as a Markdown body parses into a wiki, never a throw', () => {
    fc.assert(
      fc.property(fc.oneof(markdownish, anyText), (body) => {
        const text = `---\nid: fuzz-body\ntitle: 퍼즈\ncategory: guide\n---\n\n${body}\n`;
        const wiki = timed(() => buildWiki([{ path: 'fuzz/body.md', text, mtime: '2026-11-30T00:00:00.000Z' }], { categories: ['guide'], base: '/' }));
        expect(wiki.documents.length + wiki.problems.length).toBeGreaterThan(0);
      }),
      PARAMS,
    );
  });
});

describe('MCP tools over an in-memory client', () => {
  let dir: string;
  let set: ArtifactSet;
  let client: Client;

  beforeAll(async () => {
    dir = buildFixture(EXAMPLE_CONTENT);
    set = await loadArtifacts(await dirSource(dir));
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await createServer({ artifacts: () => set }).connect(serverSide);
    client = new Client({ name: 'fuzz', version: '1' });
    await client.connect(clientSide);
  });

  afterAll(async () => {
    await client?.close();
    removeDir(dir);
  });

  const text = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 300 }),
    fc.string({ unit: 'binary', minLength: 4_000, maxLength: 5_000 }),
    fc.constantFrom('deploy', '../../etc/passwd', '%2e%2e', '배포', ''),
  );

  test(
    'any string as query, document_id or section gets a tool result (never a protocol failure)',
    async () => {
      await fc.assert(
        fc.asyncProperty(text, text, text, async (query, id, section) => {
          for (const call of [
            { name: 'search_knowledge', arguments: { query } },
            { name: 'read_knowledge', arguments: { document_id: id, section } },
            { name: 'read_knowledge', arguments: { document_id: 'deploy', section } },
            { name: 'get_related_knowledge', arguments: { document_id: id } },
          ]) {
            const t = performance.now();
            const result = await client.callTool(call);
            expect(performance.now() - t).toBeLessThan(BOUND_MS);
            expect(Array.isArray(result.content)).toBe(true);
            // An error never echoes a huge argument back.
            if (result.isError) expect(textOf(result).length).toBeLessThan(3_000);
          }
        }),
        PARAMS,
      );
    },
    Math.max(120_000, RUNS * 200),
  );
});

describe('any JSON value as tool arguments over stdio', () => {
  let dir: string;
  let child: ChildProcessWithoutNullStreams;
  const waiting = new Map<number, (reply: Record<string, unknown>) => void>();
  let nextId = 1;

  function call(name: string, args: unknown): Promise<Record<string, unknown>> {
    const id = nextId++;
    return new Promise((done, reject) => {
      const timer = setTimeout(() => reject(new Error(`no reply to id ${id} within 10 s`)), 10_000);
      waiting.set(id, (r) => {
        clearTimeout(timer);
        done(r);
      });
      child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } })}\n`);
    });
  }

  beforeAll(async () => {
    dir = buildFixture(EXAMPLE_CONTENT);
    child = spawn(process.execPath, [join(ROOT, 'mcp/cli.ts'), '--artifacts', dir, '--no-watch'], { cwd: ROOT, stdio: 'pipe' });
    createInterface({ input: child.stdout }).on('line', (line) => {
      const reply = JSON.parse(line) as Record<string, unknown>;
      waiting.get(reply.id as number)?.(reply);
      waiting.delete(reply.id as number);
    });
    const init = new Promise<void>((done) => waiting.set(0, () => done()));
    child.stdin.write(
      `${JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'fuzz', version: '1' } } })}\n`,
    );
    await init;
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
  });

  afterAll(() => {
    child?.kill();
    removeDir(dir);
  });

  test(
    'every call gets exactly one valid JSON-RPC reply with its id',
    async () => {
      const tools = ['search_knowledge', 'read_knowledge', 'list_knowledge', 'list_projects', 'get_related_knowledge', 'knowledge_timeline', 'no_such_tool'];
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...tools), fc.jsonValue({ maxDepth: 4 }), async (name, args) => {
          const reply = await call(name, args);
          expect(reply.jsonrpc).toBe('2.0');
          expect('result' in reply !== 'error' in reply).toBe(true);
          if ('error' in reply) expect(Number.isInteger((reply.error as { code: unknown }).code)).toBe(true);
        }),
        PARAMS,
      );
    },
    Math.max(120_000, RUNS * 200),
  );
});

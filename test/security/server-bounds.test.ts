// Finding 4: every string argument has a documented maximum checked before any work; a 4 MB argument over HTTP is
// refused quickly and /healthz keeps answering meanwhile (no timing assert tighter than 2 s; speed lives in benchmarks).
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { closestIds } from '../../mcp/support/closest.ts';
import { buildFixture, connectHttp, connectStdio, EXAMPLE_CONTENT, removeDir, spawnStart, textOf, type StartedServer } from '../mcp/helpers.ts';

interface JsonSchema {
  type?: string | string[];
  maxLength?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  description?: string;
}

let dir: string;
let server: StartedServer;
let stdio: Client;

beforeAll(async () => {
  dir = buildFixture(EXAMPLE_CONTENT);
  server = await spawnStart(dir);
  stdio = await connectStdio(dir, 'legacy', ['--no-watch']);
});

afterAll(async () => {
  await stdio?.close();
  await server?.stop();
  removeDir(dir);
});

/** Every string (and array) inside a JSON Schema, with its path, so a new unbounded argument fails this test. */
function unbounded(schema: JsonSchema, path: string): string[] {
  const out: string[] = [];
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes('string') && schema.enum === undefined) {
    if (schema.maxLength === undefined) out.push(`${path}: string without maxLength`);
    else if (schema.description !== undefined && !schema.description.replaceAll(',', '').includes(String(schema.maxLength)))
      out.push(`${path}: description does not state ${schema.maxLength}`);
  }
  if (types.includes('array') && schema.maxItems === undefined) out.push(`${path}: array without maxItems`);
  for (const [k, v] of Object.entries(schema.properties ?? {})) out.push(...unbounded(v, `${path}.${k}`));
  if (schema.items) out.push(...unbounded(schema.items, `${path}[]`));
  for (const v of schema.anyOf ?? []) out.push(...unbounded(v, path));
  return out;
}

describe('documented maxima', () => {
  test('every string and array argument of every tool has a maximum, and its description states it', async () => {
    const { tools } = await stdio.listTools();
    expect(tools.length).toBeGreaterThanOrEqual(6);
    const problems = tools.flatMap((t) => unbounded(t.inputSchema as JsonSchema, t.name));
    expect(problems).toEqual([]);
    const ids = tools.flatMap((t) =>
      Object.entries((t.inputSchema as JsonSchema).properties ?? {})
        .filter(([k]) => k === 'document_id')
        .map(([, v]) => v.maxLength),
    );
    expect(ids).toEqual([200, 200]);
  });

  test.each([
    ['read_knowledge', { document_id: 'x'.repeat(201) }, 'document_id'],
    ['read_knowledge', { document_id: 'deploy', section: 's'.repeat(1001) }, 'section'],
    ['get_related_knowledge', { document_id: 'x'.repeat(1_000_000) }, 'document_id'],
    ['search_knowledge', { query: 'q'.repeat(4001) }, 'query'],
    ['search_knowledge', { query: '배포', tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, 'tags'],
    ['list_knowledge', { cursor: 'c'.repeat(301) }, 'cursor'],
    ['list_knowledge', { project: 'p'.repeat(101) }, 'project'],
    ['knowledge_timeline', { from: '2026-01-01'.repeat(10), to: '2026-12-31' }, 'from'],
  ])('%s refuses %s over the maximum, naming the argument', async (name, args, field) => {
    const result = await stdio.callTool({ name, arguments: args });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain(field);
    expect(textOf(result).length).toBeLessThan(2000);
  });

  test('a 1 MB resource URI and a 1 MB prompt argument are refused without echoing them', async () => {
    const uri = `knowledge://documents/${'x'.repeat(900_000)}`;
    const err = await stdio.readResource({ uri }).then(
      () => undefined,
      (e: Error) => e,
    );
    expect(err?.message).toContain('document URIs are at most 2000');
    expect(err!.message.length).toBeLessThan(2000);
    const perr = await stdio.getPrompt({ name: 'wiki_briefing', arguments: { project: 'p'.repeat(1_000_000) } }).then(
      () => undefined,
      (e: Error) => e,
    );
    expect(perr?.message).toContain('project');
    expect(perr!.message.length).toBeLessThan(2000);
  });
});

describe('suggestions run over bounded input', () => {
  test('closestIds over an overlong id suggests nothing', () => {
    expect(closestIds('x'.repeat(1_000_000), ['deploy', 'guides/setup'])).toEqual([]);
  });

  test('closestIds still finds near ids', () => {
    expect(closestIds('guides/setp', ['deploy', 'guides/setup', 'guides/style'])).toEqual(['guides/setup', 'guides/style']);
  });
});

describe('a 4 MB argument over HTTP', () => {
  test('is refused and /healthz answers while it is in flight', async () => {
    const client = await connectHttp(`${server.url}/mcp`);
    try {
      const big = client.callTool({ name: 'read_knowledge', arguments: { document_id: 'a'.repeat(4_000_000) } }).then(
        (r) => ({ at: Date.now(), text: textOf(r), isError: r.isError }),
        (e: Error) => ({ at: Date.now(), text: e.message, isError: true }),
      );
      const healthTimes: number[] = [];
      let done = false;
      void big.then(() => (done = true));
      const started = Date.now();
      // Poll /healthz the whole time the big call is in flight (at least 5 probes).
      while (!done || healthTimes.length < 5) {
        const t0 = Date.now();
        const res = await fetch(`${server.url}/healthz`, { signal: AbortSignal.timeout(30_000) });
        expect(res.status).toBe(200);
        healthTimes.push(Date.now() - t0);
        if (Date.now() - started > 60_000) break;
      }
      const answer = await big;
      expect(answer.isError).toBe(true);
      expect(answer.text).toContain('document_id');
      expect(answer.at - started).toBeLessThan(5_000);
      expect(Math.max(...healthTimes)).toBeLessThan(5_000);
    } finally {
      await client.close();
    }
  }, 90_000);
});

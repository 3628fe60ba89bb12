// search_knowledge with the calling AI's phrasings (`also`), through the SDK client over the real stdio process,
// against the example wiki: fused rankings, which phrasing found each hit, truthful matched words, the miss log.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MissEntrySchema } from '../../src/lib/misses/misses.ts';
import { ReadKnowledgeOutputSchema, type ReadKnowledgeOutput } from '../../mcp/tools/read-knowledge.ts';
import { SearchKnowledgeOutputSchema } from '../../mcp/tools/search-knowledge.ts';
import { buildFixture, callError, callOk, connectStdio, EXAMPLE_CONTENT, removeDir } from './helpers.ts';

let dist: string;
let tmp: string;
let client: Client;
const log = () => join(tmp, 'misses.jsonl');

beforeAll(async () => {
  dist = buildFixture(EXAMPLE_CONTENT);
  tmp = mkdtempSync(join(tmpdir(), 'maru-phrasings-'));
  client = await connectStdio(dist, 'legacy', ['--no-watch', '--log-misses', log()]);
});

afterAll(async () => {
  await client?.close();
  removeDir(dist);
  removeDir(tmp);
});

const search = (args: Record<string, unknown>) => callOk(client, 'search_knowledge', args, SearchKnowledgeOutputSchema);

describe('search_knowledge with also', () => {
  test("the AI's phrasings find the page the user's words miss, and each hit says which phrasings it answers", async () => {
    const query = '서버 날아갔을 때 다시 살리는 법';
    const alone = await search({ query });
    expect(alone.data.results[0]!.id).not.toBe('backup-restore');
    expect(alone.data.results.every((r) => r.found_by.join() === '0')).toBe(true);

    const { data, text } = await search({ query, also: ['백업 복구 절차', 'backup restore', '장애 복원 스냅샷'] });
    expect(data.results[0]!.id).toBe('backup-restore');
    // The page has the words of the first two rewrites; of the user's words only '서버', of '장애 복원 스냅샷' only '복원'.
    expect(data.results[0]!.found_by).toEqual([1, 2]);
    expect(data.match).toBe('full');
    expect(data.results[0]!.matched_terms).toEqual(expect.arrayContaining(['백업', '복구', 'backup', 'restore']));
    expect(text).toContain('found by also[0] also[1]');
  });

  test('blank and repeated phrasings change nothing: the same hits as the query alone', async () => {
    const alone = await search({ query: '토크나이저' });
    const padded = await search({ query: '토크나이저', also: ['  ', '토크나이저', ' 토크나이저 '] });
    expect(padded.data.results.map((r) => [r.id, r.score, r.found_by])).toEqual(alone.data.results.map((r) => [r.id, r.score, r.found_by]));
  });

  test('every matched word is in the text read_knowledge returns, or spelled as something that is', async () => {
    const { data } = await search({ query: '소제목 잘 다는 요령', also: ['헤딩 작성 규칙', 'heading levels', 'writing guide headings'] });
    expect(data.results.length).toBeGreaterThan(3);
    for (const hit of data.results) {
      let body = '';
      for (let offset: number | null = 0; offset !== null;) {
        const read: { data: ReadKnowledgeOutput } = await callOk(client, 'read_knowledge', { document_id: hit.id, offset }, ReadKnowledgeOutputSchema);
        body += read.data.content;
        offset = read.data.next_offset;
      }
      body = body.normalize('NFKC').toLowerCase();
      const spelled = new Map(hit.spelled_as.map((s) => [s.term, s.as]));
      for (const term of hit.matched_terms) {
        for (const piece of (spelled.get(term) ?? term).normalize('NFKC').toLowerCase().split(/\s+/)) expect(body, `${hit.id}: ${term}`).toContain(piece);
      }
    }
  });

  test('more than four phrasings, or a passage as one, is refused with what to send instead', async () => {
    expect(await callError(client, 'search_knowledge', { query: '배포', also: ['a', 'b', 'c', 'd', 'e'] })).toBe(
      'Input validation error: Invalid arguments for tool search_knowledge: also: also takes at most 4 phrasings.',
    );
    expect(await callError(client, 'search_knowledge', { query: '배포', also: ['x'.repeat(501)] })).toBe(
      'Input validation error: Invalid arguments for tool search_knowledge: also.0: each phrasing in also is at most 500 characters; send a few key words per phrasing.',
    );
  });

  test('the miss log records every phrasing of a miss', async () => {
    await search({ query: '휴가 신청 규정', also: ['연차 휴가 신청', 'vacation request policy'] });
    // The log is appended after the answer is sent.
    for (let i = 0; i < 50 && !(existsSync(log()) && readFileSync(log(), 'utf8').includes('vacation')); i++) await new Promise((r) => setTimeout(r, 20));
    const entries = readFileSync(log(), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => MissEntrySchema.parse(JSON.parse(l)));
    expect(entries.find((e) => e.query === '휴가 신청 규정')).toMatchObject({
      source: 'mcp',
      query: '휴가 신청 규정',
      also: ['연차 휴가 신청', 'vacation request policy'],
    });
  });
});

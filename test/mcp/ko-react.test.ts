// The ko-react-docs corpus (226 Korean documents, ids with `/`, one 324k-character page) over stdio and HTTP.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadSearch, type LoadedSearch } from '../../src/lib/search/index-load.ts';
import { search, searchDocuments } from '../../src/lib/search/search.ts';
import { EvalSetSchema } from '../../src/lib/search/evaluate.ts';
import { MAX_RESULT_CHARS, resultSize } from '../../mcp/tools/common.ts';
import { ListKnowledgeOutputSchema } from '../../mcp/tools/list-knowledge.ts';
import { ReadKnowledgeOutputSchema } from '../../mcp/tools/read-knowledge.ts';
import { SearchKnowledgeOutputSchema, type SearchKnowledgeOutput } from '../../mcp/tools/search-knowledge.ts';
import { buildFixture, callOk, connectHttp, connectStdio, KO_REACT_CONTENT, removeDir, spawnStart, type StartedServer } from './helpers.ts';

const BIG = 'blog/2025/04/23/react-labs-view-transitions-activity-and-more';
let dir: string;
let server: StartedServer;

/** The variable as this file found it: files after this one in the same worker must not inherit 'warn'. */
const brokenLinks = process.env.MARU_BROKEN_LINKS;

beforeAll(async () => {
  // The corpus as shipped has links to pages it does not contain; they are reported, not fatal, here.
  process.env.MARU_BROKEN_LINKS = 'warn';
  dir = buildFixture(KO_REACT_CONTENT, 'maru-mcp-ko-');
  server = await spawnStart(dir);
});

afterAll(async () => {
  if (brokenLinks === undefined) delete process.env.MARU_BROKEN_LINKS;
  else process.env.MARU_BROKEN_LINKS = brokenLinks;
  await server?.stop();
  if (dir) removeDir(dir);
});

/**
 * The index the website loads, read once: each read blocks this thread for seconds on a busy machine, long enough for the
 * server to close an idle keep-alive connection that the HTTP client then reuses.
 */
let loadedIndex: LoadedSearch | undefined;
const siteIndex = () => (loadedIndex ??= loadSearch(JSON.parse(readFileSync(join(dir, '_wiki/search-index.json'), 'utf8'))));

describe.each([
  ['stdio', () => connectStdio(dir)],
  ['http', () => connectHttp(`${server.url}/mcp`, 'auto')],
] as const)('%s', (_name, connect) => {
  let client: Client;
  beforeAll(async () => {
    client = await connect();
  });
  afterAll(async () => {
    await client?.close();
  });

  // Which section a hit points at is the search module's call (tested there); here only where it is unambiguous.
  test.each([
    ['useState', 'reference/react/usestate', ''],
    ['state 변수를 추가하기', 'learn/state-a-components-memory', 'adding-a-state-variable'],
    // One word: the page titled by it (its English spelling, Component) comes first, then 첫 번째 컴포넌트.
    ['컴포넌트를', 'reference/react/component', undefined],
  ])('search %j finds %s first (section %j), in the website ranking', async (query, id, anchor) => {
    const { data } = await callOk(client, 'search_knowledge', { query }, SearchKnowledgeOutputSchema);
    expect(data.results[0]).toMatchObject({ id, uri: `knowledge://documents/${id}`, url: `/docs/${id}/` });
    if (anchor !== undefined) expect(data.results[0]?.section.anchor).toBe(anchor);
    const site = searchDocuments(siteIndex(), query);
    expect(data.results.map((r) => [r.id, r.score, r.section.anchor])).toEqual(site.map((h) => [h.document.id, h.score, h.section.anchor]));
  });

  // The site calls the same `search` with snippet text fetched from `_wiki/search/text`; here it reads the same files.
  test('search_knowledge answers 20 queries exactly as the website search function does (hits, sections, snippets, match)', async () => {
    const loaded = siteIndex();
    const queries = EvalSetSchema.parse(
      JSON.parse(readFileSync(join(import.meta.dirname, '../fixtures/eval/ko-react-docs.queries.json'), 'utf8')),
    ).queries.slice(0, 20);
    for (const { q } of queries) {
      const { data } = await callOk(client, 'search_knowledge', { query: q }, SearchKnowledgeOutputSchema);
      const site = await search(loaded, q, {
        loadText: async (d) => JSON.parse(readFileSync(join(dir, `_wiki/search/text/${d.id}.json`), 'utf8')) as string[],
        // The server checks the words each hit reports against its Markdown; the same function does, given it.
        hitText: (d) => readFileSync(join(dir, `_wiki/docs/${d.id}.md`), 'utf8'),
        snippetLength: 300,
      });
      expect(data.match).toBe(site.match);
      expect(data.results.map((r) => [r.id, r.score, r.section.anchor, r.snippet, r.coverage, r.matched_terms])).toEqual(
        site.hits.map((h) => [h.document.id, h.score, h.section.anchor, h.snippet.text, h.coverage, h.matchedTerms]),
      );
    }
  });

  test('a 50-hit search stays under the result cap', async () => {
    const raw = await client.callTool({ name: 'search_knowledge', arguments: { query: 'react 컴포넌트', limit: 50 } });
    expect(resultSize(raw as never)).toBeLessThanOrEqual(MAX_RESULT_CHARS);
    const data = SearchKnowledgeOutputSchema.parse(raw.structuredContent);
    expect(data.results.length + data.truncated).toBe(50);
  });

  test('hits the size cap left out come with the next offset, and pages of one limit add up to the website ranking', async () => {
    const query = 'react 컴포넌트';
    const site = searchDocuments(siteIndex(), query, {}, 50);
    const first = await callOk(client, 'search_knowledge', { query, limit: 50 }, SearchKnowledgeOutputSchema);
    const kept = first.data.results.length;
    expect(kept).toBeLessThan(50);
    expect(first.data).toMatchObject({ offset: 0, truncated: 50 - kept, next_offset: kept });
    expect(first.text).toContain(
      `\n${50 - kept} more hits of this page left out to stay under the size limit: call search_knowledge again with offset=${kept} (same query, filters and limit) for them.\n`,
    );
    const ids = first.data.results.map((r) => r.id);
    for (let offset: number | null = kept; offset !== null && ids.length < 50;) {
      const page: { data: SearchKnowledgeOutput; text: string } = await callOk(
        client,
        'search_knowledge',
        { query, limit: 50, offset },
        SearchKnowledgeOutputSchema,
      );
      expect(page.data.offset).toBe(offset);
      expect(page.text).toContain(`hits ${offset + 1}-${offset + page.data.results.length} of ${page.data.total} for "${query}":\n${offset + 1}. `);
      ids.push(...page.data.results.map((r) => r.id));
      offset = page.data.next_offset;
    }
    expect(ids.slice(0, 50)).toEqual(site.map((h) => h.document.id));
  });

  test('ids with slashes read through the resource, completion and read_knowledge', async () => {
    const file = readFileSync(join(dir, '_wiki/docs/reference/react/usestate.md'), 'utf8');
    const read = await client.readResource({ uri: 'knowledge://documents/reference/react/usestate' });
    expect(read.contents[0]).toMatchObject({ uri: 'knowledge://documents/reference/react/usestate', text: file });
    const done = await client.complete({
      ref: { type: 'ref/resource', uri: 'knowledge://documents/{+id}' },
      argument: { name: 'id', value: 'reference/react/usest' },
    });
    expect(done.completion.values).toEqual(['reference/react/usestate']);
    const section = await callOk(client, 'read_knowledge', { document_id: 'reference/react/usestate', section: 'usestate' }, ReadKnowledgeOutputSchema);
    expect(section.data.section).toEqual({ anchor: 'usestate', path: ['레퍼런스', 'useState(initialState)'] });
    const { resources } = await client.listResources();
    expect(resources).toHaveLength(226);
  });

  test('the 324k-character page is read in capped pages that add up to the file', async () => {
    const file = readFileSync(join(dir, `_wiki/docs/${BIG}.md`), 'utf8');
    let text = '';
    let offset: number | null = 0;
    let pages = 0;
    while (offset !== null) {
      const raw = await client.callTool({ name: 'read_knowledge', arguments: { document_id: BIG, offset, max_chars: 12000 } });
      expect(resultSize(raw as never)).toBeLessThanOrEqual(MAX_RESULT_CHARS);
      const data = ReadKnowledgeOutputSchema.parse(raw.structuredContent);
      text += data.content;
      offset = data.next_offset;
      pages++;
    }
    expect(text).toBe(file);
    expect(pages).toBeGreaterThanOrEqual(Math.ceil(file.length / 12000));
  });

  test('list_knowledge cuts pages to the size cap but its cursor still covers all 226 documents once', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const raw = await client.callTool({ name: 'list_knowledge', arguments: { limit: 100, ...(cursor ? { cursor } : {}) } });
      expect(resultSize(raw as never)).toBeLessThanOrEqual(MAX_RESULT_CHARS);
      const data = ListKnowledgeOutputSchema.parse(raw.structuredContent);
      seen.push(...data.documents.map((d) => d.id));
      cursor = data.next_cursor ?? undefined;
    } while (cursor);
    expect(seen).toHaveLength(226);
    expect(new Set(seen).size).toBe(226);
  });
});

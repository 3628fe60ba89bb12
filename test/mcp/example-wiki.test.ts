// Every tool, the resource, completion, paging and errors, through the SDK Client over the real stdio
// process and over HTTP on a real port, in both protocol eras, against the example wiki in content/.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CatalogSchema, type Catalog } from '../../src/lib/artifacts/schema.ts';
import { loadSearch } from '../../src/lib/search/index-load.ts';
import { searchDocuments } from '../../src/lib/search/search.ts';
import { GetRelatedKnowledgeOutputSchema } from '../../mcp/tools/get-related-knowledge.ts';
import { KnowledgeTimelineOutputSchema } from '../../mcp/tools/knowledge-timeline.ts';
import { ListKnowledgeOutputSchema } from '../../mcp/tools/list-knowledge.ts';
import { ListProjectsOutputSchema } from '../../mcp/tools/list-projects.ts';
import { ReadKnowledgeOutputSchema, type ReadKnowledgeOutput } from '../../mcp/tools/read-knowledge.ts';
import { SearchKnowledgeOutputSchema } from '../../mcp/tools/search-knowledge.ts';
import {
  buildFixture,
  callError,
  callOk,
  connectHttp,
  connectNpm,
  connectStdio,
  EXAMPLE_CONTENT,
  removeDir,
  spawnStart,
  type Era,
  type StartedServer,
} from './helpers.ts';

let dir: string;
let catalog: Catalog;
let server: StartedServer;

beforeAll(async () => {
  dir = buildFixture(EXAMPLE_CONTENT);
  catalog = CatalogSchema.parse(JSON.parse(readFileSync(join(dir, '_wiki/catalog.json'), 'utf8')));
  server = await spawnStart(dir);
});

afterAll(async () => {
  await server?.stop();
  removeDir(dir);
});

const transports: [string, Era, () => Promise<Client>][] = [
  ['npm run --silent mcp', 'legacy', () => connectNpm(dir)],
  ['stdio, 2025 handshake', 'legacy', () => connectStdio(dir, 'legacy')],
  ['stdio, 2026-07-28', 'auto', () => connectStdio(dir, 'auto')],
  ['http, 2025 handshake', 'legacy', () => connectHttp(`${server.url}/mcp`, 'legacy')],
  ['http, 2026-07-28', 'auto', () => connectHttp(`${server.url}/mcp`, 'auto')],
];

describe.each(transports)('%s', (_name, era, connect) => {
  let client: Client;
  beforeAll(async () => {
    client = await connect();
  });
  afterAll(async () => {
    await client?.close();
  });

  test('speaks the requested era and lists the six read-only tools in a fixed order', async () => {
    expect(client.getProtocolEra()).toBe(era === 'legacy' ? 'legacy' : 'modern');
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual([
      'search_knowledge',
      'read_knowledge',
      'list_knowledge',
      'list_projects',
      'get_related_knowledge',
      'knowledge_timeline',
    ]);
    for (const tool of tools) {
      expect(tool.annotations).toMatchObject({ readOnlyHint: true, openWorldHint: false });
      expect(tool.outputSchema).toBeDefined();
    }
  });

  test('search_knowledge ranks like the website search and snippets the best section', async () => {
    const { data, text } = await callOk(client, 'search_knowledge', { query: '토크나이저를' }, SearchKnowledgeOutputSchema);
    expect(data.results[0]).toMatchObject({
      id: 'search-tokenizer',
      title: '한국어 토크나이저',
      uri: 'knowledge://documents/search-tokenizer',
      url: '/docs/search-tokenizer/',
      sourcePath: 'search/search-tokenizer.md',
    });
    expect(text.split('\n')[1]).toMatch(/^1\. search-tokenizer — 한국어 토크나이저/);
    const site = searchDocuments(loadSearch(JSON.parse(readFileSync(join(dir, '_wiki/search-index.json'), 'utf8'))), '토크나이저를');
    expect(data.results.map((r) => [r.id, r.score])).toEqual(site.map((h) => [h.document.id, h.score]));
    for (const r of data.results) expect(r.snippet.length).toBeLessThanOrEqual(302);
  });

  test('search_knowledge filters by project, category and tags', async () => {
    const { data } = await callOk(client, 'search_knowledge', { query: '배포', project: 'operations', limit: 50 }, SearchKnowledgeOutputSchema);
    expect(data.results.length).toBeGreaterThan(0);
    expect(new Set(data.results.map((r) => r.project))).toEqual(new Set(['operations']));
    const tagged = await callOk(client, 'search_knowledge', { query: '검색', tags: ['tokenizer'] }, SearchKnowledgeOutputSchema);
    expect(tagged.data.results.map((r) => r.id)).toContain('search-tokenizer');
    for (const r of tagged.data.results) expect(r.tags).toContain('tokenizer');
  });

  test('search_knowledge refuses empty, oversized and unknown-project queries with what to do', async () => {
    expect(await callError(client, 'search_knowledge', { query: '   ' })).toBe(
      'query is empty. Pass a few words to search for, or call list_knowledge to browse.',
    );
    expect(await callError(client, 'search_knowledge', { query: 'a'.repeat(4001) })).toBe(
      'Input validation error: Invalid arguments for tool search_knowledge: query: query is 4001 characters; the limit is 4000. Search with a few key words instead of a whole passage.',
    );
    expect(await callError(client, 'search_knowledge', { query: '배포', project: 'operation' })).toMatch(
      /^Unknown project "operation"\. Known projects: .*operations.*Call list_projects/,
    );
    // A tag in the wrong case would only ever give zero hits: it is named, with the tag meant.
    expect(await callError(client, 'search_knowledge', { query: '검색', tags: ['tokenizer', 'MCP'] })).toBe(
      'Unknown tag "MCP": tags match exactly. Did you mean "mcp"?',
    );
    expect(await callError(client, 'list_knowledge', { tag: 'tokeniser' })).toMatch(
      /^Unknown tag "tokeniser": no document carries it\. Nearest tags: tokenizer/,
    );
    const { total } = (await callOk(client, 'search_knowledge', { query: '토크나이저를' }, SearchKnowledgeOutputSchema)).data;
    expect(await callError(client, 'search_knowledge', { query: '토크나이저를', offset: total })).toBe(
      `offset ${total} is past the last hit (${total} for "토크나이저를"). Start again with offset 0.`,
    );
    expect(await callError(client, 'search_knowledge', { query: '토크나이저를', offset: 1001 })).toBe(
      'Input validation error: Invalid arguments for tool search_knowledge: offset: offset is past 1000; hits that far down are no answer. Search with other or more words instead.',
    );
  });

  test('list_projects reports the catalog projects and the build', async () => {
    const { data } = await callOk(client, 'list_projects', {}, ListProjectsOutputSchema);
    expect(data.projects.map((p) => [p.id, p.documentCount])).toEqual(catalog.projects.map((p) => [p.id, p.count]));
    expect(data.projects.map((p) => p.id)).toEqual(['maru', 'onboarding', 'operations', 'search']);
    expect(data.build.documentCount).toBe(catalog.documents.length);
  });

  test('list_knowledge pages newest first with a cursor, over every document exactly once', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const { data } = await callOk(client, 'list_knowledge', { limit: 7, ...(cursor ? { cursor } : {}) }, ListKnowledgeOutputSchema);
      expect(data.total).toBe(catalog.documents.length);
      seen.push(...data.documents.map((d) => d.id));
      cursor = data.next_cursor ?? undefined;
      pages++;
    } while (cursor);
    expect(pages).toBe(Math.ceil(catalog.documents.length / 7));
    const expected = [...catalog.documents].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || a.id.localeCompare(b.id)).map((d) => d.id);
    expect(seen).toEqual(expected);
  });

  test('list_knowledge filters and rejects bad dates and cursors', async () => {
    const { data } = await callOk(
      client,
      'list_knowledge',
      { project: 'search', category: 'concept', updated_after: '2026-01-01', updated_before: '2026-12-31' },
      ListKnowledgeOutputSchema,
    );
    const want = catalog.documents.filter((d) => d.project === 'search' && d.category === 'concept').map((d) => d.id);
    expect(data.documents.map((d) => d.id).sort()).toEqual(want.sort());
    expect(await callError(client, 'list_knowledge', { updated_after: '2026-13-01' })).toBe(
      'updated_after: "2026-13-01" is not a date. Use YYYY-MM-DD (e.g. 2026-11-01) or an ISO 8601 date-time (e.g. 2026-11-01T09:00:00Z).',
    );
    expect(await callError(client, 'list_knowledge', { cursor: 'bogus' })).toBe(
      'cursor "bogus" is not a cursor this server issued. Call again without cursor to start from the first page.',
    );
  });

  test('read_knowledge reads whole, by anchor, by heading path, and as an outline', async () => {
    const whole = await callOk(client, 'read_knowledge', { document_id: 'search-tokenizer', max_chars: 12000 }, ReadKnowledgeOutputSchema);
    const file = readFileSync(join(dir, '_wiki/docs/search-tokenizer.md'), 'utf8');
    expect(whole.data.total_chars).toBe(file.length);
    expect(whole.data.content.startsWith('---\nid: search-tokenizer\n')).toBe(true);
    const outline = await callOk(client, 'read_knowledge', { document_id: 'search-tokenizer', format: 'outline' }, ReadKnowledgeOutputSchema);
    expect(outline.data.outline?.slice(0, 3).map((h) => h.anchor)).toEqual(['tokenizer가-하는-일', '자르는-단계', '1-정규화']);
    const byPath = await callOk(client, 'read_knowledge', { document_id: 'search-tokenizer', section: '자르는 단계 > 4. 한글' }, ReadKnowledgeOutputSchema);
    expect(byPath.data.section).toEqual({ anchor: '4-한글', path: ['자르는 단계', '4. 한글'] });
    expect(byPath.data.content.startsWith('### 4. 한글')).toBe(true);
    const byAnchor = await callOk(client, 'read_knowledge', { document_id: 'search-tokenizer', section: '4-한글' }, ReadKnowledgeOutputSchema);
    expect(byAnchor.data.content).toBe(byPath.data.content);
    // Anchors under VitePress's and markdown-it-anchor's rules, as links copied from those sites write them.
    for (const other of ['_4-한글', '#4.-한글']) {
      const bySlug = await callOk(client, 'read_knowledge', { document_id: 'search-tokenizer', section: other }, ReadKnowledgeOutputSchema);
      expect([other, bySlug.data.section]).toEqual([other, { anchor: '4-한글', path: ['자르는 단계', '4. 한글'] }]);
    }
    // A copied id with a stray newline still names its document.
    const padded = await callOk(client, 'read_knowledge', { document_id: ' search-tokenizer\n', section: '4-한글' }, ReadKnowledgeOutputSchema);
    expect(padded.data.content).toBe(byPath.data.content);
    // A raw HTML anchor above a heading (`<a id="migration"></a>`, as GitHub repositories write them) names its section.
    const byRawAnchor = await callOk(client, 'read_knowledge', { document_id: 'writing-guide', section: '#migration' }, ReadKnowledgeOutputSchema);
    expect(byRawAnchor.data.section).toEqual({ anchor: '다른-도구에서-옮겨-올-때', path: ['다른 도구에서 옮겨 올 때'] });
    // So does its file path, as a link in the Markdown writes it (with a fragment, `./`, another case).
    for (const path of ['search/search-tokenizer.md', './Search/Search-Tokenizer.md#4-한글', 'search/search-tokenizer']) {
      const byFile = await callOk(client, 'read_knowledge', { document_id: path, section: '4-한글' }, ReadKnowledgeOutputSchema);
      expect([path, byFile.data.id]).toEqual([path, 'search-tokenizer']);
    }
  });

  test('read_knowledge outlines one section when given one, and refuses an offset for an outline', async () => {
    const part = await callOk(
      client,
      'read_knowledge',
      { document_id: 'search-tokenizer', format: 'outline', section: '자르는 단계' },
      ReadKnowledgeOutputSchema,
    );
    expect(part.data.section).toEqual({ anchor: '자르는-단계', path: ['자르는 단계'] });
    expect(part.data.outline?.map((h) => h.text)).toEqual([
      '자르는 단계',
      '1. 정규화',
      '2. 문자 종류별로 나누기',
      '3. 라틴 문자와 숫자',
      '4. 한글',
      '5. 한자와 가나',
    ]);
    expect(await callError(client, 'read_knowledge', { document_id: 'search-tokenizer', format: 'outline', offset: 10 })).toBe(
      'offset pages the Markdown; an outline comes whole. Drop offset, or use format "markdown".',
    );
    expect(await callError(client, 'read_knowledge', { document_id: '  ' })).toBe('document_id is empty. Pass an id from search_knowledge or list_knowledge.');
  });

  test('read_knowledge pages long text with next_offset and loses nothing', async () => {
    const file = readFileSync(join(dir, '_wiki/docs/search-tokenizer.md'), 'utf8');
    let text = '';
    let offset: number | null = 0;
    while (offset !== null) {
      const { data }: { data: ReadKnowledgeOutput } = await callOk(
        client,
        'read_knowledge',
        { document_id: 'search-tokenizer', offset, max_chars: 1000 },
        ReadKnowledgeOutputSchema,
      );
      expect(data.content.length).toBeLessThanOrEqual(1000);
      text += data.content;
      offset = data.next_offset;
    }
    expect(text).toBe(file);
  });

  test('read_knowledge errors name the closest ids and the valid sections', async () => {
    expect(await callError(client, 'read_knowledge', { document_id: 'search-tokeniser' })).toBe(
      'No document with id "search-tokeniser". Did you mean "search-tokenizer", "search-overview", "search-aliases"? Use search_knowledge or list_knowledge to find ids.',
    );
    expect(await callError(client, 'read_knowledge', { document_id: 'search-tokenizer', section: '없는 절' })).toMatch(
      /^No section "없는 절" in search-tokenizer\. Sections \(anchors\): "tokenizer가-하는-일", /,
    );
    expect(await callError(client, 'read_knowledge', { document_id: 'search-tokenizer', offset: 999999 })).toMatch(
      /^offset 999999 is past the end \(\d+ characters\)\. Start again with offset 0\.$/,
    );
  });

  test('get_related_knowledge explains each relation', async () => {
    const { data } = await callOk(client, 'get_related_knowledge', { document_id: 'deploy', limit: 3 }, GetRelatedKnowledgeOutputSchema);
    const entry = catalog.documents.find((d) => d.id === 'deploy')!;
    expect(data.related.map((r) => r.id)).toEqual(entry.related.slice(0, 3).map((r) => r.id));
    expect(data.related[0]).toMatchObject({ id: 'operations-overview', reasons: ['related', 'links-to', 'linked-from', 'shared-tags'] });
    expect(data.related[0]!.why).toBe('listed as related; this document links to it; it links to this document; shares tags 배포, 운영.');
    // The build keeps 8 neighbours per document: a larger limit is refused by name rather than silently cut to 8.
    expect(await callError(client, 'get_related_knowledge', { document_id: 'deploy', limit: 9 })).toMatch(/^Input validation error: .*limit: .*8/);
  });

  test('knowledge_timeline lists every change in the window, complete and paged', async () => {
    const { data } = await callOk(client, 'knowledge_timeline', { from: '2026-11-01', to: '2026-11-30', limit: 100 }, KnowledgeTimelineOutputSchema);
    const lo = Date.parse('2026-11-01T00:00:00Z');
    const hi = Date.parse('2026-11-30T23:59:59.999Z');
    const inWindow = (iso: string) => Date.parse(iso) >= lo && Date.parse(iso) <= hi;
    const want = catalog.documents.filter((d) => inWindow(d.createdAt) || inWindow(d.updatedAt)).map((d) => d.id);
    expect(data.changes.map((c) => c.id).sort()).toEqual(want.sort());
    expect(data.total).toBe(want.length);
    const first = await callOk(client, 'knowledge_timeline', { from: '2026-11-01', to: '2026-11-30', limit: 5 }, KnowledgeTimelineOutputSchema);
    expect(first.data.changes.map((c) => c.id)).toEqual(data.changes.slice(0, 5).map((c) => c.id));
    expect(await callError(client, 'knowledge_timeline', { from: '2026-12-01', to: '2026-11-01' })).toBe(
      'from (2026-12-01) is after to (2026-11-01). Swap them or widen the window.',
    );
  });

  test('the document resource lists, completes and reads; unknown ids fail with suggestions', async () => {
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate)).toEqual(['knowledge://documents/{+id}']);
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri).sort()).toEqual(catalog.documents.map((d) => `knowledge://documents/${d.id}`).sort());
    const done = await client.complete({ ref: { type: 'ref/resource', uri: 'knowledge://documents/{+id}' }, argument: { name: 'id', value: 'search-t' } });
    expect(done.completion.values).toEqual(['search-tokenizer']);
    const read = await client.readResource({ uri: 'knowledge://documents/search-tokenizer' });
    expect(read.contents[0]).toMatchObject({
      uri: 'knowledge://documents/search-tokenizer',
      mimeType: 'text/markdown',
      text: readFileSync(join(dir, '_wiki/docs/search-tokenizer.md'), 'utf8'),
    });
    await expect(client.readResource({ uri: 'knowledge://documents/search-tokeniser' })).rejects.toThrow(/Did you mean "search-tokenizer"/);
  });
});

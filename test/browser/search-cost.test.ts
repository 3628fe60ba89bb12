// Issue 13 "Cheap in the browser" on the real ko-react-docs site, served by `npm start` (brotli/gzip as it serves them),
// in Debian's Chromium: what the first search and five more cost on the wire, and the site's hits against
// `search_knowledge`'s through a real MCP client on the same server; the first search from a host that does not
// compress (the gzip copies of the search files), there and on the ko-vue-docs site.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Client } from '@modelcontextprotocol/client';
import { launch } from './browser.ts';
import { buildAndServe, type BuiltSite } from './site.ts';
import { searchCost, type SearchCost } from '../../bench/browser.ts';
import { callOk, connectHttp, KO_REACT_CONTENT, ROOT, spawnStart, type StartedServer } from '../mcp/helpers.ts';
import { SearchKnowledgeOutputSchema } from '../../mcp/tools/search-knowledge.ts';
import { EvalSetSchema } from '../../src/lib/search/evaluate.ts';
import { corpus } from '../helpers/corpora.ts';

/** The first query and the five after it: a keyword, particles, English, mixed, a question. */
const QUERIES = ['state 변수를 추가하기', '컴포넌트를', 'useEffect 정리 함수', '리스트 렌더링 key', '이벤트 핸들러 전달', 'ref로 DOM 조작'];
const VUE_QUERIES = ['반응형 상태', '컴포넌트 등록'];
const KIB_BUDGET = 300;
/** Hits the search dialog shows (its `data-limit`), asked of `search_knowledge` too. */
const DIALOG_LIMIT = 8;

describe('search cost on the ko-react-docs site', () => {
  let site: BuiltSite;
  let server: StartedServer;
  let browser: Browser;
  let client: Client;
  let cost: SearchCost;
  /** The first search from the tests' static server, which sends files as they are on disk (no compression). */
  let plain: SearchCost;
  /** The same two ways on the ko-vue-docs site (the build site-corpus-vue.test.ts shares). */
  let vue: BuiltSite;
  let vueServer: StartedServer;
  let vueCost: SearchCost;
  let vuePlain: SearchCost;

  beforeAll(async () => {
    site = await buildAndServe('/', { WIKI_CONTENT_DIR: KO_REACT_CONTENT, MARU_BROKEN_LINKS: 'warn' });
    server = await spawnStart(site.dir);
    browser = await launch();
    client = await connectHttp(`${server.url}/mcp`);
    cost = await searchCost(browser, server.url, QUERIES);
    plain = await searchCost(browser, site.origin, QUERIES.slice(0, 1));
    vue = await buildAndServe('/', { WIKI_CONTENT_DIR: corpus('ko-vue-docs') });
    vueServer = await spawnStart(vue.dir);
    vueCost = await searchCost(browser, vueServer.url, VUE_QUERIES);
    vuePlain = await searchCost(browser, vue.origin, VUE_QUERIES);
    // The figures for bench/results.md, on the wire as `npm start` serves them.
    console.info(`search cost on ko-react-docs: first search ${cost.firstSearchKiB} KiB, five more ${cost.moreQueriesKiB} KiB`);
    console.info(`uncompressed first search on ko-react-docs: ${plain.firstSearchKiB} KiB (data ${plain.firstSearchDataKiB} KiB)`);
    console.info(
      `ko-vue-docs: first search ${vueCost.firstSearchKiB} KiB from npm start, ${vuePlain.firstSearchKiB} KiB uncompressed (data ${vuePlain.firstSearchDataKiB} KiB)`,
    );
  }, 900_000);
  afterAll(async () => {
    await client?.close();
    await browser?.close();
    await server?.stop();
    await site?.dispose();
    await vueServer?.stop();
    await vue?.dispose();
  });

  test(`the first search (code, index base and shards, snippet texts) transfers at most ${KIB_BUDGET} KiB`, () => {
    expect(cost.firstFiles).toContain('/_wiki/search/base.json');
    expect(cost.firstFiles.some((f) => /^\/_wiki\/search\/terms-\d+\.json$/.test(f))).toBe(true);
    // A wiki this small has its document details in one chunk, fetched with the base and never again.
    expect(cost.firstFiles).toContain('/_wiki/search/docs-0.json');
    expect(cost.moreFiles.filter((f) => f.startsWith('/_wiki/search/docs-'))).toEqual([]);
    // No Markdown per query and never the whole index: the site reads the split index and the snippet texts.
    expect([...cost.firstFiles, ...cost.moreFiles].filter((f) => f.startsWith('/_wiki/docs/') || f === '/_wiki/search-index.json')).toEqual([]);
    expect(cost.firstSearchKiB).toBeGreaterThan(0);
    expect(cost.firstSearchKiB).toBeLessThanOrEqual(KIB_BUDGET);
  });

  test(`five more queries transfer at most ${KIB_BUDGET} KiB together`, () => {
    expect(cost.moreQueriesKiB).toBeLessThanOrEqual(KIB_BUDGET);
    for (const q of QUERIES) expect(cost.hits[q], q).toHaveLength(DIALOG_LIMIT);
  });

  test(`on a host that does not compress, the first search fetches the search files' gzip copies once each: at most ${KIB_BUDGET} KiB`, () => {
    expect(plain.errors).toEqual([]);
    expect(plain.firstFiles.length).toBe(new Set(plain.firstFiles).size);
    // The same files as from `npm start` (the worker's script, the base, the shards and texts of the query), each search file as its `.gz` copy.
    expect(plain.firstFiles.filter((f) => f.startsWith('/_wiki/') && !f.endsWith('.json.gz'))).toEqual([]);
    expect(plain.firstFiles.map((f) => f.replace(/\.json\.gz$/, '.json')).sort()).toEqual([...cost.firstFiles].sort());
    const onDisk = plain.firstFiles.reduce((n, f) => n + statSync(join(site.dir, f)).size, 0) / 1024;
    // Counted on the wire: the bodies as they are on disk, plus each response's headers (under 1 KiB each).
    expect(plain.firstSearchKiB).toBeGreaterThanOrEqual(onDisk);
    expect(plain.firstSearchKiB).toBeLessThan(onDisk + plain.firstFiles.length);
    expect(plain.firstSearchKiB).toBeLessThanOrEqual(KIB_BUDGET);
    // Inflated in the worker, they answer as the plain files do; npm start's brotli sends no more than the copies.
    expect(plain.hits[QUERIES[0]!]).toEqual(cost.hits[QUERIES[0]!]);
    expect(cost.firstSearchKiB).toBeLessThanOrEqual(plain.firstSearchKiB);
  });

  test(`ko-vue-docs: the first search is at most ${KIB_BUDGET} KiB from npm start and from a host that does not compress`, () => {
    expect([vueCost.errors, vuePlain.errors]).toEqual([[], []]);
    expect(vueCost.firstFiles.filter((f) => f.endsWith('.gz'))).toEqual([]);
    expect(vuePlain.firstFiles.filter((f) => f.startsWith('/_wiki/') && !f.endsWith('.json.gz'))).toEqual([]);
    expect(vueCost.firstSearchKiB).toBeLessThanOrEqual(KIB_BUDGET);
    expect(vuePlain.firstSearchKiB).toBeLessThanOrEqual(KIB_BUDGET);
    for (const q of VUE_QUERIES) {
      expect(vueCost.hits[q], q).toHaveLength(DIALOG_LIMIT);
      expect(vuePlain.hits[q], q).toEqual(vueCost.hits[q]);
    }
  });

  test('the site and search_knowledge answer 20 queries with the same hits in the same order (and sections)', { timeout: 600_000 }, async () => {
    const set = EvalSetSchema.parse(JSON.parse(readFileSync(join(ROOT, 'test/fixtures/eval/ko-react-docs.queries.json'), 'utf8')));
    const queries = set.queries.slice(0, 20).map((q) => q.q);
    const shown = await searchCost(browser, server.url, queries);
    for (const q of queries) {
      const { data } = await callOk(client, 'search_knowledge', { query: q, limit: DIALOG_LIMIT }, SearchKnowledgeOutputSchema);
      const mcp = data.results.map((r) => `${r.url}${r.section.anchor ? `#${r.section.anchor}` : ''}`);
      expect(shown.hits[q], q).toEqual(mcp);
    }
  });
});

// Issue 15's split index as a large wiki's build cuts it (a chunk per document, many term shards, crowded Latin
// prefixes cut by more letters, very common terms' counts in the chunks), on the real example site in Debian's
// Chromium, served by `npm start` with its compression: what a search fetches, counted on the wire, and the
// site's hits against the whole index's (`searchSync` on the same build's `search-index.json`). A 10,000-document
// build does not fit the suite; `npm run bench` measures that one (bench/browser.ts).
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launch } from './browser.ts';
import { buildAndServe, type BuiltSite } from './site.ts';
import { DIALOG_LIMIT, PAGE_LIMIT, searchCost, searchPageHits, type SearchCost } from '../../bench/browser.ts';
import { ROOT, spawnStart, type StartedServer } from '../mcp/helpers.ts';
import { searchAsTyped, termTable } from '../../src/lib/search/composing.ts';
import { EvalSetSchema } from '../../src/lib/search/evaluate.ts';
import { loadSearch, type LoadedSearch } from '../../src/lib/search/index-load.ts';
import { IndexEnvelopeSchema } from '../../src/lib/search/index-schema.ts';
import { splitFiles, splitIndex, type SplitIndex, type SplitSizes } from '../../src/lib/search/index-split.ts';
import { searchSync } from '../../src/lib/search/search.ts';
import { hitHref } from '../../src/lib/ui/search-view.ts';
import { sha256 } from '../../src/node/hash.ts';

/** The cut of a large wiki, at the example wiki's size: one document per chunk, as at 10,000 documents. */
const LARGE: SplitSizes = { shards: 16, latinSplitChars: 500, chunkChars: 1, pieceTermChars: 60 };
const QUERIES = EvalSetSchema.parse(JSON.parse(readFileSync(join(ROOT, 'test/fixtures/eval/example-wiki.queries.json'), 'utf8'))).queries.map((q) => q.q);
/** Typed key by key: Hangul with particles, Latin (prefixes span shards), mixed. */
const TYPED = ['검색어 끝에 을 를', 'semantic search', 'AI 서버가 원본'];

/** Re-cuts the built site's split index with `sizes`, replacing its files and their manifest entries (listed and hashed, as the build does). */
function recut(dist: string, sizes: SplitSizes): SplitIndex {
  const wiki = join(dist, '_wiki');
  const split = splitIndex(IndexEnvelopeSchema.parse(JSON.parse(readFileSync(join(wiki, 'search-index.json'), 'utf8'))), sizes);
  const manifest = JSON.parse(readFileSync(join(wiki, 'manifest.json'), 'utf8')) as { files: Record<string, { sha256: string; bytes: number }> };
  for (const f of readdirSync(join(wiki, 'search'))) if (/\.json(\.gz)?$/.test(f)) rmSync(join(wiki, 'search', f));
  for (const name of Object.keys(manifest.files)) if (/^search\/[^/]+\.json$/.test(name)) delete manifest.files[name];
  for (const [name, json] of splitFiles(split)) {
    const text = `${JSON.stringify(json)}\n`;
    writeFileSync(join(wiki, 'search', name), text);
    manifest.files[`search/${name}`] = { sha256: sha256(text), bytes: Buffer.byteLength(text) };
  }
  writeFileSync(join(wiki, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return split;
}

describe("the example site with its split index cut as a large wiki's", () => {
  let site: BuiltSite;
  let server: StartedServer;
  let browser: Browser;
  let split: SplitIndex;
  let whole: LoadedSearch;
  let cost: SearchCost;
  const wholeHits = (q: string, limit: number) => searchSync(whole, q, { limit }).hits.map((h) => decodeURIComponent(hitHref(h)));
  /** What the site shows for a query typed key by key, from the whole index by the site's own rule (`searchAsTyped`). */
  const wholeShown = async (q: string, limit: number) =>
    (
      await searchAsTyped(
        q,
        false,
        () => termTable(whole.sectionFrequency),
        (query) => searchSync(whole, query, { limit }),
      )
    ).hits.map((h) => decodeURIComponent(hitHref(h)));

  beforeAll(async () => {
    // A copy of its own: recut rewrites the index files.
    site = await buildAndServe('/', {}, { writable: true });
    split = recut(site.dir, LARGE);
    whole = loadSearch(JSON.parse(readFileSync(join(site.dir, '_wiki/search-index.json'), 'utf8')));
    server = await spawnStart(site.dir);
    browser = await launch();
    cost = await searchCost(browser, server.url, QUERIES.slice(0, 6), TYPED);
  }, 600_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await site?.dispose();
  });

  test('a search fetches the base once, the shards of its terms and the chunks of the documents it scores, counted on the wire; never the whole index or Markdown', () => {
    expect(split.chunks).toHaveLength(whole.documents.length);
    expect(split.base.latinSplit.length).toBeGreaterThan(0);
    expect(split.base.pieced).toBeGreaterThan(0);
    expect(cost.firstFiles).toContain('/_wiki/search/base.json');
    expect(cost.firstFiles.filter((f) => /^\/_wiki\/search\/terms-\d+\.json$/.test(f)).length).toBeGreaterThan(0);
    const chunks = cost.firstFiles.filter((f) => /^\/_wiki\/search\/docs-\d+\.json$/.test(f));
    // The chunks of the documents the query section-scores, not every document's.
    expect(chunks.length).toBeGreaterThan(0);
    expect(chunks.length).toBeLessThan(whole.documents.length);
    expect(cost.firstFiles.filter((f) => f.startsWith('/_wiki/search/text/'))).toHaveLength(DIALOG_LIMIT);
    expect(cost.moreFiles).not.toContain('/_wiki/search/base.json');
    const all = [...cost.firstFiles, ...cost.moreFiles];
    expect(all.filter((f) => f === '/_wiki/search-index.json' || f.startsWith('/_wiki/docs/'))).toEqual([]);
    // Each file once: what a search fetched stays cached for the next.
    expect(all.filter((f) => f.startsWith('/_wiki/search/')).length).toBe(new Set(all.filter((f) => f.startsWith('/_wiki/search/'))).size);
    expect(cost.firstSearchKiB).toBeGreaterThan(0);
    expect(cost.errors).toEqual([]);
  });

  test('the dialog shows the whole index’s hits on its six queries, the search page its top 10 on 20 labelled queries', { timeout: 300_000 }, async () => {
    for (const q of QUERIES.slice(0, 6)) expect(cost.hits[q], q).toEqual(wholeHits(q, DIALOG_LIMIT));
    const shown = await searchPageHits(browser, server.url, QUERIES.slice(0, 20));
    for (const q of QUERIES.slice(0, 20)) {
      expect(shown[q], q).toEqual(wholeHits(q, PAGE_LIMIT).slice(0, 10));
      expect(shown[q]!.length, q).toBeGreaterThan(0);
    }
  });

  test('typed key by key, every complete list is the whole index’s for what had been typed, and each query ends on its own', async () => {
    expect(cost.keystrokes).toHaveLength(TYPED.reduce((n, q) => n + [...q].length, 0));
    const complete = cost.keystrokes.filter((k) => k.shown === 'final');
    for (const k of complete) expect(k.hits, k.typed).toEqual(await wholeShown(k.typed, DIALOG_LIMIT));
    for (const q of TYPED) expect(complete.map((k) => k.typed)).toContain(q);
  });
});

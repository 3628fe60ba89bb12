// The site's split index (`_wiki/search/base.json` + `terms-<n>.json`) against the whole `search-index.json` the MCP
// server loads: the same top 10 (ids, order, sections, scores, snippets) on every labelled query.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { toArtifacts } from '../src/lib/artifacts/emit.ts';
import { loadSearch, loadSplitSearch } from '../src/lib/search/index-load.ts';
import { IndexEnvelopeSchema } from '../src/lib/search/index-schema.ts';
import { splitIndex } from '../src/lib/search/index-split.ts';
import { search, type SearchResult } from '../src/lib/search/search.ts';
import { EvalSetSchema } from '../src/lib/search/evaluate.ts';
import { emitContext, loadWiki, siteConfig } from '../src/node/wiki-build.ts';

const ROOT = resolve(import.meta.dirname, '..');
const CORPUS = resolve(ROOT, '../shared/corpora/ko-react-docs');

function artifacts(root: string): Map<string, string> {
  const config = siteConfig();
  const wiki = loadWiki(root, config, '/');
  return toArtifacts(wiki, emitContext(wiki, config, root));
}

function queriesOf(file: string): string[] {
  return EvalSetSchema.parse(JSON.parse(readFileSync(resolve(ROOT, file), 'utf8'))).queries.map((q) => q.q);
}

/** Runs every query on the whole index and on the split one (its files read from `fileOf`), texts from the emitted files. */
async function compare(files: Map<string, string>, base: unknown, fileOf: (name: string) => unknown, queries: readonly string[]): Promise<number> {
  const whole = loadSearch(JSON.parse(files.get('_wiki/search-index.json')!));
  let fetched = 0;
  const split = loadSplitSearch(base, async (name) => (fetched++, fileOf(name)));
  const text = (id: string) => JSON.parse(files.get(`_wiki/search/text/${id}.json`)!) as string[];
  const view = (r: SearchResult) => r.hits.map((h) => [h.document.id, h.section.anchor, h.score, h.snippet.text, h.coverage]);
  for (const q of queries) {
    const [a, b] = [await search(whole, q, { loadText: (d) => text(d.id) }), await search(split, q, { loadText: (d) => text(d.id) })];
    expect(view(b), q).toEqual(view(a));
    expect(b.match, q).toBe(a.match);
  }
  return fetched;
}

test('example wiki cut into 16 shards: the same top 10 as the whole index on its labelled queries', async () => {
  const files = artifacts(resolve(ROOT, 'content'));
  const cut = splitIndex(IndexEnvelopeSchema.parse(JSON.parse(files.get('_wiki/search-index.json')!)), { shards: 16, latinSplitChars: 500, chunkChars: 400 });
  expect(cut.base.latinSplit.length).toBeGreaterThan(0);
  expect(cut.chunks.length).toBeGreaterThan(10);
  const byName = new Map<string, unknown>([
    ...cut.shards.map((s, n) => [`terms-${n}.json`, s] as const),
    ...cut.chunks.map((c, n) => [`docs-${n}.json`, c] as const),
  ]);
  const queries = [...queriesOf('test/fixtures/eval/example-wiki.queries.json'), ...queriesOf('test/fixtures/eval/blind/example-wiki.dev.json')];
  const fetched = await compare(files, JSON.parse(JSON.stringify(cut.base)), (name) => JSON.parse(JSON.stringify(byName.get(name))), queries);
  expect(fetched).toBeLessThanOrEqual(16 + cut.chunks.length);
});

describe.runIf(existsSync(CORPUS))('ko-react-docs as the build splits it', () => {
  test('the same top 10 as the whole index on the labelled queries', { timeout: 300_000 }, async () => {
    const files = artifacts(CORPUS);
    const base = JSON.parse(files.get('_wiki/search/base.json')!) as { shards: number; chunks: number[]; documents: object[] };
    expect(base.shards).toBeGreaterThan(10);
    // A wiki this small keeps its document details in one chunk, which the site fetches with the base.
    expect(base.chunks).toEqual([0]);
    // The base holds no sections, links or summaries: those are in the chunks, each listed with its hash in the manifest.
    expect(Object.keys(base.documents[0]!).sort()).toEqual(['aliases', 'category', 'project', 'tags', 'title']);
    const manifest = JSON.parse(files.get('_wiki/manifest.json')!) as { files: Record<string, { sha256: string }> };
    for (const [n] of base.chunks.entries()) {
      expect(manifest.files[`search/docs-${n}.json`]?.sha256, `docs-${n}`).toMatch(/^[0-9a-f]{64}$/);
    }
    for (let n = 0; n < base.shards; n++) expect(manifest.files[`search/terms-${n}.json`]?.sha256, `terms-${n}`).toMatch(/^[0-9a-f]{64}$/);
    const queries = [...queriesOf('test/fixtures/eval/ko-react-docs.queries.json'), ...queriesOf('test/fixtures/eval/blind/ko-react-docs-fresh.dev.json')];
    await compare(files, base, (name) => JSON.parse(files.get(`_wiki/search/${name}`)!), queries);
  });
});

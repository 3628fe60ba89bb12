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

/** Runs every query on the whole index and on the split one (shards read from `shardOf`), texts from the emitted files. */
async function compare(files: Map<string, string>, base: unknown, shardOf: (n: number) => unknown, queries: readonly string[]): Promise<number> {
  const whole = loadSearch(JSON.parse(files.get('_wiki/search-index.json')!));
  let fetched = 0;
  const split = loadSplitSearch(base, async (n) => (fetched++, shardOf(n)));
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
  const { base, shards } = splitIndex(IndexEnvelopeSchema.parse(JSON.parse(files.get('_wiki/search-index.json')!)), 16);
  const queries = [...queriesOf('test/fixtures/eval/example-wiki.queries.json'), ...queriesOf('test/fixtures/eval/blind/example-wiki.dev.json')];
  const fetched = await compare(files, JSON.parse(JSON.stringify(base)), (n) => JSON.parse(JSON.stringify(shards[n])), queries);
  expect(fetched).toBeLessThanOrEqual(16);
});

describe.runIf(existsSync(CORPUS))('ko-react-docs as the build splits it', () => {
  test('the same top 10 as the whole index on the labelled queries', { timeout: 300_000 }, async () => {
    const files = artifacts(CORPUS);
    const base = JSON.parse(files.get('_wiki/search/base.json')!) as { shards: number };
    expect(base.shards).toBeGreaterThan(10);
    const queries = [...queriesOf('test/fixtures/eval/ko-react-docs.queries.json'), ...queriesOf('test/fixtures/eval/blind/ko-react-docs-fresh.dev.json')];
    await compare(files, base, (n) => JSON.parse(files.get(`_wiki/search/terms-${n}.json`)!), queries);
  });
});

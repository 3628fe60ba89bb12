// The site's split index (`_wiki/search/base.json` + `terms-<n>.json`) against the whole `search-index.json` the MCP
// server loads: the same top 10 (ids, order, sections, scores, snippets) on every labelled query.
import { readFileSync } from 'node:fs';
import { corpus } from './helpers/corpora.ts';
import { resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { toArtifacts } from '../src/lib/artifacts/emit.ts';
import { loadSearch, loadSplitSearch } from '../src/lib/search/index-load.ts';
import { IndexEnvelopeSchema } from '../src/lib/search/index-schema.ts';
import { splitFiles, splitIndex } from '../src/lib/search/index-split.ts';
import { search, type SearchResult } from '../src/lib/search/search.ts';
import { EvalSetSchema } from '../src/lib/search/evaluate.ts';
import { emitContext, loadWiki, siteConfig } from '../src/node/wiki-build.ts';

const ROOT = resolve(import.meta.dirname, '..');
const CORPUS = corpus('ko-react-docs');

function artifacts(root: string): Map<string, string> {
  const config = siteConfig();
  const wiki = loadWiki(root, config, '/');
  return toArtifacts(wiki, emitContext(wiki, config, root));
}

function queriesOf(file: string): string[] {
  return EvalSetSchema.parse(JSON.parse(readFileSync(resolve(ROOT, file), 'utf8'))).queries.map((q) => q.q);
}

/** Runs every query on the whole index and on the split one (its files read from `fileOf`), texts from the emitted files. */
async function compare(files: Map<string, string>, base: unknown, fileOf: (name: string) => unknown, queries: readonly string[]): Promise<string[]> {
  const whole = loadSearch(JSON.parse(files.get('_wiki/search-index.json')!));
  const fetched: string[] = [];
  const split = loadSplitSearch(base, async (name) => (fetched.push(name), fileOf(name)));
  const text = (id: string) => JSON.parse(files.get(`_wiki/search/text/${id}.json`)!) as string[];
  const view = (r: SearchResult) => r.hits.map((h) => [h.document.id, h.section.anchor, h.score, h.snippet.text, h.coverage]);
  for (const q of queries) {
    const [a, b] = [await search(whole, q, { loadText: (d) => text(d.id) }), await search(split, q, { loadText: (d) => text(d.id) })];
    expect(view(b), q).toEqual(view(a));
    expect(b.match, q).toBe(a.match);
  }
  return fetched;
}

test('example wiki cut into 16 shards, its common terms by document into the chunks: the same top 10 as the whole index on its labelled queries', async () => {
  const files = artifacts(resolve(ROOT, 'content'));
  const cut = splitIndex(IndexEnvelopeSchema.parse(JSON.parse(files.get('_wiki/search-index.json')!)), {
    shards: 16,
    latinSplitChars: 500,
    chunkChars: 400,
    pieceTermChars: 60,
  });
  expect(cut.base.latinSplit.length).toBeGreaterThan(0);
  expect(cut.chunks.length).toBeGreaterThan(10);
  // Terms whose section postings pass 60 characters are pieced: numbered in the shards that hold them, their counts
  // in each document's line of its chunk.
  const pieced = cut.shards.flatMap((s) => (s.pieced ? s.pieced.split('\n') : []));
  expect(pieced.length).toBeGreaterThan(100);
  expect(cut.shards.filter((s) => s.pieced).length).toBeGreaterThan(8);
  expect(cut.chunks.every((c) => c.pieced?.length === c.documents.length)).toBe(true);
  const byName = splitFiles(cut);
  const queries = [...queriesOf('test/fixtures/eval/example-wiki.queries.json'), ...queriesOf('test/fixtures/eval/blind/example-wiki.dev.json')];
  const fetched = await compare(files, JSON.parse(JSON.stringify(cut.base)), (name) => JSON.parse(JSON.stringify(byName.get(name))), queries);
  // Only the split's own kinds of file, each once: no file per term and document any more.
  expect(fetched.filter((f) => !/^(terms|docs)-\d+\.json$|^initials\.json$/.test(f))).toEqual([]);
  expect(fetched.length).toBe(new Set(fetched).size);
});

describe('ko-react-docs as the build splits it', () => {
  test('the same top 10 as the whole index on the labelled queries', { timeout: 300_000 }, async () => {
    const files = artifacts(CORPUS);
    const base = JSON.parse(files.get('_wiki/search/base.json')!) as { shards: number; chunks: string; rows: { filters: string } };
    expect(base.shards).toBeGreaterThan(10);
    // A wiki this small keeps its document details in one chunk, which the site fetches with the base.
    expect(base.chunks).toBe((226).toString(36));
    // The base holds each document's filters only (as numbers); sections, links and summaries are in the chunk.
    expect(base.rows.filters.split(';')).toHaveLength(226);
    expect(Object.keys(base)).not.toContain('documents');
    // Every file of the split index is listed with its hash in the manifest, the initials too.
    const manifest = JSON.parse(files.get('_wiki/manifest.json')!) as { files: Record<string, { sha256: string }> };
    const listed = Object.keys(manifest.files).filter((f) => f.startsWith('search/') && !f.startsWith('search/text/'));
    const written = [...files.keys()].filter((f) => f.startsWith('_wiki/search/') && !f.startsWith('_wiki/search/text/')).map((f) => f.slice(6));
    expect(listed.sort()).toEqual(written.sort());
    expect(listed).toEqual(expect.arrayContaining(['search/base.json', 'search/initials.json', 'search/docs-0.json', `search/terms-${base.shards - 1}.json`]));
    // No term of a wiki this small has section postings long enough to be pieced: its one chunk carries no counts.
    expect(Object.keys(JSON.parse(files.get('_wiki/search/docs-0.json')!) as object)).toEqual(['documents']);
    for (const f of listed) expect(manifest.files[f]!.sha256, f).toMatch(/^[0-9a-f]{64}$/);
    const queries = [...queriesOf('test/fixtures/eval/ko-react-docs.queries.json'), ...queriesOf('test/fixtures/eval/blind/ko-react-docs-fresh.dev.json')];
    await compare(files, base, (name) => JSON.parse(files.get(`_wiki/search/${name}`)!), queries);
  });
});

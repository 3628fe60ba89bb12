// The site's split index at any size, measured in Node for `npm run bench`: the build's own cut (`splitIndex`) of a
// `search-index.json`, what a first search on a fresh page fetches (base, the shards its terms need, the document
// chunks of what it section-scores, the snippet texts of the hits a dialog shows), and whether it answers exactly as
// the whole index does.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { loadSearch, loadSplitSearch } from '../src/lib/search/index-load.ts';
import { IndexEnvelopeSchema } from '../src/lib/search/index-schema.ts';
import { splitFiles, splitIndex } from '../src/lib/search/index-split.ts';
import { search } from '../src/lib/search/search.ts';
import { documentText } from '../src/lib/search/snippet.ts';

export interface SplitFigures {
  shards: number;
  wholeGzipKiB: number;
  baseGzipKiB: number;
  largestShardGzipKiB: number;
  chunks: number;
  largestChunkGzipKiB: number;
  /** Base + the shards its terms need + the document chunks it section-scores + the snippet texts of the first 8 hits, per query on a fresh page (code not included). */
  firstSearchGzipKiB: { median: number; max: number };
  /** Queries whose top 10 (ids, sections, scores) equal those of the whole index. */
  sameHits: string;
}

const gz = (text: string) => gzipSync(text).length;
const kib = (n: number) => Math.round(n / 1024);
/** Hits the site's search dialog shows, whose snippet texts a first search fetches. */
const SHOWN = 8;

/** `indexFile` is a `_wiki/search-index.json`; snippet texts come from the Markdown in `docsDir` (`_wiki/docs`) when given. */
export async function splitIndexFigures(indexFile: string, queries: readonly string[], docsDir?: string): Promise<SplitFigures> {
  const text = readFileSync(indexFile, 'utf8');
  const envelope = IndexEnvelopeSchema.parse(JSON.parse(text));
  const split = splitIndex(envelope);
  const { base, shards, chunks } = split;
  const baseGzip = gz(JSON.stringify(base));
  const files = new Map([...splitFiles(split)].map(([name, json]) => [name, { json, gzip: gz(JSON.stringify(json)) }] as const));
  const largest = (prefix: string) => kib(Math.max(...[...files].filter(([f]) => f.startsWith(prefix)).map(([, v]) => v.gzip)));
  const whole = loadSearch(envelope);
  const textGzip = (id: string) => {
    const file = docsDir && join(docsDir, `${id}.md`);
    const d = whole.documents.find((x) => x.id === id)!;
    return file && existsSync(file) ? gz(JSON.stringify(documentText(d, readFileSync(file, 'utf8')))) : 0;
  };
  const fetched: number[] = [];
  let same = 0;
  for (const q of queries) {
    let bytes = baseGzip;
    const split = loadSplitSearch(base, async (f) => ((bytes += files.get(f)!.gzip), files.get(f)!.json));
    const [a, b] = [await search(whole, q), await search(split, q)];
    const view = (r: typeof a) => JSON.stringify(r.hits.map((h) => [h.document.id, h.section.anchor, h.score]));
    if (view(a) === view(b)) same++;
    fetched.push(bytes + b.hits.slice(0, SHOWN).reduce((n, h) => n + textGzip(h.document.id), 0));
  }
  fetched.sort((a, b) => a - b);
  return {
    shards: shards.length,
    wholeGzipKiB: kib(gz(text)),
    baseGzipKiB: kib(baseGzip),
    largestShardGzipKiB: largest('terms-'),
    chunks: chunks.length,
    largestChunkGzipKiB: largest('docs-'),
    firstSearchGzipKiB: { median: kib(fetched[Math.floor(fetched.length / 2)]!), max: kib(fetched[fetched.length - 1]!) },
    sameHits: `${same} of ${queries.length}`,
  };
}

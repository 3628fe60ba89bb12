// The site's split index at any size, measured in Node for `npm run bench`: the build's own cut (`splitIndex`) of a
// `search-index.json`, what a first search on a fresh page fetches (base, the shards its terms need, the document
// chunks of what it section-scores, the snippet texts of the hits a dialog shows), in gzip bodies, in requests and in
// bytes transferred (bodies plus the response headers `npm start` sends), and whether it answers exactly as the whole
// index does.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { loadSearch, loadSplitSearch } from '../src/lib/search/index-load.ts';
import { IndexEnvelopeSchema } from '../src/lib/search/index-schema.ts';
import { splitFiles, splitIndex, type SplitSizes } from '../src/lib/search/index-split.ts';
import { search } from '../src/lib/search/search.ts';
import { documentText } from '../src/lib/search/snippet.ts';
import type { SearchDocument } from '../src/lib/search/index-schema.ts';

export interface SplitFigures {
  shards: number;
  wholeGzipKiB: number;
  baseGzipKiB: number;
  largestShardGzipKiB: number;
  chunks: number;
  largestChunkGzipKiB: number;
  /** Base + the shards its terms need + the document chunks it section-scores + the snippet texts of the first 8 hits, per query on a fresh page (code not included). */
  firstSearchGzipKiB: Spread;
  /** The same files uncompressed. */
  firstSearchRawKiB: Spread;
  /** The same with each response's headers as `npm start` sends them (`RESPONSE_HEADER_BYTES`). */
  firstSearchTransferredKiB: Spread;
  /** Files a first search fetches (each one request). */
  firstSearchRequests: Spread;
  /** Queries whose top 10 (ids, sections, scores) equal those of the whole index. */
  sameHits: string;
  /** The same over queries cut from the wiki's own titles and headings (`titleAndHeadingQueries`), nobody's choice. */
  sample: {
    queries: number;
    firstSearchGzipKiB: Spread;
    firstSearchRawKiB: Spread;
    firstSearchTransferredKiB: Spread;
    firstSearchRequests: Spread;
    sameHits: string;
  };
}

/** Median, 95th percentile and largest of a set of figures (KiB, or a count). */
interface Spread {
  median: number;
  p95: number;
  max: number;
}

/** What one first search fetched, gzip bytes, by kind of file. */
export interface FirstSearch {
  query: string;
  base: number;
  shards: { files: number; bytes: number };
  chunks: { files: number; bytes: number };
  texts: number;
  /** Snippet-text files fetched (the hits shown). */
  textFiles: number;
  /** Gzip bodies of every file fetched. */
  total: number;
  /** The same files uncompressed (a host that sends JSON as it is, and what the browser parses). */
  raw: number;
  /** Files fetched: the base, shards, chunks, snippet texts (the initials too for a 초성 query). */
  requests: number;
  /** `total` plus the response headers of every request. */
  transferred: number;
  same: boolean;
}

/**
 * Bytes of the status line and headers `npm start` sends with a file of the split index (HTTP/1.1, gzip or brotli):
 * measured with curl on five files of `_wiki/search/` (base, a shard, a chunk, the initials, a snippet text), 353–358
 * bytes (cache-control, etag, last-modified, nosniff, vary, content-type, content-encoding, content-length, date,
 * keep-alive). HTTP/2 and HTTP/3, which CDNs speak, compress them to a few bytes per response after the first.
 */
export const RESPONSE_HEADER_BYTES = 356;

const gz = (text: string) => gzipSync(text).length;
const kib = (n: number) => Math.round(n / 1024);
/** Hits the site's search dialog shows, whose snippet texts a first search fetches. */
const SHOWN = 8;

/**
 * `count` queries of two to four words cut from the titles and headings of documents picked by a fixed stride, so
 * nobody chooses them: document `(i × stride + offset) mod n`, its title for even i, else one of its headings.
 */
export function titleAndHeadingQueries(documents: readonly SearchDocument[], count: number, stride = 9973, offset = 7): string[] {
  const out: string[] = [];
  for (let i = 0; out.length < count && i < count * 10; i++) {
    const d = documents[(i * stride + offset) % documents.length]!;
    const heads = d.sections.filter((s) => s.heading).map((s) => s.heading);
    const name = i % 2 === 0 || !heads.length ? d.title : heads[i % heads.length]!;
    const words = name
      .replace(/<[^>]+>/g, ' ')
      .split(/\s+/)
      .filter((w) => /[\p{L}\p{N}]/u.test(w));
    const k = 2 + (i % 3);
    if (words.length < 2) continue;
    const from = i % Math.max(1, words.length - k + 1);
    out.push(words.slice(from, from + k).join(' '));
  }
  return out;
}

/**
 * The split index of a `search-index.json` (cut with the build's sizes unless `sizes` says otherwise) and a function
 * measuring one first search on a fresh page against the whole index.
 */
export function splitBench(
  indexFile: string,
  textGzip: (id: string) => number,
  sizes: SplitSizes = {},
  textRaw: (id: string) => number = () => 0,
): {
  figures: Omit<SplitFigures, 'firstSearchGzipKiB' | 'firstSearchRawKiB' | 'firstSearchTransferredKiB' | 'firstSearchRequests' | 'sameHits' | 'sample'>;
  documents: readonly SearchDocument[];
  firstSearch: (q: string) => Promise<FirstSearch>;
} {
  const text = readFileSync(indexFile, 'utf8');
  const envelope = IndexEnvelopeSchema.parse(JSON.parse(text));
  const split = splitIndex(envelope, sizes);
  const baseJson = JSON.stringify(split.base);
  const baseGzip = gz(baseJson);
  const files = new Map(
    [...splitFiles(split)].map(([name, json]) => {
      const text = JSON.stringify(json);
      return [name, { json, gzip: gz(text), raw: Buffer.byteLength(text) }] as const;
    }),
  );
  const largest = (prefix: string) => kib(Math.max(...[...files].filter(([f]) => f.startsWith(prefix)).map(([, v]) => v.gzip)));
  const whole = loadSearch(envelope);
  const firstSearch = async (query: string): Promise<FirstSearch> => {
    const got = { shards: { files: 0, bytes: 0 }, chunks: { files: 0, bytes: 0 } };
    let raw = Buffer.byteLength(baseJson);
    const loaded = loadSplitSearch(split.base, async (f) => {
      // The initials (초성 queries only) count with the chunks: both are details of documents.
      const kind = f.startsWith('terms-') ? got.shards : got.chunks;
      kind.files++;
      kind.bytes += files.get(f)!.gzip;
      raw += files.get(f)!.raw;
      return files.get(f)!.json;
    });
    const [a, b] = [await search(whole, query), await search(loaded, query)];
    const view = (r: typeof a) => JSON.stringify(r.hits.map((h) => [h.document.id, h.section.anchor, h.score]));
    const texts = b.hits.slice(0, SHOWN).reduce((n, h) => n + textGzip(h.document.id), 0);
    raw += b.hits.slice(0, SHOWN).reduce((n, h) => n + textRaw(h.document.id), 0);
    const total = baseGzip + got.shards.bytes + got.chunks.bytes + texts;
    const textFiles = Math.min(SHOWN, b.hits.length);
    const requests = 1 + got.shards.files + got.chunks.files + textFiles;
    const transferred = total + requests * RESPONSE_HEADER_BYTES;
    return { query, base: baseGzip, ...got, texts, textFiles, total, raw, requests, transferred, same: view(a) === view(b) };
  };
  const figures = {
    shards: split.shards.length,
    wholeGzipKiB: kib(gz(text)),
    baseGzipKiB: kib(baseGzip),
    largestShardGzipKiB: largest('terms-'),
    chunks: split.chunks.length,
    largestChunkGzipKiB: largest('docs-'),
  };
  return { figures, documents: envelope.documents, firstSearch };
}

/** Median, p95 and max of one figure of the runs (`total` by default), in KiB or, for `requests`, as counted. */
export function spread(runs: readonly FirstSearch[], figure: 'total' | 'raw' | 'transferred' | 'requests' = 'total'): Spread {
  const values = runs.map((r) => r[figure]).sort((a, b) => a - b);
  const unit = figure === 'requests' ? (n: number) => n : kib;
  const at = (q: number) => unit(values[Math.min(values.length - 1, Math.ceil(values.length * q) - 1)]!);
  return { median: unit(values[Math.floor(values.length / 2)]!), p95: at(0.95), max: unit(values[values.length - 1]!) };
}

/** `indexFile` is a `_wiki/search-index.json`; snippet texts come from the Markdown in `docsDir` (`_wiki/docs`) when given. */
export async function splitIndexFigures(indexFile: string, queries: readonly string[], docsDir?: string): Promise<SplitFigures> {
  let byId = new Map<string, SearchDocument>();
  const textOf = (id: string) => {
    const file = docsDir && join(docsDir, `${id}.md`);
    return file && existsSync(file) ? `${JSON.stringify(documentText(byId.get(id)!, readFileSync(file, 'utf8')))}\n` : '';
  };
  const bench = splitBench(
    indexFile,
    (id) => gz(textOf(id)),
    {},
    (id) => Buffer.byteLength(textOf(id)),
  );
  const documents = bench.documents;
  byId = new Map(documents.map((d) => [d.id, d]));
  const runs = async (qs: readonly string[]) => {
    const out: FirstSearch[] = [];
    for (const q of qs) out.push(await bench.firstSearch(q));
    return out;
  };
  const [mine, sampled] = [await runs(queries), await runs(titleAndHeadingQueries(documents, 100))];
  const same = (r: FirstSearch[]) => `${r.filter((x) => x.same).length} of ${r.length}`;
  const spreads = (r: FirstSearch[]) => ({
    firstSearchGzipKiB: spread(r),
    firstSearchRawKiB: spread(r, 'raw'),
    firstSearchTransferredKiB: spread(r, 'transferred'),
    firstSearchRequests: spread(r, 'requests'),
    sameHits: same(r),
  });
  return { ...bench.figures, ...spreads(mine), sample: { queries: sampled.length, ...spreads(sampled) } };
}

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
import type { SearchDocument } from '../src/lib/search/index-schema.ts';

export interface SplitFigures {
  shards: number;
  /** Pieces of very common terms' section postings (`sections-<n>.json`). */
  pieces: number;
  wholeGzipKiB: number;
  baseGzipKiB: number;
  largestShardGzipKiB: number;
  chunks: number;
  largestChunkGzipKiB: number;
  /** Base + the shards its terms need + the document chunks and pieces it section-scores + the snippet texts of the first 8 hits, per query on a fresh page (code not included). */
  firstSearchGzipKiB: Spread;
  /** Queries whose top 10 (ids, sections, scores) equal those of the whole index. */
  sameHits: string;
  /** The same over queries cut from the wiki's own titles and headings (`titleAndHeadingQueries`), nobody's choice. */
  sample: { queries: number; firstSearchGzipKiB: Spread; sameHits: string };
}

/** Median, 95th percentile and largest of a set of figures, KiB. */
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
  pieces: { files: number; bytes: number };
  chunks: { files: number; bytes: number };
  texts: number;
  /** Snippet-text files fetched (the hits shown). */
  textFiles: number;
  total: number;
  same: boolean;
}

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

/** The split index of a `search-index.json` and a function measuring one first search on a fresh page against the whole index. */
export function splitBench(
  indexFile: string,
  textGzip: (id: string) => number,
): {
  figures: Omit<SplitFigures, 'firstSearchGzipKiB' | 'sameHits' | 'sample'>;
  documents: readonly SearchDocument[];
  firstSearch: (q: string) => Promise<FirstSearch>;
} {
  const text = readFileSync(indexFile, 'utf8');
  const envelope = IndexEnvelopeSchema.parse(JSON.parse(text));
  const split = splitIndex(envelope);
  const baseGzip = gz(JSON.stringify(split.base));
  const files = new Map([...splitFiles(split)].map(([name, json]) => [name, { json, gzip: gz(JSON.stringify(json)) }] as const));
  const largest = (prefix: string) => kib(Math.max(...[...files].filter(([f]) => f.startsWith(prefix)).map(([, v]) => v.gzip)));
  const whole = loadSearch(envelope);
  const firstSearch = async (query: string): Promise<FirstSearch> => {
    const got = { shards: { files: 0, bytes: 0 }, pieces: { files: 0, bytes: 0 }, chunks: { files: 0, bytes: 0 } };
    const loaded = loadSplitSearch(split.base, async (f) => {
      const kind = f.startsWith('terms-') ? got.shards : f.startsWith('sections-') ? got.pieces : got.chunks;
      kind.files++;
      kind.bytes += files.get(f)!.gzip;
      return files.get(f)!.json;
    });
    const [a, b] = [await search(whole, query), await search(loaded, query)];
    const view = (r: typeof a) => JSON.stringify(r.hits.map((h) => [h.document.id, h.section.anchor, h.score]));
    const texts = b.hits.slice(0, SHOWN).reduce((n, h) => n + textGzip(h.document.id), 0);
    const total = baseGzip + got.shards.bytes + got.pieces.bytes + got.chunks.bytes + texts;
    return { query, base: baseGzip, ...got, texts, textFiles: Math.min(SHOWN, b.hits.length), total, same: view(a) === view(b) };
  };
  const figures = {
    shards: split.shards.length,
    pieces: split.pieces.length,
    wholeGzipKiB: kib(gz(text)),
    baseGzipKiB: kib(baseGzip),
    largestShardGzipKiB: largest('terms-'),
    chunks: split.chunks.length,
    largestChunkGzipKiB: largest('docs-'),
  };
  return { figures, documents: envelope.documents, firstSearch };
}

/** Median, p95 and max of the totals, KiB. */
export function spread(runs: readonly FirstSearch[]): Spread {
  const totals = runs.map((r) => r.total).sort((a, b) => a - b);
  const at = (q: number) => kib(totals[Math.min(totals.length - 1, Math.ceil(totals.length * q) - 1)]!);
  return { median: kib(totals[Math.floor(totals.length / 2)]!), p95: at(0.95), max: kib(totals[totals.length - 1]!) };
}

/** `indexFile` is a `_wiki/search-index.json`; snippet texts come from the Markdown in `docsDir` (`_wiki/docs`) when given. */
export async function splitIndexFigures(indexFile: string, queries: readonly string[], docsDir?: string): Promise<SplitFigures> {
  let documents: readonly SearchDocument[] = [];
  const textGzip = (id: string) => {
    const file = docsDir && join(docsDir, `${id}.md`);
    const d = documents.find((x) => x.id === id)!;
    return file && existsSync(file) ? gz(JSON.stringify(documentText(d, readFileSync(file, 'utf8')))) : 0;
  };
  const bench = splitBench(indexFile, textGzip);
  documents = bench.documents;
  const runs = async (qs: readonly string[]) => {
    const out: FirstSearch[] = [];
    for (const q of qs) out.push(await bench.firstSearch(q));
    return out;
  };
  const [mine, sampled] = [await runs(queries), await runs(titleAndHeadingQueries(documents, 100))];
  const same = (r: FirstSearch[]) => `${r.filter((x) => x.same).length} of ${r.length}`;
  return {
    ...bench.figures,
    firstSearchGzipKiB: spread(mine),
    sameHits: same(mine),
    sample: { queries: sampled.length, firstSearchGzipKiB: spread(sampled), sameHits: same(sampled) },
  };
}

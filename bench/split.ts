// Split-index prototype for `npm run bench`: cuts a built search index into term shards and document chunks,
// and measures what a first search would fetch, checking that the shards it needs give the same hits.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { loadSearch } from '../src/lib/search/index-load.ts';
import { type IndexEnvelope } from '../src/lib/search/index-schema.ts';
import { searchDocuments } from '../src/lib/search/search.ts';
import { tokenizeQuery } from '../src/lib/search/tokenize.ts';

export interface SplitFigures {
  shards: number;
  documentChunks: number;
  wholeGzipKiB: number;
  baseGzipKiB: number;
  largestShardGzipKiB: number;
  /** Base + term shards + document chunks + the candidates' Markdown, per query. */
  firstSearchGzipKiB: { median: number; max: number };
  /** Queries whose top 10 (ids and sections) equal those of the whole index. */
  sameHits: string;
}

/** Shard key: Latin terms by their first two letters (prefix and typo search stay in one shard), others whole. */
function shardOf(term: string, shards: number): number {
  const key = /^[a-z0-9]/.test(term) ? term.slice(0, 2) : term;
  let h = 2166136261;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 16777619);
  return (h >>> 0) % shards;
}

const gz = (text: string) => gzipSync(text).length;
const kib = (n: number) => Math.round(n / 1024);
const SHARD_TARGET_BYTES = 24 * 1024;
const DOCUMENTS_PER_CHUNK = 10;

/** `indexFile` is a `_wiki/search-index.json`; the Markdown is read from `dist/_wiki/docs` beside it. */
export function splitIndexPrototype(indexFile: string, queries: readonly string[]): SplitFigures {
  const text = readFileSync(indexFile, 'utf8');
  const envelope = JSON.parse(text) as IndexEnvelope;
  const lines = envelope.postings.split('\n');
  const shards = Math.max(1, Math.ceil(gz(envelope.postings) / SHARD_TARGET_BYTES));
  const shardLines: string[][] = Array.from({ length: shards }, () => []);
  for (const line of lines) shardLines[shardOf(line.slice(0, line.indexOf('\t')), shards)]!.push(line);
  const shardGzip = shardLines.map((l) => gz(l.join('\n')));
  // The base keeps what ranking needs for every document; titles, URLs and sections come in chunks.
  const { documents, postings: _postings, ...rest } = envelope;
  const base = JSON.stringify(rest);
  const chunks = Array.from({ length: Math.ceil(documents.length / DOCUMENTS_PER_CHUNK) }, (_, i) =>
    JSON.stringify(documents.slice(i * DOCUMENTS_PER_CHUNK, (i + 1) * DOCUMENTS_PER_CHUNK)),
  );
  const chunkGzip = chunks.map(gz);
  const whole = loadSearch(envelope);
  const docsDir = join(dirname(indexFile), 'dist', '_wiki', 'docs');
  const markdown = new Map<string, string>();
  const markdownOf = (d: { id: string }) => {
    if (!markdown.has(d.id)) markdown.set(d.id, readFileSync(join(docsDir, `${d.id}.md`), 'utf8'));
    return markdown.get(d.id);
  };
  const fetched: number[] = [];
  let same = 0;
  for (const q of queries) {
    const needed = new Set(tokenizeQuery(q).map((t) => shardOf(t, shards)));
    const partial = loadSearch({ ...envelope, postings: [...needed].flatMap((s) => shardLines[s]!).join('\n') });
    const full = searchDocuments(whole, q, {}, 10);
    const cut = searchDocuments(partial, q, {}, 10);
    if (JSON.stringify(full.map((h) => [h.document.id, h.section.anchor])) === JSON.stringify(cut.map((h) => [h.document.id, h.section.anchor]))) same++;
    const candidates = searchDocuments(partial, q, {}, 20).map((h) => h.document);
    const chunkIds = new Set(candidates.map((d) => Math.floor(partial.documents.indexOf(d) / DOCUMENTS_PER_CHUNK)));
    const bytes =
      gz(base) +
      [...needed].reduce((n, s) => n + shardGzip[s]!, 0) +
      [...chunkIds].reduce((n, c) => n + chunkGzip[c]!, 0) +
      candidates.reduce((n, d) => n + gz(markdownOf(d) ?? ''), 0);
    fetched.push(bytes);
  }
  fetched.sort((a, b) => a - b);
  return {
    shards,
    documentChunks: chunks.length,
    wholeGzipKiB: kib(gz(text)),
    baseGzipKiB: kib(gz(base)),
    largestShardGzipKiB: kib(Math.max(...shardGzip)),
    firstSearchGzipKiB: { median: kib(fetched[Math.floor(fetched.length / 2)]!), max: kib(fetched[fetched.length - 1]!) },
    sameHits: `${same} of ${queries.length}`,
  };
}

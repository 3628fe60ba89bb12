// The alternatives to Maru's search, side by side in Chromium on the same built site: Pagefind over the
// document pages, plain MiniSearch with default options (as `npm run bench` builds `plain`), and the seed's
// 400/300/200/100 substring scorer (bench/baseline.ts) over the data it needs.
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { stripTypeScriptTypes } from 'node:module';
import { extname, join, normalize, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
// The baselines are the libraries with their defaults: only benchmarks import them this way, on purpose.
import MiniSearch from 'minisearch';
import * as pagefind from 'pagefind';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../scripts/lib/chromium.ts';
import type { BaselineDocument } from './baseline.ts';
import { parseMarkdown } from '../src/lib/markdown/parse.ts';

/** Median, p95 and range, as `npm run bench` reports them. */
export type Stats = { median: number; p95: number; min: number; max: number };

/** Bytes the browser fetched, as served (no compression, like `npm start`) and as gzip would send each file. */
export interface Transfer {
  requests: number;
  rawKiB: number;
  gzipKiB: number;
  /** Of which the search engine's code (Pagefind: pagefind.js and its WebAssembly; MiniSearch: its ES module, unminified; seed: the scorer). */
  codeKiB: number;
  codeGzipKiB: number;
}

/** One alternative, measured in Chromium. */
export interface AlternativeFigures {
  id: 'pagefind' | 'minisearch' | 'seed';
  name: string;
  /** Documents in its index. */
  documents: number;
  /** Building its index in Node, ms (Pagefind: indexing the HTML of every document page and writing the bundle). */
  buildMs: number;
  /** The index on disk, code excluded (Pagefind: entry, metadata, index chunks and fragments; the others: one JSON file). */
  index: { files: number; rawKiB: number; gzipKiB: number };
  /** The engine's code on disk. */
  code: { files: number; rawKiB: number; gzipKiB: number };
  /** First query on a page that has loaded nothing of the search yet: fetch + load + ranked answer (ids), ms over the runs. */
  firstQueryMs: Stats;
  /** Fetched for the first query (first run). */
  firstQueryFetched: Transfer;
  /** Fetched over the whole session: the first query, then typing every prefix of the other queries (first run). */
  sessionFetched: Transfer;
  /** Each prefix of the other queries, searched as typed (index already loaded; Pagefind fetches chunks as it needs them), ms. */
  perQueryMs: Stats;
  /** How many prefixes were searched per run. */
  prefixes: number;
  /** Matches for each full query (all of them, not the top 10). */
  hits: Record<string, number>;
}

/** What `alternativesInBrowser` returns. */
export interface AlternativesFigures {
  documents: number;
  runs: number;
  queries: readonly string[];
  alternatives: AlternativeFigures[];
  pagefind: {
    version: string;
    /** Languages Pagefind detected (one index per language). */
    languages: string[];
    /** Every file `writeFiles` wrote, UI included. */
    bundle: { files: number; rawKiB: number; gzipKiB: number };
    /** First query including the top-10 results' fragments (title, URL, excerpt): what a result list needs, ms. */
    firstQueryWithTop10Ms: Stats;
    /** Fetched for that first query with fragments (first run). */
    firstQueryWithTop10Fetched: Transfer;
  };
}

const stats = (xs: number[]): Stats => {
  const s = [...xs].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))]!;
  return { median: at(0.5), p95: at(0.95), min: s[0]!, max: s[s.length - 1]! };
};
const kib = (n: number) => Math.round((n / 1024) * 10) / 10;

/** Every non-blank prefix (by code point) of each query, as someone typing it would search. */
export function prefixesOf(queries: readonly string[]): string[] {
  return queries.flatMap((q) => [...q].map((_, i) => [...q].slice(0, i + 1).join('')).filter((p) => p.trim()));
}

/**
 * Builds Pagefind, plain MiniSearch and the seed scorer's data from the built site `siteDir` (its document
 * pages, `llms-full.txt`, `_wiki/catalog.json` and `_wiki/docs/*.md`), serves them from 127.0.0.1 and measures
 * each in Chromium (`CHROMIUM_PATH`, default /usr/bin/chromium): `queries[0]` as the first query on a fresh page,
 * then every prefix of the others. Each run uses a new browser context (empty HTTP cache); runs alternate engines.
 */
export async function alternativesInBrowser(
  siteDir: string,
  queries: readonly string[],
  options: { runs?: number; workDir?: string } = {},
): Promise<AlternativesFigures> {
  const runs = options.runs ?? 3;
  const www = resolve(options.workDir ?? 'node_modules/.cache/maru-bench-alternatives/www');
  rmSync(www, { recursive: true, force: true });
  mkdirSync(www, { recursive: true });
  writeFileSync(join(www, 'index.html'), '<!doctype html><html lang="ko"><head><meta charset="utf-8"><title>bench</title></head><body></body></html>\n');

  const catalog = JSON.parse(readFileSync(join(siteDir, '_wiki', 'catalog.json'), 'utf8')) as {
    documents: { id: string; title: string; tags: string[]; headings: { text: string }[]; markdownPath: string }[];
  };
  const documents = catalog.documents.length;

  // Plain MiniSearch, exactly as scripts/bench.ts builds `plain`: one unit per document, field `text`.
  let t = performance.now();
  const plain = new MiniSearch({ fields: ['text'] });
  plain.addAll(
    readFileSync(join(siteDir, 'llms-full.txt'), 'utf8')
      .split(/\n(?=---\nid: )/)
      .map((text, id) => ({ id, text })),
  );
  writeFileSync(join(www, 'plain.json'), JSON.stringify(plain));
  const minisearchBuildMs = performance.now() - t;
  copyFileSync(fileURLToPath(import.meta.resolve('minisearch')), join(www, 'minisearch.js'));

  // The seed scorer's documents, as scripts/lib/eval-corpus.ts `baselineDocuments` makes them (body = section texts).
  t = performance.now();
  const seedDocs: BaselineDocument[] = catalog.documents.map((d) => {
    const md = readFileSync(join(siteDir, d.markdownPath), 'utf8').replace(/^---\n[\s\S]*?\n---\n/, '');
    return {
      id: d.id,
      title: d.title,
      tags: d.tags,
      headings: d.headings.map((h) => h.text),
      body: parseMarkdown(md)
        .sections.map((s) => s.text)
        .join('\n'),
    };
  });
  writeFileSync(join(www, 'seed.json'), JSON.stringify(seedDocs));
  const seedBuildMs = performance.now() - t;
  writeFileSync(join(www, 'seed.js'), stripTypeScriptTypes(readFileSync(fileURLToPath(import.meta.resolve('./baseline.ts')), 'utf8')));

  // Pagefind over the document pages only, indexing the article (header and body) without its table of
  // contents, footer, related documents and backlinks, which name other documents.
  t = performance.now();
  const { index, errors } = await pagefind.createIndex({
    rootSelector: 'article.doc',
    excludeSelectors: ['.doc-toc', '.doc-footer', '.related', '.backlinks'],
  });
  if (!index) throw new Error(`pagefind: ${errors.join('; ')}`);
  const added = await index.addDirectory({ path: resolve(siteDir), glob: 'docs/**/*.html' });
  if (added.errors.length) throw new Error(`pagefind: ${added.errors.join('; ')}`);
  const written = await index.writeFiles({ outputPath: join(www, 'pagefind') });
  if (written.errors.length) throw new Error(`pagefind: ${written.errors.join('; ')}`);
  await pagefind.close();
  const pagefindBuildMs = performance.now() - t;
  if (added.page_count !== documents) throw new Error(`pagefind indexed ${added.page_count} pages, the catalog has ${documents} documents`);

  const files = listFiles(www);
  const sizeOf = (paths: string[]) => ({
    files: paths.length,
    rawKiB: kib(paths.reduce((n, p) => n + files.get(p)!.raw, 0)),
    gzipKiB: kib(paths.reduce((n, p) => n + files.get(p)!.gzip, 0)),
  });
  const pf = [...files.keys()].filter((p) => p.startsWith('pagefind/'));
  const pfCode = pf.filter((p) => p === 'pagefind/pagefind.js' || /^pagefind\/wasm\.[^/]+\.pagefind$/.test(p) || p === 'pagefind/pagefind-worker.js');
  const pfIndex = pf.filter((p) => /^pagefind\/(pagefind-entry\.json|pagefind\.[^/]+\.pf_meta|index\/|fragment\/|filter\/)/.test(p));
  const languages = Object.keys(
    (JSON.parse(readFileSync(join(www, 'pagefind', 'pagefind-entry.json'), 'utf8')) as { languages: Record<string, unknown> }).languages,
  );
  const codeOf: Record<AlternativeFigures['id'], (p: string) => boolean> = {
    pagefind: (p) => pfCode.includes(p),
    minisearch: (p) => p === 'minisearch.js',
    seed: (p) => p === 'seed.js',
  };

  const server = await serve(www);
  const browser = await launchChromium();
  const prefixes = prefixesOf(queries.slice(1));
  const engines: AlternativeFigures['id'][] = ['pagefind', 'minisearch', 'seed'];
  const samples = new Map(
    engines.map((e) => [
      e,
      {
        first: [] as number[],
        firstTop10: [] as number[],
        perQuery: [] as number[],
        first0: undefined as Transfer | undefined,
        firstTop10Fetched: undefined as Transfer | undefined,
        session: undefined as Transfer | undefined,
        hits: {},
      },
    ]),
  );
  try {
    for (let r = 0; r < runs; r++) {
      for (const engine of engines) {
        const s = samples.get(engine)!;
        const transfer = (log: string[]) => transferOf(log, files, codeOf[engine]);
        const m = await measure(browser, server.origin, engine, queries, prefixes, server.log);
        s.first.push(m.firstMs);
        s.perQuery.push(...m.perQueryMs);
        if (engine === 'pagefind') s.firstTop10.push(m.firstTop10Ms!);
        if (r === 0) {
          s.first0 = transfer(m.firstRequests);
          s.session = transfer(m.sessionRequests);
          if (engine === 'pagefind') s.firstTop10Fetched = transfer(m.firstTop10Requests!);
          s.hits = m.hits;
        }
      }
    }
  } finally {
    await browser.close();
    await new Promise((done) => server.server.close(done));
  }

  const figures = (id: AlternativeFigures['id'], name: string, buildMs: number, indexPaths: string[], codePaths: string[]): AlternativeFigures => {
    const s = samples.get(id)!;
    return {
      id,
      name,
      documents,
      buildMs,
      index: sizeOf(indexPaths),
      code: sizeOf(codePaths),
      firstQueryMs: stats(s.first),
      firstQueryFetched: s.first0!,
      sessionFetched: s.session!,
      perQueryMs: stats(s.perQuery),
      prefixes: prefixes.length,
      hits: s.hits,
    };
  };
  const pfs = samples.get('pagefind')!;
  return {
    documents,
    runs,
    queries,
    alternatives: [
      figures('pagefind', `Pagefind ${pagefindVersion()}`, pagefindBuildMs, pfIndex, pfCode),
      figures('minisearch', 'plain MiniSearch (defaults)', minisearchBuildMs, ['plain.json'], ['minisearch.js']),
      figures('seed', "seed's substring scorer", seedBuildMs, ['seed.json'], ['seed.js']),
    ],
    pagefind: {
      version: pagefindVersion(),
      languages,
      bundle: sizeOf(pf),
      firstQueryWithTop10Ms: stats(pfs.firstTop10),
      firstQueryWithTop10Fetched: pfs.firstTop10Fetched!,
    },
  };
}

function pagefindVersion(): string {
  const pkg = fileURLToPath(new URL('../package.json', import.meta.resolve('pagefind')));
  return (JSON.parse(readFileSync(pkg, 'utf8')) as { version: string }).version;
}

/** One run of one engine in a fresh browser context. */
async function measure(browser: Browser, origin: string, engine: AlternativeFigures['id'], queries: readonly string[], prefixes: string[], log: string[]) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`${origin}/index.html`);
    log.length = 0;
    // In the page: load the engine and its index, answer the first query (ranked ids), time it with performance.now().
    const first = await page.evaluate(
      async ({ engine, q }) => {
        type Hit = unknown;
        const w = window as unknown as { __search: (q: string) => Promise<Hit[]> | Hit[]; __top10?: (hits: Hit[]) => Promise<unknown> };
        const load = (url: string) => import(url) as Promise<Record<string, unknown>>;
        const t0 = performance.now();
        if (engine === 'pagefind') {
          const pf = (await load('/pagefind/pagefind.js')) as {
            init: () => Promise<void>;
            search: (q: string) => Promise<{ results: { data: () => Promise<unknown> }[] }>;
          };
          await pf.init();
          w.__search = async (q) => (await pf.search(q)).results;
          w.__top10 = (hits) => Promise.all((hits as { data: () => Promise<unknown> }[]).slice(0, 10).map((h) => h.data()));
        } else if (engine === 'minisearch') {
          const MiniSearch = (await load('/minisearch.js')).default as { loadJSON: (json: string, options: unknown) => { search: (q: string) => Hit[] } };
          const index = MiniSearch.loadJSON(await (await fetch('/plain.json')).text(), { fields: ['text'] });
          w.__search = (q) => index.search(q);
        } else {
          const { seedBaselineSearch } = (await load('/seed.js')) as { seedBaselineSearch: (docs: unknown, q: string, limit?: number) => Hit[] };
          const docs: unknown = await (await fetch('/seed.json')).json();
          w.__search = (q) => seedBaselineSearch(docs, q, 10);
          (w as unknown as { __all: (q: string) => number }).__all = (q) => seedBaselineSearch(docs, q, Infinity).length;
        }
        const hits = await w.__search(q);
        const firstMs = performance.now() - t0;
        (w as unknown as { __firstHits: Hit[] }).__firstHits = hits;
        return { firstMs, count: hits.length };
      },
      { engine, q: queries[0]! },
    );
    const firstRequests = [...log];
    let firstTop10Ms: number | undefined;
    let firstTop10Requests: string[] | undefined;
    if (engine === 'pagefind') {
      // The fragments of the top 10 (title, URL, excerpt) of the same first query, on top of its time.
      const extra = await page.evaluate(async () => {
        const w = window as unknown as { __firstHits: unknown[]; __top10: (hits: unknown[]) => Promise<unknown> };
        const t0 = performance.now();
        await w.__top10(w.__firstHits);
        return performance.now() - t0;
      });
      firstTop10Ms = first.firstMs + extra;
      firstTop10Requests = [...log];
    }
    // Every prefix of the other queries, one at a time with a pause between keys (not timed), as typing does.
    const typed = await page.evaluate(
      async ({ prefixes, engine }) => {
        const w = window as unknown as { __search: (q: string) => Promise<unknown[]> | unknown[]; __all?: (q: string) => number };
        const times: number[] = [];
        const counts: Record<string, number> = {};
        for (const p of prefixes) {
          await new Promise((r) => setTimeout(r, 20));
          const t0 = performance.now();
          const hits = await w.__search(p);
          times.push(performance.now() - t0);
          counts[p] = engine === 'seed' ? w.__all!(p) : hits.length;
        }
        return { times, counts };
      },
      { prefixes, engine },
    );
    const hits: Record<string, number> = {
      [queries[0]!]:
        engine === 'seed' ? await page.evaluate((q) => (window as unknown as { __all: (q: string) => number }).__all(q), queries[0]!) : first.count,
    };
    for (const q of queries.slice(1)) hits[q] = typed.counts[q] ?? 0;
    return { firstMs: first.firstMs, firstRequests, firstTop10Ms, firstTop10Requests, perQueryMs: typed.times, sessionRequests: [...log], hits };
  } finally {
    await context.close();
  }
}

/** Sizes of every file under `dir` (raw, and gzip as a server would send it), keyed by the path below it. */
function listFiles(dir: string): Map<string, { raw: number; gzip: number }> {
  const out = new Map<string, { raw: number; gzip: number }>();
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!e.isFile()) continue;
    const full = join(e.parentPath, e.name);
    const body = readFileSync(full);
    out.set(relative(dir, full).split(sep).join('/'), { raw: body.length, gzip: gzipSync(body).length });
  }
  return out;
}

function transferOf(log: string[], files: Map<string, { raw: number; gzip: number }>, isCode: (p: string) => boolean): Transfer {
  const sized = log.map((p) => ({ p, f: files.get(p) })).filter((x) => x.f);
  const sum = (xs: typeof sized, k: 'raw' | 'gzip') => kib(xs.reduce((n, x) => n + x.f![k], 0));
  const code = sized.filter((x) => isCode(x.p));
  return { requests: log.length, rawKiB: sum(sized, 'raw'), gzipKiB: sum(sized, 'gzip'), codeKiB: sum(code, 'raw'), codeGzipKiB: sum(code, 'gzip') };
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

/**
 * A static server on 127.0.0.1 like `npm start`'s (no compression, `cache-control: no-cache` with an ETag);
 * `log` collects the path of every file sent with a body (a 304 sends none).
 */
async function serve(root: string): Promise<{ server: Server; origin: string; log: string[] }> {
  const log: string[] = [];
  const server = createServer((req, res) => {
    let path: string;
    try {
      path = decodeURIComponent((req.url ?? '/').split('?')[0]!).replace(/^\/+/, '') || 'index.html';
    } catch {
      path = '\0';
    }
    const file = normalize(join(root, path));
    if (path.includes('\0') || !file.startsWith(root + sep) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      return void res.end('Not found\n');
    }
    const body = readFileSync(file);
    const etag = `W/"${createHash('sha1').update(body).digest('hex').slice(0, 16)}"`;
    const headers = { 'cache-control': 'no-cache', etag };
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, headers);
      return void res.end();
    }
    log.push(path);
    res.writeHead(200, { ...headers, 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'content-length': String(body.length) });
    res.end(body);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return { server, origin: `http://127.0.0.1:${address.port}`, log };
}

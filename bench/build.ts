// Build benchmarks: the build-time share of Maru's artifacts (the full `astro build` against the same pages built without
// `_wiki/*`), and the scale bench (`scaleBench`: a cold build at a size, its output, a first search and a one-file preview).
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { spawnAstroBuild } from '../src/node/build-process.ts';
import { changeOneDocument, GENERATED_QUERIES, writeCorpus } from '../scripts/lib/generate-corpus.ts';
import { materialFromSharedCorpora } from '../scripts/lib/material.ts';
import { splitIndexFigures, type SplitFigures } from './split.ts';

/** What the artifacts add to the build output besides the pages (written by `astro:build:done`). */
const ARTIFACT_PATHS = [/^_wiki\//, /^llms\.txt$/, /^llms-full\.txt$/];

/**
 * Runs `astro build` of `contentDir` twice, each cold (fresh outDir and MARU_CACHE_DIR under
 * node_modules/.cache/maru-bench-build): once as `npm run build` does, once with `MARU_SKIP_ARTIFACTS=1`,
 * where the integration hands the pages the catalog alone and emits no `_wiki/*`, llms*.txt or search index.
 * Both builds still parse the wiki (pages need its catalog, relations and backlinks), so `fullMs - withoutArtifactsMs`
 * is the cost of emitting and writing the artifacts. Throws unless both builds produced the same pages, byte for byte.
 * `ratio` is fullMs / withoutArtifactsMs (issue 6's target: ≤ 1.5).
 */
export function buildShare(contentDir: string): { fullMs: number; withoutArtifactsMs: number; ratio: number } {
  const root = resolve('node_modules/.cache/maru-bench-build');
  const fullDist = join(root, 'full', 'dist');
  const bareDist = join(root, 'without-artifacts', 'dist');
  const fullMs = timedBuild(resolve(contentDir), fullDist, {});
  const withoutArtifactsMs = timedBuild(resolve(contentDir), bareDist, { MARU_SKIP_ARTIFACTS: '1' });
  comparePages(fullDist, bareDist);
  return { fullMs, withoutArtifactsMs, ratio: fullMs / withoutArtifactsMs };
}

/** One cold `astro build` (own outDir and Astro cache, both emptied first); wall time in ms. */
function timedBuild(content: string, out: string, env: Record<string, string>): number {
  const cache = join(out, '..', 'cache');
  rmSync(out, { recursive: true, force: true });
  rmSync(cache, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const childEnv: NodeJS.ProcessEnv = { ...process.env, WIKI_CONTENT_DIR: content, MARU_CACHE_DIR: cache, ...env };
  if (!env.MARU_SKIP_ARTIFACTS) delete childEnv.MARU_SKIP_ARTIFACTS;
  const t = performance.now();
  const r = spawnAstroBuild(['--outDir', out], {
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 1 << 26,
  });
  const ms = performance.now() - t;
  if (r.status !== 0) throw new Error(`astro build failed (${env.MARU_SKIP_ARTIFACTS ? 'without artifacts' : 'full'}): ${(r.stderr || r.stdout).slice(-2000)}`);
  if (env.MARU_SKIP_ARTIFACTS && !/MARU_SKIP_ARTIFACTS=1: pages built from the catalog alone/.test(r.stdout + r.stderr)) {
    throw new Error('astro build ignored MARU_SKIP_ARTIFACTS=1 (src/integrations/maru.ts has no such switch?)');
  }
  return ms;
}

/** Throws unless both outputs hold the same pages and assets with the same bytes, and only the full one has artifacts. */
function comparePages(fullDist: string, bareDist: string): void {
  const full = hashes(fullDist);
  const bare = hashes(bareDist);
  const isArtifact = (p: string) => ARTIFACT_PATHS.some((re) => re.test(p));
  if (![...full.keys()].some(isArtifact)) throw new Error(`the full build wrote no _wiki/* artifacts in ${fullDist}`);
  const leaked = [...bare.keys()].filter(isArtifact);
  if (leaked.length) throw new Error(`the build without artifacts still wrote ${leaked.slice(0, 5).join(', ')}`);
  const pages = [...full.keys()].filter((p) => !isArtifact(p));
  const missing = pages.filter((p) => !bare.has(p));
  const extra = [...bare.keys()].filter((p) => !full.has(p));
  const differ = pages.filter((p) => bare.has(p) && bare.get(p) !== full.get(p));
  if (missing.length || extra.length || differ.length) {
    throw new Error(
      `the two builds differ besides the artifacts: missing ${missing.slice(0, 5).join(', ') || '-'}; extra ${extra.slice(0, 5).join(', ') || '-'}; different ${differ.slice(0, 5).join(', ') || '-'} (${differ.length} files)`,
    );
  }
}

function hashes(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!e.isFile()) continue;
    const full = join(e.parentPath, e.name);
    out.set(relative(dir, full).split('\\').join('/'), createHash('sha256').update(readFileSync(full)).digest('hex'));
  }
  return out;
}

/** One `maru build` as a team runs it, timed by /usr/bin/time, with when it logged each step and its memory. */
export interface BuildRun {
  wallS: number;
  /** User + system CPU seconds of the whole process tree (all threads). */
  cpuS: number;
  /** Largest resident set of one process of the build (the Astro process), MiB. */
  peakRssMiB: number;
  /** Seconds from the start to the end of the parse, and to the start and end of Astro's content sync (Maru's render). */
  steps: { parsedS?: number; syncStartS?: number; syncedS?: number };
  /** The loader's `rendered N of M documents` line. */
  rendered?: string;
  memory?: MemoryPeaks;
  /** Set when the RSS guard stopped the build: the summed RSS, MiB, when it did. */
  stoppedAtMiB?: number;
}

/** From the memory log (bench/memory-log.ts) of the Astro process: each column's peak, and the sample with the largest RSS. */
export interface MemoryPeaks {
  rssMiB: number;
  mainHeapMiB: number;
  externalMiB: number;
  /** Largest heap (total) of each worker thread, by its script's name. */
  workerHeapMiB: Record<string, number>;
  /** The sample with the largest RSS: rss, the main heap (total), external and each worker's heap (total), MiB. */
  atPeak: string;
}

const memoryLog = resolve(import.meta.dirname, 'memory-log.ts');

/**
 * Runs `node bin/maru.ts build --outDir <out>` on `content` with `cache` as its cache folder, under /usr/bin/time, with
 * a memory log of every process (`bench/memory-log.ts`, into `<logDir>`) and a guard: when the summed resident memory
 * of the build's processes passes `maxRssMiB`, the build is stopped (a shared machine's other work survives it), and
 * the run says so (`stoppedAtMiB`). V8's old generation is capped at the same size, so a runaway heap also ends there.
 */
export async function timedMaruBuild(content: string, out: string, cache: string, logDir: string, maxRssMiB: number): Promise<BuildRun> {
  rmSync(logDir, { recursive: true, force: true });
  mkdirSync(logDir, { recursive: true });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    WIKI_CONTENT_DIR: content,
    MARU_CACHE_DIR: cache,
    MARU_BROKEN_LINKS: 'warn',
    ASTRO_TELEMETRY_DISABLED: '1',
    MARU_MEMORY_LOG: logDir,
    NODE_OPTIONS: `--import ${memoryLog} --max-old-space-size=${maxRssMiB}`,
  };
  const start = performance.now();
  const child = spawn('/usr/bin/time', ['-f', 'MAXRSS_KB=%M CPU_S=%U+%S', process.execPath, 'bin/maru.ts', 'build', '--outDir', out], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const steps: BuildRun['steps'] = {};
  let rendered: string | undefined;
  const log: string[] = [];
  const at = () => Math.round((performance.now() - start) / 100) / 10;
  const read = (stream: NodeJS.ReadableStream) =>
    createInterface({ input: stream }).on('line', (line) => {
      log.push(`${at()}\t${line}`);
      if (/\[maru\] parsed \d+ of \d+ files/.test(line)) steps.parsedS = at();
      else if (/\[content\] Syncing content/.test(line)) steps.syncStartS = at();
      else if (/\[content\] Synced content/.test(line)) steps.syncedS = at();
      const r = /rendered \d+ of \d+ documents/.exec(line);
      if (r) rendered = r[0];
    });
  read(child.stdout);
  read(child.stderr);
  let stoppedAtMiB: number | undefined;
  const guard = setInterval(() => {
    const tree = descendants(child.pid!);
    const mib = tree.reduce((sum, pid) => sum + rssKiB(pid), 0) / 1024;
    if (mib > maxRssMiB && stoppedAtMiB === undefined) {
      stoppedAtMiB = Math.round(mib);
      for (const pid of tree) process.kill(pid, 'SIGTERM');
    }
  }, 5000);
  const status = await new Promise<number | null>((done) => child.once('close', done));
  clearInterval(guard);
  writeFileSync(join(logDir, 'build.log'), `${log.join('\n')}\n`);
  const timeLine = [...log].reverse().find((l) => l.includes('MAXRSS_KB='));
  const rss = /MAXRSS_KB=(\d+)/.exec(timeLine ?? '');
  const cpu = /CPU_S=([\d.]+)\+([\d.]+)/.exec(timeLine ?? '');
  if (status !== 0 && stoppedAtMiB === undefined) {
    throw new Error(`maru build of ${content} failed (exit ${status}); its output is in ${join(logDir, 'build.log')}:\n${log.slice(-30).join('\n')}`);
  }
  return {
    wallS: at(),
    cpuS: cpu ? Number(cpu[1]) + Number(cpu[2]) : NaN,
    peakRssMiB: rss ? Math.round(Number(rss[1]) / 1024) : NaN,
    steps,
    ...(rendered ? { rendered } : {}),
    ...(memoryPeaks(logDir) ?? {}),
    ...(stoppedAtMiB === undefined ? {} : { stoppedAtMiB }),
  };
}

/** Every process below `pid` (Linux: /proc/<pid>/task/<pid>/children), itself included. */
function descendants(pid: number): number[] {
  const out = [pid];
  for (let i = 0; i < out.length; i++) {
    try {
      const kids = readFileSync(`/proc/${out[i]}/task/${out[i]}/children`, 'utf8').trim();
      if (kids) out.push(...kids.split(/\s+/).map(Number));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

function rssKiB(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** The peaks of the largest process's memory log in `logDir` (the Astro process), or nothing when none was written. */
function memoryPeaks(logDir: string): { memory: MemoryPeaks } | undefined {
  const logs = readdirSync(logDir).filter((f) => f.endsWith('.tsv'));
  let best: { rows: string[][]; rss: number } | undefined;
  for (const f of logs) {
    const rows = readFileSync(join(logDir, f), 'utf8')
      .split('\n')
      .filter((l) => /^\d/.test(l))
      .map((l) => l.split('\t'));
    const rss = Math.max(0, ...rows.map((r) => Number(r[1])));
    if (!best || rss > best.rss) best = { rows, rss };
  }
  if (!best?.rows.length) return undefined;
  const workerHeapMiB: Record<string, number> = {};
  const workersOf = (cell = '') =>
    cell
      .split(', ')
      .map((w) => /^\d+:(\S+) \d+\/(\d+)$/.exec(w))
      .filter((m) => m !== null)
      .map((m) => [m[1]!, Number(m[2])] as const);
  for (const row of best.rows) for (const [name, total] of workersOf(row[6])) workerHeapMiB[name] = Math.max(workerHeapMiB[name] ?? 0, total);
  const peak = best.rows.find((r) => Number(r[1]) === best.rss)!;
  const column = (i: number) => Math.max(...best.rows.map((r) => Number(r[i])));
  const atPeak = [`RSS ${peak[1]}`, `main heap ${peak[3]}`, `external ${peak[4]}`, ...workersOf(peak[6]).map(([name, total]) => `${name} heap ${total}`)].join(
    ', ',
  );
  return { memory: { rssMiB: best.rss, mainHeapMiB: column(3), externalMiB: column(4), workerHeapMiB, atPeak } };
}

/** What the output of a build holds: the site and `_wiki/`, MiB and files. */
export interface OutputSizes {
  siteMiB: number;
  htmlPages: number;
  wikiMiB: number;
  wikiFiles: number;
  catalogMiB: number;
  indexMiB: number;
  manifestMiB: number;
  /** `_wiki/search/`: the split index and the snippet texts, with their gzip copies. */
  searchMiB: number;
  searchFiles: number;
  /** `_wiki/docs/`: each document's Markdown. */
  docsMiB: number;
  llmsFullMiB: number;
}

/** One size of the scale bench: the cold build, its output, a first search's bytes, and the one-file preview. */
export interface ScaleFigures {
  documents: number;
  full: BuildRun;
  output?: OutputSizes;
  firstSearch?: SplitFigures;
  /** The rebuild with the full build's cache after `changeOneDocument`. */
  preview?: BuildRun & { changed: string };
}

/**
 * The scale bench at `n` generated documents (`.tmp/corpus-<n>`, written first when missing): a cold `maru build` as a
 * team runs it (`timedMaruBuild`, fresh output and cache under `.tmp/scale/generated-<n>`), the sizes of its output,
 * what a first search on its split index fetches (`splitIndexFigures`, compressed and not), and with `preview` the
 * build of a one-file pull request: one document changed (`changeOneDocument`, put back afterwards), built again with
 * the full build's cache and output folder, as a PR preview job that keeps its cache does. Throws when the preview's
 * page lacks the change. A build the guard stops (`maxRssMiB`) ends the size there, with what it measured.
 */
export async function scaleBench(n: number, { preview = true, maxRssMiB = 17 * 1024 } = {}): Promise<ScaleFigures> {
  const content = resolve(`.tmp/corpus-${n}`);
  if (!existsSync(join(content, 'ops'))) writeCorpus(content, n, materialFromSharedCorpora(), 1);
  const dir = resolve(`.tmp/scale/generated-${n}`);
  const [out, cache] = [join(dir, 'dist'), join(dir, 'cache')];
  rmSync(dir, { recursive: true, force: true });
  const full = await timedMaruBuild(content, out, cache, join(dir, 'log-full'), maxRssMiB);
  if (full.stoppedAtMiB !== undefined) return { documents: n, full };
  const output = outputSizes(out);
  const firstSearch = await splitIndexFigures(join(out, '_wiki/search-index.json'), GENERATED_QUERIES, join(out, '_wiki/docs'));
  if (!preview) return { documents: n, full, output, firstSearch };
  const change = changeOneDocument(content, n);
  let rebuilt: BuildRun;
  try {
    rebuilt = await timedMaruBuild(content, out, cache, join(dir, 'log-preview'), maxRssMiB);
  } finally {
    change.restore();
  }
  const page = join(out, 'docs', basename(change.path, '.md'), 'index.html');
  if (rebuilt.stoppedAtMiB === undefined && !readFileSync(page, 'utf8').includes('미리보기 변경')) {
    throw new Error(`the preview build did not show the change of ${change.path}: ${page} lacks its new heading`);
  }
  return { documents: n, full, output, firstSearch, preview: { ...rebuilt, changed: change.path } };
}

export function outputSizes(out: string): OutputSizes {
  let site = 0;
  let htmlPages = 0;
  const under = { wiki: [0, 0], search: [0, 0], docs: [0, 0] };
  for (const e of readdirSync(out, { recursive: true, withFileTypes: true })) {
    if (!e.isFile()) continue;
    const path = relative(out, join(e.parentPath, e.name)).split('\\').join('/');
    const bytes = statSync(join(e.parentPath, e.name)).size;
    site += bytes;
    if (path.endsWith('.html')) htmlPages++;
    const add = (k: keyof typeof under) => {
      under[k][0]! += bytes;
      under[k][1]!++;
    };
    if (path.startsWith('_wiki/')) add('wiki');
    if (path.startsWith('_wiki/search/')) add('search');
    if (path.startsWith('_wiki/docs/')) add('docs');
  }
  const mib = (bytes: number) => Math.round((bytes / 1048576) * 10) / 10;
  const file = (p: string) => (existsSync(join(out, p)) ? mib(statSync(join(out, p)).size) : 0);
  return {
    siteMiB: mib(site),
    htmlPages,
    wikiMiB: mib(under.wiki[0]!),
    wikiFiles: under.wiki[1]!,
    catalogMiB: file('_wiki/catalog.json'),
    indexMiB: file('_wiki/search-index.json'),
    manifestMiB: file('_wiki/manifest.json'),
    searchMiB: mib(under.search[0]!),
    searchFiles: under.search[1]!,
    docsMiB: mib(under.docs[0]!),
    llmsFullMiB: file('llms-full.txt'),
  };
}

/** The scale bench's figures as Markdown: one column per size, and each size's growth against the one before. */
export function scaleRows(sizes: readonly ScaleFigures[]): string[] {
  const cols = sizes.map((s) => s.documents.toLocaleString('en-US'));
  const growth = sizes.slice(1).map((s, i) => `${s.documents / sizes[i]!.documents}× documents`);
  const row = (what: string, value: (s: ScaleFigures) => number | string | undefined, ratio?: (s: ScaleFigures) => number | undefined) => {
    const cells = sizes.map((s) => String(value(s) ?? '–'));
    const ratios = sizes.slice(1).map((s, i) => (ratio ? fmtRatio(ratio(s), ratio(sizes[i]!)) : ''));
    return `| ${[what, ...cells, ...ratios].join(' | ')} |`;
  };
  const step = (r: BuildRun, from: keyof BuildRun['steps'] | undefined, to: keyof BuildRun['steps'] | 'end') => {
    const end = to === 'end' ? r.wallS : r.steps[to];
    const begin = from === undefined ? 0 : r.steps[from];
    return end === undefined || begin === undefined ? undefined : Math.round(end - begin);
  };
  const mem = (s: ScaleFigures) => s.full.memory;
  return [
    `| ${['what', ...cols, ...growth].join(' | ')} |`,
    `| ${['what', ...cols, ...growth].map(() => '---').join(' | ')} |`,
    row(
      'cold build: wall s',
      (s) => Math.round(s.full.wallS),
      (s) => s.full.wallS,
    ),
    row(
      '… CPU s (all processes and threads)',
      (s) => Math.round(s.full.cpuS),
      (s) => s.full.cpuS,
    ),
    row(
      '… collect and parse, s',
      (s) => step(s.full, undefined, 'parsedS'),
      (s) => step(s.full, undefined, 'parsedS'),
    ),
    row(
      "… Astro's content sync (Maru's render), s",
      (s) => step(s.full, 'syncStartS', 'syncedS'),
      (s) => step(s.full, 'syncStartS', 'syncedS'),
    ),
    row(
      '… pages and artifacts after the sync, s',
      (s) => step(s.full, 'syncedS', 'end'),
      (s) => step(s.full, 'syncedS', 'end'),
    ),
    row(
      '… peak RSS of the Astro process, MiB',
      (s) => s.full.peakRssMiB,
      (s) => s.full.peakRssMiB,
    ),
    row(
      '… largest main-thread heap, MiB',
      (s) => mem(s)?.mainHeapMiB,
      (s) => mem(s)?.mainHeapMiB,
    ),
    row(
      '… largest artifacts-thread heap, MiB',
      (s) => mem(s)?.workerHeapMiB['emit-worker.ts'],
      (s) => mem(s)?.workerHeapMiB['emit-worker.ts'],
    ),
    row('… memory at the peak sample, MiB', (s) => mem(s)?.atPeak),
    row('… stopped by the RSS guard at, MiB', (s) => s.full.stoppedAtMiB),
    row('HTML pages', (s) => s.output?.htmlPages),
    row(
      'whole output, MiB',
      (s) => s.output?.siteMiB,
      (s) => s.output?.siteMiB,
    ),
    row(
      '`_wiki/`: MiB; files',
      (s) => s.output && `${s.output.wikiMiB}; ${s.output.wikiFiles.toLocaleString('en-US')}`,
      (s) => s.output?.wikiMiB,
    ),
    row(
      'catalog.json, MiB',
      (s) => s.output?.catalogMiB,
      (s) => s.output?.catalogMiB,
    ),
    row(
      'search-index.json, MiB',
      (s) => s.output?.indexMiB,
      (s) => s.output?.indexMiB,
    ),
    row(
      'manifest.json, MiB',
      (s) => s.output?.manifestMiB,
      (s) => s.output?.manifestMiB,
    ),
    row(
      '`_wiki/search/` (split index, snippet texts, gzip copies): MiB; files',
      (s) => s.output && `${s.output.searchMiB}; ${s.output.searchFiles.toLocaleString('en-US')}`,
      (s) => s.output?.searchMiB,
    ),
    row(
      '`_wiki/docs/`, MiB; llms-full.txt, MiB',
      (s) => s.output && `${s.output.docsMiB}; ${s.output.llmsFullMiB}`,
      (s) => s.output?.docsMiB,
    ),
    row(
      'split index: base gzip KiB; term shards; document chunks',
      (s) => s.firstSearch && `${s.firstSearch.baseGzipKiB}; ${s.firstSearch.shards}; ${s.firstSearch.chunks}`,
      (s) => s.firstSearch?.baseGzipKiB,
    ),
    row(
      "first search, bench's 10 queries: gzip KiB median / max; uncompressed median / max",
      (s) => s.firstSearch && `${spreadOf(s.firstSearch.firstSearchGzipKiB)}; ${spreadOf(s.firstSearch.firstSearchRawKiB)}`,
      (s) => s.firstSearch?.firstSearchGzipKiB.median,
    ),
    row(
      `first search, ${sizes[0]?.firstSearch?.sample.queries ?? 100} title and heading queries: gzip KiB median / max; uncompressed median / max`,
      (s) => s.firstSearch && `${spreadOf(s.firstSearch.sample.firstSearchGzipKiB)}; ${spreadOf(s.firstSearch.sample.firstSearchRawKiB)}`,
      (s) => s.firstSearch?.sample.firstSearchGzipKiB.median,
    ),
    row(
      '… requests median / max; same top 10 as the whole index',
      (s) => s.firstSearch && `${spreadOf(s.firstSearch.sample.firstSearchRequests)}; ${s.firstSearch.sample.sameHits}`,
    ),
    row(
      'one-file preview (cache kept): wall s',
      (s) => s.preview && Math.round(s.preview.wallS),
      (s) => s.preview?.wallS,
    ),
    row(
      '… CPU s',
      (s) => s.preview && Math.round(s.preview.cpuS),
      (s) => s.preview?.cpuS,
    ),
    row(
      '… peak RSS, MiB',
      (s) => s.preview?.peakRssMiB,
      (s) => s.preview?.peakRssMiB,
    ),
    row(
      '… wall and CPU against the cold build',
      (s) => s.preview && `${(s.preview.wallS / s.full.wallS).toFixed(2)}, ${(s.preview.cpuS / s.full.cpuS).toFixed(2)}`,
    ),
    row('… what the loader rendered', (s) => s.preview?.rendered),
  ];
}

const spreadOf = (s: { median: number; max: number }) => `${s.median} / ${s.max}`;

function fmtRatio(a: number | undefined, b: number | undefined): string {
  return a === undefined || b === undefined || !Number.isFinite(a) || !Number.isFinite(b) || b === 0 ? '' : `${(a / b).toFixed(2)}×`;
}

import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { gunzipSync, gzipSync } from 'node:zlib';
import { dirname, join, relative } from 'node:path';
import { emitWiki, toCatalogArtifact, type ArtifactSink, type EmitContext } from '../lib/artifacts/emit.ts';
import type { Catalog } from '../lib/artifacts/schema.ts';
import { linkPolicy, type SiteConfig } from '../lib/wiki/config.ts';
import type { KeepSyntaxTree, RawFile } from '../lib/wiki/document.ts';
import { buildWiki, type ParseCache, type Wiki, type WikiMemo, type WikiOptions } from '../lib/wiki/pipeline.ts';
import { formatReport } from '../lib/wiki/problems.ts';
import { skippedFileWarnings, type SkippedFile } from '../lib/wiki/skipped-files.ts';
import { folderConventions } from '../lib/dialects/registry.ts';
import { renderableText } from '../lib/wiki/frontmatter-fence.ts';
import { FILES_DIR, normalizeBase, publishedFilePath } from '../lib/wiki/url.ts';
import { linkedFiles } from '../lib/wiki/content-checks.ts';
import { gzipCopyOf, isPrecompressed } from '../lib/search/precompressed.ts';
import { collectContent, contentRoot, gitHead, type ContentMemo } from './collect.ts';
import { currentSiteConfig, givenBasePath } from './site-config.ts';
import { readFolderLabelFiles } from './folder-label-files.ts';
import { withIncludedFiles } from './include-reader.ts';
import { contentImageStatus } from './image-files.ts';
import { sha256 } from './hash.ts';
import { openIndexCache, type IndexCache } from './index-cache.ts';
import { openOutputMirror, type OutputMirror } from './output-mirror.ts';
import { parseInParallel, withParsedAhead, type ParallelOptions, type TreeSink } from './parallel-parse.ts';
import { cacheDir, codeDigest, openParseCache, type StoredParseCache } from './parse-cache.ts';
import type { EmitJob, EmitWorkerData, StagedArtifacts } from './emit-worker.ts';

/** The site configuration from the project's `maru.config.*` (or its README), validated (`site-config.ts`). */
export function siteConfig(): SiteConfig {
  return currentSiteConfig();
}

/** The base path: the `--base` flag, the config's `base`, `BASE_PATH`, else `/`. */
export function basePath(): string {
  return normalizeBase(givenBasePath());
}

/**
 * Collects and builds the wiki under `root`. Called once per build by the maru integration, which hands
 * the result to the content loader (`wiki-handoff.ts`); nothing here caches.
 */
export function loadWiki(root = contentRoot(), config = siteConfig(), base = basePath()): Wiki {
  return collectWiki(root, config, base).wiki!;
}

/**
 * `loadWiki`, each file's text as read, by content path (the site renders exactly those texts), and a
 * key of everything read, so a caller can skip rebuilding an unchanged folder (`unchanged` = the last key).
 */
export function collectWiki(
  root = contentRoot(),
  config = siteConfig(),
  base = basePath(),
  unchanged?: string,
  cache?: ParseCache & { save(): void },
  keepSyntaxTree?: KeepSyntaxTree,
): CollectedWiki {
  return buildCollected(withIncludedFiles(collectContent(root), root), root, config, base, unchanged, cache, keepSyntaxTree);
}

/**
 * `collectWiki` of a build or a check: the files `cache` does not hold (all of them without one) are parsed on every
 * core first (`parseInParallel`), with the same result. The cache is not saved here: the build saves it after it has
 * started the artifacts thread, which waits for nothing else (writing hundreds of MB would delay it by a second).
 * With `memo`, the files as read and what was derived of them stay in it for `maru dev`'s next update (`collectContent`,
 * `buildWiki`'s memo).
 */
export async function collectWikiInParallel(
  root: string,
  config: SiteConfig,
  base: string,
  cache?: StoredParseCache,
  trees?: TreeSink,
  parallel: ParallelOptions = {},
  memo?: ContentMemo,
): Promise<CollectedWiki> {
  const collected = withIncludedFiles(collectContent(root, memo), root);
  const { files } = collected;
  const options = { categories: config.categories, base };
  const todo = files.filter((file) => file.text !== undefined && !cache?.has(file, options));
  const ahead = await parseInParallel(todo, config.categories, trees, parallel);
  const answers = Object.assign(withParsedAhead(cache ?? NO_CACHE, ahead), { save: () => {} });
  return buildCollected(collected, root, config, base, undefined, answers, trees?.keep, memo?.wiki);
}

/** A parse cache that holds nothing and keeps nothing (`npm run check`). */
const NO_CACHE: ParseCache = { get: () => undefined, set: () => {} };
/** The tools whose tables of contents the collector skips, named in that warning. */
const TOC_TOOLS = folderConventions('tableOfContents').map((toc) => toc.tools);

type CollectedWiki = { wiki: Wiki | undefined; texts: Map<string, string>; key: string };

function buildCollected(
  { files, skipped, attachments }: { files: RawFile[]; skipped: SkippedFile[]; attachments: string[] },
  root: string,
  config: SiteConfig,
  base: string,
  unchanged?: string,
  cache?: ParseCache & { save(): void },
  keepSyntaxTree?: KeepSyntaxTree,
  derived?: WikiMemo,
): CollectedWiki {
  const options = buildOptions(root, config, base, attachments, skipped);
  const key = sha256(JSON.stringify([root, base, config.categories, options.links, files, skipped, attachments, options.folderLabels ?? []]));
  // A dialect's frontmatter (TOML) as an empty YAML block of as many lines: Astro's renderer strips only YAML.
  const texts = new Map(files.map((f) => [f.path, renderableText(f.text ?? '')]));
  if (key === unchanged) return { wiki: undefined, texts, key };
  const wiki = buildWiki(files, options, cache, keepSyntaxTree, undefined, derived);
  wiki.problems.push(...skippedFileWarnings(skipped, TOC_TOOLS));
  cache?.save();
  return { wiki, texts, key };
}

/**
 * The options the content folder under `root` is built with, by the build, `npm run check` and the MCP server's write
 * path alike: the link policy (`maru.config.ts`, overridden by the environment), and pictures and attachments looked
 * up in the folder itself.
 */
export function buildOptions(
  root: string,
  config: SiteConfig,
  base: string,
  attachments: readonly string[],
  skipped: readonly SkippedFile[] = [],
): WikiOptions {
  const folderLabels = readFolderLabelFiles(root, attachments);
  return {
    categories: config.categories,
    base,
    links: linkPolicy(config, process.env),
    fileExists: (path) => existsSync(join(root, path)),
    imageStatus: (path) => contentImageStatus(root, path),
    attachments,
    ...(skipped.length ? { skipped } : {}),
    ...(folderLabels.length ? { folderLabels } : {}),
  };
}

/**
 * The content files (paths relative to the content folder) that the site publishes under `_files/`: those documents
 * link to, and the config's `logo` when it is a file (`loadSiteConfig` checked that it exists).
 */
export function linkedFilesOf(wiki: Wiki, logo = siteConfig().logo): string[] {
  const linked = linkedFiles(
    wiki.documents.map((d) => d.source),
    wiki.resolver,
    new Set(wiki.options.attachments ?? []),
  );
  return logo && !/^https:\/\//.test(logo) && !linked.includes(logo) ? [...linked, logo] : linked;
}

/**
 * Copies the content files documents link to (`linkedFiles`: listed by the scan, so plain files inside the folder,
 * never links) into `<outDir>/_files/` (hidden names published with a `_` before them), where their links point.
 * Returns how many.
 */
export function copyLinkedFiles(wiki: Wiki, root: string, outDir: string): number {
  const paths = linkedFilesOf(wiki);
  for (const path of paths) {
    const to = join(outDir, FILES_DIR, publishedFilePath(path));
    mkdirSync(dirname(to), { recursive: true });
    cpSync(join(root, path), to);
  }
  return paths.length;
}

/** The report of every error, or undefined when the wiki builds. */
export function errorReport(wiki: Wiki, root = contentRoot()): string | undefined {
  if (!wiki.problems.some((p) => p.severity === 'error')) return undefined;
  const shown = relative(process.cwd(), root) || '.';
  return formatReport(wiki.problems, shown.startsWith('..') ? root : shown);
}

/** Emit context: deterministic time (SOURCE_DATE_EPOCH, commit time, newest document), commit and site; `head` as read before. */
export function emitContext(wiki: Wiki, config: SiteConfig, root = contentRoot(), head = gitHead(root)): EmitContext {
  const epoch = process.env.SOURCE_DATE_EPOCH;
  // The greatest date as `sort()` orders them, without sorting 10,000 of them for each catalog of `maru dev`.
  let newest = new Date(0).toISOString();
  for (const [i, d] of wiki.documents.entries()) if (i === 0 || d.source.updatedAt > newest) newest = d.source.updatedAt;
  const generatedAt = epoch ? new Date(Number(epoch) * 1000).toISOString() : (head.time ?? newest);
  return { sha256, generatedAt, commit: head.commit, site: config.site ?? null, title: config.title, description: config.description };
}

/** Where the search index's cache lives and the digest of the code that may read it (see `openIndexCache`). */
export interface IndexCacheAt {
  dir: string;
  code: string;
}

/** What `emitArtifacts` made, and with a cache, how many documents it tokenized for the search index (the rest reused). */
export interface Emitted {
  catalog: Catalog;
  files: Map<string, string>;
  tokenized?: { documents: number; of: number };
  /** How many files went to the sink instead of into `files` (`emitWiki`). */
  sunk?: number;
}

/**
 * The artifacts of a wiki and the catalog object they hold. Emitting builds the whole search index, so
 * callers emit once per wiki and keep the result (the integration holds it for the loader and `build:done`).
 * With `cache`, only documents whose index inputs changed since the cached build are tokenized, and the cache is
 * written back: the one place that opens, uses and saves it.
 */
export function emitArtifacts(
  wiki: Wiki,
  config = siteConfig(),
  root = contentRoot(),
  cache?: IndexCacheAt,
  opened?: IndexCache,
  sink?: ArtifactSink,
): Emitted {
  const ctx = emitContext(wiki, config, root);
  // Benchmarks only (bench/build.ts): the same pages from the catalog alone, without the search index; its cache is
  // left as it is for the next build that makes one.
  if (skipArtifacts()) return toCatalogArtifact(wiki, ctx);
  if (!cache) return emitWiki(wiki, ctx, sink);
  const indexCache = opened ?? openIndexCache(cache.dir, cache.code);
  const emitted = emitWiki(wiki, { ...ctx, indexCache }, sink);
  indexCache.save();
  return { ...emitted, tokenized: { documents: indexCache.misses, of: indexCache.hits + indexCache.misses } };
}

/** An artifacts thread started ahead of its wiki (`startEmitWorker`). */
export interface EmitWorker {
  /**
   * Sends the wiki; answers once every artifact is written into `stage` (emptied first), and rejects when the thread
   * fails. Call once.
   */
  emit(wiki: Wiki, stage: string): Promise<StagedArtifacts>;
}

/**
 * `emitArtifacts` on a worker thread, so a build assembles the search index and writes its files while the main thread
 * renders pages: the worker writes every artifact into the stage, and `moveArtifacts` moves them into the output when
 * the pages are done. The wiki crosses to the worker without its link resolver and file check, which emitting does not
 * use; the files are the ones `emitArtifacts` gives here (`src/node/wiki-build.test.ts` compares them). The thread
 * starts before the wiki is collected: it loads its code and reads the index cache (hundreds of MB at 10,000 documents)
 * meanwhile, so a rebuild, where it finishes last, waits less for it. Until `emit` it keeps nothing alive: a build that
 * stops on a content error just exits.
 */
export function startEmitWorker(root = contentRoot(), cache?: IndexCacheAt): EmitWorker {
  const data: EmitWorkerData = { root, ...(cache ? { cache } : {}) };
  const worker = new Worker(new URL('./emit-worker.ts', import.meta.url), { workerData: data });
  worker.unref();
  let answered = false;
  let take: (staged: StagedArtifacts) => void = () => {};
  const answer = new Promise<StagedArtifacts>((resolve, reject) => {
    take = (staged) => {
      answered = true;
      resolve(staged);
    };
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (!answered) reject(new Error(`the artifacts worker stopped (exit code ${code}) without an answer`));
    });
  });
  // A thread that failed before `emit` is reported by `emit`, not as an unhandled rejection now.
  answer.catch(() => {});
  return {
    emit(wiki, stage) {
      rmSync(stage, { recursive: true, force: true });
      const options = { categories: wiki.options.categories, base: wiki.options.base, ...(wiki.options.links ? { links: wiki.options.links } : {}) };
      const job: EmitJob = {
        wiki: {
          documents: wiki.documents,
          options,
          ...(wiki.projectLabels ? { projectLabels: wiki.projectLabels } : {}),
          ...(wiki.folderLabels ? { folderLabels: wiki.folderLabels } : {}),
        },
        stage,
      };
      // Only now: a 'message' listener holds the process open, as the thread must from here until it answers.
      worker.once('message', take);
      worker.ref();
      worker.postMessage(job);
      return answer;
    },
  };
}

/**
 * This build's staging folder for `startEmitWorker`, under the cache folder. Folders a killed build left there (their
 * process is gone) are removed first.
 */
export function artifactStage(dir = cacheDir()): string {
  let entries: string[] = [];
  try {
    entries = readdirSync(dir);
  } catch {
    // no cache folder yet: nothing left over
  }
  for (const entry of entries) {
    const pid = /^artifacts-(\d+)$/.exec(entry)?.[1];
    if (pid && Number(pid) !== process.pid && !isRunning(Number(pid))) rmSync(join(dir, entry), { recursive: true, force: true });
  }
  return join(dir, `artifacts-${process.pid}`);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Moves what `startEmitWorker` staged into `outDir` and removes the staging folder: one rename per top-level entry
 * (`_wiki/`, `llms.txt`, `llms-full.txt`), or a copy when the two are on different file systems.
 */
export function moveArtifacts(stage: string, outDir: string): void {
  for (const entry of readdirSync(stage)) {
    const from = join(stage, entry);
    const to = join(outDir, entry);
    rmSync(to, { recursive: true, force: true });
    try {
      renameSync(from, to);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      cpSync(from, to, { recursive: true });
    }
  }
  rmSync(stage, { recursive: true, force: true });
}

/** `MARU_SKIP_ARTIFACTS=1`: build the pages but emit only the catalog they read, and write no `_wiki/*`. */
export function skipArtifacts(): boolean {
  return process.env.MARU_SKIP_ARTIFACTS === '1';
}

/**
 * Writes every artifact under `outDir`, the search's files with a gzip copy beside them (`<file>.gz`,
 * src/lib/search/precompressed.ts). With `mirror` (a build with a cache folder), each file whose bytes the last
 * build wrote too is hard-linked from there instead (`output-mirror.ts`), and what the mirror holds of files this build
 * no longer has is removed.
 */
export function writeArtifacts(outDir: string, files: Map<string, string>, mirror?: OutputMirror): void {
  const writer = artifactWriter(outDir, mirror);
  for (const [path, text] of files) writer.write(path, text);
  writer.finish();
}

/**
 * `writeArtifacts` one file at a time: `write` each artifact as it comes (the search's files with their gzip copies,
 * through `mirror` when given), then `finish` once every file is written (the mirror then drops what this build did
 * not place).
 */
export function artifactWriter(outDir: string, mirror?: OutputMirror): { write: ArtifactSink; finish: () => void } {
  // Tens of thousands of files in a handful of folders: each folder is made once, not once per file.
  const made = new Set<string>();
  const write = (path: string, text: string) => {
    const full = join(outDir, path);
    const dir = dirname(full);
    if (!made.has(dir)) {
      mkdirSync(dir, { recursive: true });
      made.add(dir);
    }
    if (mirror) mirror.place(full, path, text);
    else writeFileSync(full, text);
    // The search's files also as gzip, for static hosts that send JSON uncompressed (the site fetches these there).
    if (!isPrecompressed(path)) return;
    // Compressed only when the last build's copy is not this text's (inflating it to check costs a fraction).
    if (mirror)
      mirror.place(
        gzipCopyOf(full),
        gzipCopyOf(path),
        () => gzipSync(text),
        (kept) => inflatesTo(kept, text),
      );
    else writeFileSync(gzipCopyOf(full), gzipSync(text));
  };
  return { write, finish: () => void mirror?.prune() };
}

function inflatesTo(gz: Buffer, text: string): boolean {
  try {
    return gunzipSync(gz).toString('utf8') === text;
  } catch {
    return false;
  }
}

/** The mirror of the last build's artifacts in a cache folder (see `writeArtifacts`). */
export function artifactMirror(dir = cacheDir()): OutputMirror {
  return openOutputMirror(join(dir, 'output'));
}

/** What `buildArtifacts` reused: files parsed and documents tokenized for the index, out of how many. */
export interface BuildReuse {
  parsed: number;
  files: number;
  tokenized: number;
}

/**
 * Builds the artifacts of the wiki under `root` into `outDir` without Astro (tests, benchmarks, `npm run artifacts`).
 * With `cache` (a folder, e.g. `cacheDir()`), the parse cache and the index cache there are read and written back.
 */
export function buildArtifacts(
  root: string,
  outDir: string,
  base = '/',
  cache?: string,
): { wiki: Wiki; files: Map<string, string>; reuse: BuildReuse | undefined } {
  const config = siteConfig();
  const code = cache === undefined ? undefined : codeDigest();
  const parsed = cache === undefined ? undefined : openParseCache(cache, code);
  const wiki = collectWiki(root, config, normalizeBase(base), undefined, parsed).wiki!;
  const report = errorReport(wiki, root);
  if (report) throw new Error(report);
  const { files, tokenized } = emitArtifacts(wiki, config, root, cache === undefined || code === undefined ? undefined : { dir: cache, code });
  writeArtifacts(outDir, files);
  const reuse = parsed && tokenized ? { parsed: parsed.misses, files: parsed.hits + parsed.misses, tokenized: tokenized.documents } : undefined;
  return { wiki, files, reuse };
}

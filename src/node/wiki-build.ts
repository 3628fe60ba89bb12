import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import siteConfigInput from '../../maru.config.ts';
import { toArtifacts, toCatalogArtifact, type EmitContext } from '../lib/artifacts/emit.ts';
import { linkPolicy, resolveSiteConfig, type SiteConfig } from '../lib/wiki/config.ts';
import { buildWiki, type Wiki } from '../lib/wiki/pipeline.ts';
import { formatReport } from '../lib/wiki/problems.ts';
import { normalizeBase } from '../lib/wiki/url.ts';
import { collectFiles, contentRoot, gitHead } from './collect.ts';
import { sha256 } from './hash.ts';

/** The site configuration from `maru.config.ts`, validated. */
export function siteConfig(): SiteConfig {
  return resolveSiteConfig(siteConfigInput);
}

/** The base path from `BASE_PATH` (default `/`). */
export function basePath(): string {
  return normalizeBase(process.env.BASE_PATH);
}

/**
 * Collects and builds the wiki under `root`. The integration and the prerendered pages live in
 * separate module graphs of one process, so the result is shared through `globalThis`, keyed by
 * everything that changes it (files' texts and dates included), instead of parsing twice.
 */
export function loadWiki(root = contentRoot(), config = siteConfig(), base = basePath()): Wiki {
  const files = collectFiles(root);
  const links = linkPolicy(config, process.env);
  const key = sha256(JSON.stringify([root, base, config.categories, links, files]));
  const cache = ((globalThis as { __maruWikiCache?: Map<string, Wiki> }).__maruWikiCache ??= new Map());
  const hit = cache.get(key);
  if (hit) return hit;
  const wiki = buildWiki(files, { categories: config.categories, base, links, fileExists: (path) => existsSync(join(root, path)) });
  cache.clear(); // one wiki per process is enough; dev rebuilds replace it
  cache.set(key, wiki);
  return wiki;
}

/** The report of every error, or undefined when the wiki builds. */
export function errorReport(wiki: Wiki, root = contentRoot()): string | undefined {
  if (!wiki.problems.some((p) => p.severity === 'error')) return undefined;
  const shown = relative(process.cwd(), root) || '.';
  return formatReport(wiki.problems, shown.startsWith('..') ? root : shown);
}

/** Emit context: deterministic time (SOURCE_DATE_EPOCH, commit time, newest document), commit and site. */
export function emitContext(wiki: Wiki, config: SiteConfig, root = contentRoot()): EmitContext {
  const head = gitHead(root);
  const epoch = process.env.SOURCE_DATE_EPOCH;
  const newest = wiki.documents.map((d) => d.source.updatedAt).sort().pop() ?? new Date(0).toISOString();
  const generatedAt = epoch ? new Date(Number(epoch) * 1000).toISOString() : (head.time ?? newest);
  return { sha256, generatedAt, commit: head.commit, site: config.site ?? null, title: config.title, description: config.description };
}

/**
 * The artifacts of a wiki, emitted once per wiki: the prerendered pages, `astro:build:done` and the dev
 * server all ask for them, and emitting builds the whole search index.
 */
export function artifactsOf(wiki: Wiki, config = siteConfig(), root = contentRoot()): Map<string, string> {
  const memo = ((globalThis as { __maruArtifacts?: WeakMap<Wiki, Map<string, string>> }).__maruArtifacts ??= new WeakMap());
  let files = memo.get(wiki);
  // Benchmarks only (bench/build.ts): the same pages from the catalog alone, without the search index.
  const emit = skipArtifacts() ? toCatalogArtifact : toArtifacts;
  if (!files) memo.set(wiki, (files = emit(wiki, emitContext(wiki, config, root))));
  return files;
}

/** `MARU_SKIP_ARTIFACTS=1`: build the pages but emit only the catalog they read, and write no `_wiki/*`. */
export function skipArtifacts(): boolean {
  return process.env.MARU_SKIP_ARTIFACTS === '1';
}

/** Writes every artifact under `outDir`. */
export function writeArtifacts(outDir: string, files: Map<string, string>): void {
  for (const [path, text] of files) {
    const full = join(outDir, path);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, text);
  }
}

/** Builds the artifacts of the wiki under `root` into `outDir` without Astro (tests, benchmarks). */
export function buildArtifacts(root: string, outDir: string, base = '/'): { wiki: Wiki; files: Map<string, string> } {
  const config = siteConfig();
  const wiki = loadWiki(root, config, normalizeBase(base));
  const report = errorReport(wiki, root);
  if (report) throw new Error(report);
  const files = artifactsOf(wiki, config, root);
  writeArtifacts(outDir, files);
  return { wiki, files };
}

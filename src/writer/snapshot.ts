import { toArtifacts } from '../lib/artifacts/emit.ts';
import type { ContributionCache } from '../lib/search/index-contribution.ts';
import { splitFrontmatter } from '../lib/wiki/frontmatter-parse.ts';
import { lenientFrontmatter } from '../lib/wiki/frontmatter.ts';
import type { RawFile } from '../lib/wiki/document.ts';
import type { SkippedFile } from '../lib/wiki/skipped-files.ts';
import { buildWiki, type ParseCache, type Wiki, type WikiOptions } from '../lib/wiki/pipeline.ts';
import { toSlug } from '../lib/wiki/slug.ts';
import { collectContent } from '../node/collect.ts';
import { sha256 } from '../node/hash.ts';
import { withIncludedFiles } from '../node/include-reader.ts';
import { buildOptions, emitContext, errorReport, siteConfig } from '../node/wiki-build.ts';

/** A cheap look at the content folder (files and frontmatter only, no Markdown parsing). */
export interface Scan {
  files: RawFile[];
  /** The folder's other files (pictures, downloads), which embeds and links may name. */
  attachments: string[];
  /** The Markdown files the site leaves out, which links may name. */
  skipped: SkippedFile[];
  /** sha256 of each file's text by content path, as read. */
  hashes: ReadonlyMap<string, string>;
  /** Content path and id of each document carrying `external_id` in its frontmatter. */
  byExternalId: ReadonlyMap<string, { path: string; id: string }>;
  /** Every id in use, drafts included. */
  ids: ReadonlySet<string>;
}

/** What the server read from the content folder at one moment: the scan plus the parsed wiki. */
export interface Snapshot extends Scan {
  wiki: Wiki;
  categories: readonly string[];
}

/** The options `npm run build` would build the folder under `root` with, for its files as scanned. */
export function scanOptions(scan: Scan, root: string, base: string): WikiOptions {
  return buildOptions(root, siteConfig(), base, scan.attachments, scan.skipped);
}

/** Reads every file and its frontmatter: ids, external ids and hashes. */
export function scanFolder(root: string): Scan {
  const { files, attachments, skipped } = collectContent(root);
  const hashes = new Map<string, string>();
  const byExternalId = new Map<string, { path: string; id: string }>();
  const ids = new Set<string>();
  for (const f of files) {
    if (f.text === undefined) continue;
    hashes.set(f.path, sha256(f.text));
    // Read as the build reads it: `id: 42` is the id "42".
    const data = lenientFrontmatter(splitFrontmatter(f.path, f.text).file?.data ?? {});
    const id = typeof data.id === 'string' ? data.id : toSlug(f.path);
    ids.add(id);
    if (data.external_id !== undefined && data.external_id !== null)
      byExternalId.set(typeof data.external_id === 'string' ? data.external_id : JSON.stringify(data.external_id), { path: f.path, id });
  }
  return { files, attachments, skipped, hashes, byExternalId, ids };
}

/** Scans and parses the whole content folder (the same collect → parse → derive steps and options as the build). */
export function readSnapshot(root: string, base: string, cache?: ParseCache): Snapshot {
  const scan = scanFolder(root);
  // The hashes are of the files as written; the wiki is built from them with include lines expanded, as the build does.
  const expanded = withIncludedFiles(scan, root);
  const options = scanOptions(expanded, root, base);
  return { ...scan, wiki: buildWiki(expanded.files, options, cache), categories: options.categories };
}

/**
 * The artifact files of a snapshot, built in memory exactly as `npm run build` would emit them; throws the build's
 * error report. `indexCache` keeps each document's index contribution between calls, so only changed ones are tokenized.
 */
export function snapshotFiles(snapshot: Snapshot, root: string, indexCache?: ContributionCache): Map<string, string> {
  const report = errorReport(snapshot.wiki, root);
  if (report) throw new Error(report);
  return toArtifacts(snapshot.wiki, { ...emitContext(snapshot.wiki, siteConfig(), root), ...(indexCache ? { indexCache } : {}) });
}

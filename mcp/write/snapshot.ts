import { toArtifacts } from '../../src/lib/artifacts/emit.ts';
import { splitFrontmatter } from '../../src/lib/wiki/frontmatter-parse.ts';
import type { RawFile } from '../../src/lib/wiki/document.ts';
import { buildWiki, type Wiki } from '../../src/lib/wiki/pipeline.ts';
import { toSlug } from '../../src/lib/wiki/slug.ts';
import { collectFiles, emitContext, errorReport, siteConfig } from './content-source.ts';
import { loadArtifacts, sha256, type ArtifactSet } from '../artifacts.ts';
import { NotFoundError, type ArtifactSource } from '../source.ts';

/** A cheap look at the content folder (files and frontmatter only, no Markdown parsing). */
export interface Scan {
  files: RawFile[];
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

/** Reads every file and its frontmatter: ids, external ids and hashes. */
export function scanFolder(root: string): Scan {
  const files = collectFiles(root);
  const hashes = new Map<string, string>();
  const byExternalId = new Map<string, { path: string; id: string }>();
  const ids = new Set<string>();
  for (const f of files) {
    if (f.text === undefined) continue;
    hashes.set(f.path, sha256(f.text));
    const data = splitFrontmatter(f.path, f.text).file?.data ?? {};
    const id = typeof data.id === 'string' ? data.id : toSlug(f.path);
    ids.add(id);
    if (data.external_id !== undefined && data.external_id !== null)
      byExternalId.set(typeof data.external_id === 'string' ? data.external_id : JSON.stringify(data.external_id), { path: f.path, id });
  }
  return { files, hashes, byExternalId, ids };
}

/** Scans and parses the whole content folder (the same collect → parse → derive steps as the build). */
export function readSnapshot(root: string, base: string): Snapshot {
  const config = siteConfig();
  const scan = scanFolder(root);
  return { ...scan, wiki: buildWiki(scan.files, { categories: config.categories, base }), categories: config.categories };
}

/** The artifact set of a snapshot, built in memory exactly as `npm run build` would emit it; throws the build's error report. */
export async function snapshotArtifacts(snapshot: Snapshot, root: string): Promise<ArtifactSet> {
  const report = errorReport(snapshot.wiki, root);
  if (report) throw new Error(report);
  const files = toArtifacts(snapshot.wiki, emitContext(snapshot.wiki, siteConfig(), root));
  return loadArtifacts(memorySource(files, `${root} (in memory)`));
}

/** An artifact source over files held in memory. */
export function memorySource(files: ReadonlyMap<string, string>, label: string): ArtifactSource {
  const read = async (rel: string) => {
    const text = files.get(rel);
    if (text === undefined) throw new NotFoundError(`${rel} is missing in ${label}.`);
    return text;
  };
  return { label, kind: 'dir', read, readBytes: async (rel) => Buffer.from(await read(rel), 'utf8') };
}

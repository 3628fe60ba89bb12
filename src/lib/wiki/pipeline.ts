import { dialectIds, readFolderFiles } from '../dialects/registry.ts';
import type { FolderFile, FolderLabel } from '../dialects/types.ts';
import { defaultProject, toSourceDocument, type KeepSyntaxTree, type RawFile, type SourceDocument } from './document.ts';
import { findDuplicateExternalIds, findDuplicates } from './external-ids.ts';
import { createLinkResolver, DEFAULT_LINK_POLICY, resolveLinks, type LinkPolicy, type LinkResolver, type ResolvedLink } from './links.ts';
import { missingImages, missingLinkedFiles } from './content-checks.ts';
import type { ImageStatus } from './image-file.ts';
import type { Problem } from './problems.ts';
import type { SkippedFile } from './skipped-files.ts';
import { backlinksOf, relatedOf, type RelatedEntry, type RelationLinks } from './relations.ts';
import { termVectors, type TermCounts } from './similarity.ts';
import { docPath, joinUrl } from './url.ts';
import { problemsAsWritten } from './include-files.ts';

/** Options of a wiki build that change its output. */
export interface WikiOptions {
  categories: readonly string[];
  /** Site base path, e.g. `/` or `/pr-preview/pr-12/`. */
  base: string;
  /** How broken links and missing anchors are reported (default: links fail, anchors warn). */
  links?: LinkPolicy;
  /** True when a content path (relative to the content root) names an existing file; enables the missing-image check. */
  fileExists?: (contentPath: string) => boolean;
  /** Whether a content path names a picture the site can show (default: whether it exists, by `fileExists`). */
  imageStatus?: (contentPath: string) => ImageStatus;
  /** Content paths of the folder's files that are not Markdown (pictures, downloads): `![[name]]` embeds are looked up among them. */
  attachments?: readonly string[];
  /** The Markdown files the site leaves out and why: a link to one is a warning naming it, not a broken link. */
  skipped?: readonly SkippedFile[];
  /** The files the dialects read to describe folders (`isFolderFile`), as read: they name projects and sidebar groups. */
  folderLabels?: readonly FolderFile[];
}

/** A published document with everything derived from the rest of the wiki. */
export interface WikiDocument {
  source: SourceDocument;
  url: string;
  links: ResolvedLink[];
  /** Distinct ids this document links to, sorted. */
  linkIds: string[];
  backlinks: string[];
  related: RelatedEntry[];
}

/** A file left out of the build and why (drafts). */
export interface DroppedFile {
  path: string;
  id: string;
  reason: 'draft';
}

/** The whole wiki: published documents sorted by id, problems, and what was dropped. */
export interface Wiki {
  documents: WikiDocument[];
  problems: Problem[];
  dropped: DroppedFile[];
  resolver: LinkResolver;
  options: WikiOptions;
  /** Each project's name, description and place from its folder's file (`readFolderFiles`), where it has one. */
  projectLabels?: ReadonlyMap<string, ProjectLabel>;
  /** What the folder files say of the folders below the projects' (sidebar groups), keyed by folder path. */
  folderLabels?: ReadonlyMap<string, FolderLabel>;
}

/** What a project's folder file says of it: the name the sidebar shows, its generated index's description, its place among the others. */
export type ProjectLabel = Pick<FolderLabel, 'title' | 'description' | 'order'>;

/** One parsed file: what `toSourceDocument` returns. */
export type ParsedFile = ReturnType<typeof toSourceDocument>;

/**
 * A store of parsed files kept between builds (see `src/integrations/parse-cache.ts`). `get` answers
 * only for a file whose path, text, dates and parse options are the ones it was parsed with.
 */
export interface ParseCache {
  get(file: RawFile, options: WikiOptions): ParsedFile | undefined;
  set(file: RawFile, options: WikiOptions, parsed: ParsedFile): void;
  /** The term counts of a document's similarity text (`termCounts` of it), from the cache when it has them for this text. */
  termCounts?(text: string): TermCounts;
}

/**
 * Related documents carried over from an earlier build of the same folder instead of computed (`maru dev`'s quick
 * update, see `src/lib/wiki/dev-update.ts`): similarity and shared tags weigh every document against all others, the
 * one step of a build whose cost grows with the whole wiki rather than with what changed.
 */
export type CarriedRelated = ReadonlyMap<string, readonly RelatedEntry[]>;

/**
 * Runs the named steps collect → parse → filter → derive; emitting is `toArtifacts`. With `carried`, each document's
 * related list is the carried one, less the documents no longer published (a new document has none): everything
 * else is what a build without it gives.
 */
export function buildWiki(
  files: readonly RawFile[],
  options: WikiOptions,
  cache?: ParseCache,
  keepSyntaxTree?: KeepSyntaxTree,
  carried?: CarriedRelated,
): Wiki {
  const parsed = parseAll(files, options, cache, keepSyntaxTree);
  const qualified = dialectIds(parsed.docs);
  const docs = qualified.docs;
  const problems = [...parsed.problems, ...qualified.problems];
  const { published, dropped } = filterDrafts(docs);
  const drafts = docs.filter((d) => !isPublished(d));
  problems.push(...findDuplicateIds(docs));
  problems.push(...findDuplicateExternalIds(docs));
  const resolver = createLinkResolver(published, options.attachments, options.skipped, drafts);
  const documents = derive(published, resolver, options, problems, cache?.termCounts?.bind(cache), carried);
  const { fileExists } = options;
  if (fileExists) {
    const imageStatus = options.imageStatus ?? ((path: string): ImageStatus => (fileExists(path) ? 'ok' : 'missing'));
    problems.push(...missingImages(published, imageStatus, (name, from) => resolver.attachment(name, from)));
    // A linked file is there when the site copies it: one of the folder's plain files (not a link, a folder or a pipe).
    const attachments = options.attachments && new Set(options.attachments);
    problems.push(...missingLinkedFiles(published, resolver, attachments ? (path) => attachments.has(path) : fileExists));
  }
  const labels = folderLabelsOf(options.folderLabels ?? []);
  problems.push(...labels.problems);
  // Problems in text pasted in for an include line are reported at that line of the file as written.
  return {
    documents,
    problems: problemsAsWritten(problems, files),
    dropped,
    resolver,
    options,
    ...(labels.projects.size ? { projectLabels: labels.projects } : {}),
    ...(labels.folders.size ? { folderLabels: labels.folders } : {}),
  };
}

/** The folder files' labels: a top-level folder's names its project (the first file per project wins), a deeper one's its sidebar group. */
function folderLabelsOf(files: readonly FolderFile[]): { projects: Map<string, ProjectLabel>; folders: Map<string, FolderLabel>; problems: Problem[] } {
  const read = readFolderFiles(files);
  const projects = new Map<string, ProjectLabel>();
  const folders = new Map<string, FolderLabel>();
  for (const [folder, label] of read.folders) {
    if (folder.includes('/')) {
      folders.set(folder, label);
      continue;
    }
    const { title, description, order } = label;
    const project = defaultProject(`${folder}/x.md`);
    if (projects.has(project) || (title === undefined && description === undefined && order === undefined)) continue;
    projects.set(project, { ...(title ? { title } : {}), ...(description ? { description } : {}), ...(order !== undefined ? { order } : {}) });
  }
  return { projects, folders, problems: read.problems };
}

/**
 * Parses every file, collecting every problem rather than stopping at the first. `keepSyntaxTree` receives the syntax
 * tree of each file parsed here (not of those the cache answers for), for the site's renderer.
 */
export function parseAll(
  files: readonly RawFile[],
  options: WikiOptions,
  cache?: ParseCache,
  keepSyntaxTree?: KeepSyntaxTree,
): { docs: SourceDocument[]; problems: Problem[] } {
  const docs: SourceDocument[] = [];
  const problems: Problem[] = [];
  for (const file of [...files].sort((a, b) => a.path.localeCompare(b.path))) {
    let r = cache?.get(file, options);
    if (!r) {
      r = toSourceDocument(file, options.categories, keepSyntaxTree);
      cache?.set(file, options, r);
    }
    problems.push(...r.problems);
    if (r.doc) docs.push(r.doc);
  }
  return { docs, problems };
}

/** Drafts are not published. */
export function isPublished(doc: SourceDocument): boolean {
  return doc.status !== 'draft';
}

function filterDrafts(docs: SourceDocument[]): { published: SourceDocument[]; dropped: DroppedFile[] } {
  const dropped = docs.filter((d) => !isPublished(d)).map((d) => ({ path: d.sourcePath, id: d.id, reason: 'draft' as const }));
  return { published: docs.filter(isPublished).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)), dropped };
}

/** Two files with one id is an error that names both files (drafts included: ids must stay unique). */
export function findDuplicateIds(docs: readonly SourceDocument[]): Problem[] {
  return findDuplicates(docs, { field: 'id', keyOf: (d) => d.id, hint: '문서마다 다른 id를 쓰세요 (둘 중 하나의 id를 바꾸거나 파일을 합치세요)' });
}

function derive(
  published: SourceDocument[],
  resolver: LinkResolver,
  options: WikiOptions,
  problems: Problem[],
  countsOf?: (text: string) => TermCounts,
  carried?: CarriedRelated,
): WikiDocument[] {
  const ids = new Set<string>(published.map((d) => d.id));
  const linksById = new Map<string, ResolvedLink[]>();
  for (const d of published) {
    const r = resolveLinks(d, resolver, options.links ?? DEFAULT_LINK_POLICY);
    problems.push(...r.problems);
    linksById.set(d.id, r.links);
    for (const rel of d.related) {
      if (!ids.has(rel)) {
        problems.push({
          path: d.sourcePath,
          line: d.fieldLines.related ?? 1,
          field: 'related',
          message: `"${rel}"라는 id의 문서가 없습니다`,
          hint: '있는 문서의 id를 쓰거나 related에서 지우세요',
          severity: 'error',
        });
      }
    }
  }
  const inputs = published.map((d) => relationLinks(d, linksById.get(d.id)!, ids));
  const backlinks = backlinksOf(inputs);
  const related = carried ? carriedRelated(carried, ids) : weighRelated(inputs, published.map(similarityText), backlinks, countsOf);
  return published.map((source, i) => ({
    source,
    url: joinUrl(options.base, docPath(source.id)),
    links: linksById.get(source.id)!,
    linkIds: inputs[i]!.links.filter((id) => id !== source.id),
    backlinks: backlinks.get(source.id) ?? [],
    related: related.get(source.id) ?? [],
  }));
}

/** What relation-finding reads of a published document besides its text: `ids` are the published documents'. */
export function relationLinks(d: SourceDocument, links: readonly ResolvedLink[], ids: ReadonlySet<string>): RelationLinks {
  return { id: d.id, tags: d.tags, related: d.related.filter((r) => ids.has(r)), links: distinct(links.map((l) => l.id)) };
}

/** The text a document's similarity to the others is weighed on. */
export function similarityText(d: SourceDocument): string {
  return [d.title, d.aliases.join(' '), d.tags.join(' '), ...d.markdown.sections.map((s) => `${s.path.join(' ')} ${s.text}`)].join('\n');
}

/** Each document's related list, weighed against all the others: `texts` are their `similarityText`s, in the same order. */
export function weighRelated(
  inputs: readonly RelationLinks[],
  texts: readonly string[],
  backlinks: Map<string, string[]>,
  countsOf?: (text: string) => TermCounts,
): Map<string, RelatedEntry[]> {
  const vectors = termVectors(texts, countsOf);
  return relatedOf(
    inputs.map((d, i) => ({ ...d, vector: vectors[i]! })),
    backlinks,
  );
}

/** The carried lists without the documents that are gone. */
function carriedRelated(carried: CarriedRelated, ids: ReadonlySet<string>): Map<string, RelatedEntry[]> {
  const out = new Map<string, RelatedEntry[]>();
  for (const [id, list] of carried)
    if (ids.has(id))
      out.set(
        id,
        list.filter((e) => ids.has(e.id)),
      );
  return out;
}

function distinct(values: readonly string[]): string[] {
  return [...new Set(values)].sort();
}

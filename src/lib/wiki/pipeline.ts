import { dialectIds, readFolderFiles } from '../dialects/registry.ts';
import type { FolderFile, FolderLabel } from '../dialects/types.ts';
import { defaultProject, toSourceDocument, type KeepSyntaxTree, type RawFile, type SourceDocument } from './document.ts';
import { findDuplicateExternalIds, findDuplicates } from './external-ids.ts';
import {
  createLinkResolver,
  DEFAULT_LINK_POLICY,
  refreshLinkResolver,
  lookupsOf,
  resolveLinks,
  resolveLinksNoting,
  resolverKey,
  type LinkPolicy,
  type LinkResolver,
  type ResolvedLink,
} from './links.ts';
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
 * one step of a build whose cost grows with the whole wiki rather than with what changed. Asked for each published
 * document's list in id order; undefined for a document it has none for.
 */
export type CarriedRelated = (id: string) => readonly RelatedEntry[] | undefined;

/**
 * Runs the named steps collect → parse → filter → derive; emitting is `toArtifacts`. With `carried`, each document's
 * related list is the carried one, less the documents no longer published (a new document has none): everything
 * else is what a build without it gives. With `memo` (`maru dev`), what the last build with it derived is kept and
 * only what a save can have changed is derived again (`quickDerivation`); the wiki is the one a build without it gives.
 */
export function buildWiki(
  files: readonly RawFile[],
  options: WikiOptions,
  cache?: ParseCache,
  keepSyntaxTree?: KeepSyntaxTree,
  carried?: CarriedRelated,
  memo?: WikiMemo,
): Wiki {
  const order = sortedOrder(files, memo?.last);
  const results = order.map((i) => parseOne(files[i]!, options, cache, keepSyntaxTree));
  const last = memo?.last;
  const derivation =
    (last && quickDerivation(last, files, order, results, options, carried)) ??
    fullDerivation(files, order, results, options, cache?.termCounts?.bind(cache), carried, memo !== undefined, last);
  if (memo) memo.last = derivation;
  const problems: Problem[] = [];
  for (const r of results) problems.push(...r.problems);
  problems.push(...derivation.dialectProblems, ...derivation.duplicateProblems);
  derivation.perDoc.linkProblems.forEach((list, i) => problems.push(...list, ...derivation.perDoc.relatedProblems[i]!));
  for (const list of derivation.perDoc.images) problems.push(...list);
  for (const list of derivation.perDoc.files) problems.push(...list);
  const labels = derivation.labels;
  problems.push(...labels.problems);
  // Problems in text pasted in for an include line are reported at that line of the file as written.
  return {
    documents: derivation.documents,
    problems: problemsAsWritten(problems, files),
    dropped: derivation.dropped,
    resolver: derivation.resolver,
    options,
    ...(labels.projects.size ? { projectLabels: labels.projects } : {}),
    ...(labels.folders.size ? { folderLabels: labels.folders } : {}),
  };
}

/**
 * What `buildWiki` keeps between builds of one folder (`maru dev`): the last build's steps, so the next one derives again
 * only what the files that changed can reach. Made empty by `createWikiMemo`; only `buildWiki` reads and fills it.
 */
export interface WikiMemo {
  last?: Derivation;
}

export function createWikiMemo(): WikiMemo {
  return {};
}

/**
 * Makes `documents` (the last build's, with each unchanged document's object swapped for the one shown before, as
 * `keepUnchanged` does) the ones the next build compares with, so it hands out the objects shown.
 */
export function rememberDocuments(memo: WikiMemo, documents: readonly WikiDocument[]): void {
  const last = memo.last;
  if (!last || last.documents.length !== documents.length || !documents.every((d, i) => d.source === last.documents[i]!.source)) return;
  // A kept document holds what was derived for it, equal item by item: its arrays are the ones the next build compares.
  documents.forEach((d, i) => {
    if (d === last.documents[i]) return;
    last.perDoc.links[i] = d.links;
    last.perDoc.linkIds[i] = d.linkIds;
    last.backlinks.set(d.source.id, d.backlinks);
  });
  last.documents = [...documents];
}

/** What a build derived, kept for the next (`WikiMemo`). Arrays by position: `perDoc`'s by published document. */
interface Derivation {
  /** The files' paths as given, and the places of the files in parse order (by path, `localeCompare`). */
  paths: string[];
  order: number[];
  results: ParsedFile[];
  options: WikiOptions;
  /** The parsed documents in parse order, what the dialects' passes made of them (`qualified`: same places), and their `wholeWikiKey`s. */
  docs: SourceDocument[];
  qualified: SourceDocument[];
  keys: string[];
  /** False when a dialect's pass did more than give documents other ids: a later build then runs the passes again. */
  renamesOnly: boolean;
  dialectProblems: Problem[];
  duplicateProblems: Problem[];
  published: SourceDocument[];
  drafts: SourceDocument[];
  /** By place in `docs`: the document's place in `published` or `drafts` (-1: not there). */
  publishedAt: Int32Array;
  draftAt: Int32Array;
  dropped: DroppedFile[];
  resolver: LinkResolver;
  ids: Set<string>;
  /** Published id → place in `published` (the last document with it). */
  placeOf: Map<string, number>;
  perDoc: PerDocument;
  backlinks: Map<string, string[]>;
  documents: WikiDocument[];
  /** The folder's attachments as a set, for the linked-files check. */
  attachmentSet?: ReadonlySet<string>;
  labels: ReturnType<typeof folderLabelsOf>;
}

/** What is derived for each published document alone, by its place. */
interface PerDocument {
  links: ResolvedLink[][];
  linkIds: string[][];
  /** Its links' problems, and its `related` ids' (reported in that order). */
  linkProblems: Problem[][];
  relatedProblems: Problem[][];
  /** The resolver's lookups its links made (`resolveLinksNoting`; empty unless the build keeps a memo). */
  lookups: string[][];
  images: Problem[][];
  files: Problem[][];
}

/** The places of `files` in parse order: by path (`localeCompare`), as the last build's when the paths are the same. */
function sortedOrder(files: readonly RawFile[], last: Derivation | undefined): number[] {
  if (last && last.paths.length === files.length && files.every((f, i) => f.path === last.paths[i])) return last.order;
  return files.map((_, i) => i).sort((a, b) => files[a]!.path.localeCompare(files[b]!.path));
}

function parseOne(file: RawFile, options: WikiOptions, cache?: ParseCache, keepSyntaxTree?: KeepSyntaxTree): ParsedFile {
  let r = cache?.get(file, options);
  if (!r) {
    r = toSourceDocument(file, options.categories, keepSyntaxTree);
    cache?.set(file, options, r);
  }
  return r;
}

/**
 * What the steps over the whole wiki (the dialects' id passes, drafts, duplicate ids, the link resolver) read of a
 * document: a save that keeps it changes what they give only for that document.
 */
function wholeWikiKey(d: SourceDocument): string {
  let key = WHOLE_WIKI_KEYS.get(d);
  if (key === undefined) {
    key = JSON.stringify([resolverKey(d), d.status, d.aliases, d.fieldLines.id ?? null, d.fieldLines.external_id ?? null, d.extra.external_id ?? null]);
    WHOLE_WIKI_KEYS.set(d, key);
  }
  return key;
}

/** `wholeWikiKey` per parsed document object: a save parses one file, the others' keys are the last build's. */
const WHOLE_WIKI_KEYS = new WeakMap<SourceDocument, string>();

/** What a link to a document reads of it besides what the resolver does: its headings, block ids and anchors. */
function anchorsKey(d: SourceDocument): string {
  const m = d.markdown;
  return JSON.stringify([m.headings.map((h) => [h.anchor, h.aliases ?? [], h.text]), m.blockIds ?? [], m.titleAnchors ?? [], m.htmlAnchors ?? []]);
}

/**
 * Every step of a build, from the parsed files. With `last` (the last derivation of the same folder, kept in a
 * `WikiMemo`), the steps over the whole wiki run again, but a document the save left as it was keeps its links and their
 * problems unless one of the lookups they made answers differently now (`resolveLinksNoting`, `lookupsOf`) or a document
 * they lead to changed its headings or anchors. `noting` keeps the lookups for the next derivation.
 */
function fullDerivation(
  files: readonly RawFile[],
  order: number[],
  results: ParsedFile[],
  options: WikiOptions,
  countsOf?: (text: string) => TermCounts,
  carried?: CarriedRelated,
  noting = false,
  last?: Derivation,
): Derivation {
  const parsedDocs = results.flatMap((r) => (r.doc ? [r.doc] : []));
  const passed = dialectIds(parsedDocs);
  const docs = passed.docs;
  const renamesOnly = docs.length === parsedDocs.length && docs.every((d, i) => d === parsedDocs[i] || renamedOnly(parsedDocs[i]!, d));
  const { published, dropped } = filterDrafts(docs);
  const drafts = docs.filter((d) => !isPublished(d));
  const duplicateProblems = [...findDuplicateIds(docs), ...findDuplicateExternalIds(docs)];
  const resolver = createLinkResolver(published, options.attachments, options.skipped, drafts);
  const ids = new Set<string>(published.map((d) => d.id));
  const placeOf = new Map(published.map((d, i) => [d.id as string, i]));
  const atPlace = (list: readonly SourceDocument[]) => {
    const at = new Map(list.map((d, i) => [d, i]));
    return Int32Array.from(docs, (d) => at.get(d) ?? -1);
  };
  const perDoc: PerDocument = { links: [], linkIds: [], linkProblems: [], relatedProblems: [], lookups: [], images: [], files: [] };
  const policy = options.links ?? DEFAULT_LINK_POLICY;
  const attachmentSet = options.attachments && new Set(options.attachments);
  const kept = last && last.options === options && noting ? keptLinks(last, published, drafts) : undefined;
  /** Ids whose links were resolved again here (not kept). */
  const relinked: string[] = [];
  published.forEach((d, i) => {
    const was = kept?.(d);
    if (was === undefined) relinked.push(d.id);
    if (was !== undefined) {
      perDoc.links[i] = last!.perDoc.links[was]!;
      perDoc.linkIds[i] = last!.perDoc.linkIds[was]!;
      perDoc.linkProblems[i] = last!.perDoc.linkProblems[was]!;
      perDoc.lookups[i] = last!.perDoc.lookups[was]!;
      perDoc.images[i] = last!.perDoc.images[was]!;
      perDoc.files[i] = last!.perDoc.files[was]!;
    } else {
      const r = noting ? resolveLinksNoting(d, resolver, policy) : { ...resolveLinks(d, resolver, policy), lookups: [] };
      perDoc.links[i] = r.links;
      perDoc.linkIds[i] = linkIdsOf(d, r.links);
      perDoc.linkProblems[i] = r.problems;
      perDoc.lookups[i] = r.lookups;
      const checked = fileChecks(d, resolver, options, attachmentSet);
      perDoc.images[i] = checked.images;
      perDoc.files[i] = checked.files;
    }
    perDoc.relatedProblems[i] = relatedProblems(d, ids);
  });
  // With one document per id before and after, the last backlinks with the moves of the documents linked again;
  // otherwise from every document's distinct targets (its own id left out either way).
  const backlinks =
    kept && last && last.ids.size === last.published.length && ids.size === published.length
      ? movedAll(last, relinked, ids, (id) => perDoc.linkIds[placeOf.get(id)!]!)
      : backlinksOf(published.map((d, i) => ({ id: d.id, tags: [], related: [], links: perDoc.linkIds[i]! })));
  const related = carried
    ? undefined
    : weighRelated(
        published.map((d, i) => relationLinks(d, perDoc.links[i]!, ids)),
        published.map(similarityText),
        backlinks,
        countsOf,
      );
  // Arrays equal to the last build's are its arrays, and documents equal in every part its objects (`keepUnchanged`).
  const lastBacklinks = last?.backlinks;
  if (lastBacklinks)
    for (const [id, list] of backlinks) {
      const before = lastBacklinks.get(id);
      if (before && sameItems(before, list, Object.is)) backlinks.set(id, before);
    }
  const lastDocs = last && new Map(last.documents.map((d) => [d.source, d]));
  // The last build's lists were checked against its ids: still good when no id is gone.
  const idsKept = last !== undefined && [...last.ids].every((id) => ids.has(id));
  const documents = published.map((source, i): WikiDocument => {
    const was = lastDocs?.get(source);
    const links = perDoc.links[i]!;
    const linkIds = perDoc.linkIds[i]!;
    const back = backlinks.get(source.id) ?? [];
    const list = related ? (related.get(source.id) ?? []) : carriedList(carried!(source.id), ids, idsKept ? was?.related : undefined);
    return was && was.links === links && was.linkIds === linkIds && was.backlinks === back && was.related === list
      ? was
      : { source, url: joinUrl(options.base, docPath(source.id)), links, linkIds, backlinks: back, related: list };
  });
  return {
    paths: files.map((f) => f.path),
    order,
    results,
    options,
    docs: parsedDocs,
    qualified: docs,
    // What only a next derivation reads (`quickDerivation`), made when one will (a build keeps no memo).
    keys: noting ? parsedDocs.map(wholeWikiKey) : [],
    renamesOnly,
    dialectProblems: passed.problems,
    duplicateProblems,
    published,
    drafts,
    publishedAt: noting ? atPlace(published) : new Int32Array(0),
    draftAt: noting ? atPlace(drafts) : new Int32Array(0),
    dropped,
    resolver,
    ids,
    placeOf,
    perDoc,
    backlinks,
    documents,
    ...(attachmentSet ? { attachmentSet } : {}),
    labels: folderLabelsOf(options.folderLabels ?? []),
  };
}

/**
 * For each published document of a new derivation, its place in `last` when what was derived of its links there holds
 * still: the same object, and none of its lookups among the keys of the documents and drafts that are new, gone or
 * changed (their `lookupsOf`, before and after). A link finds its target by one of the target's keys, so a changed
 * document's headings and anchors are read again by every link to it.
 */
function keptLinks(last: Derivation, published: readonly SourceDocument[], drafts: readonly SourceDocument[]): (d: SourceDocument) => number | undefined {
  const before = new Map(last.published.map((d, i) => [d, i]));
  const after = new Set([...published, ...drafts]);
  const lastDrafts = new Set(last.drafts);
  const changedKeys = new Set<string>();
  const note = (d: SourceDocument) => {
    for (const key of lookupsOf(d)) changedKeys.add(key);
  };
  for (const d of last.published) if (!after.has(d)) note(d);
  for (const d of last.drafts) if (!after.has(d)) note(d);
  for (const d of after) if (!before.has(d) && !lastDrafts.has(d)) note(d);
  return (d) => {
    const at = before.get(d);
    return at === undefined || last.perDoc.lookups[at]!.some((key) => changedKeys.has(key)) ? undefined : at;
  };
}

/**
 * The last build's derivation with the documents a save changed derived again, when the save kept every document's
 * `wholeWikiKey` (no document added, removed, renamed, retitled, made a draft…) and the options are the last build's
 * object: then only the changed documents' links are resolved again, and the links into a changed document whose
 * headings or anchors changed (its backlinks). Undefined when the save did more: the caller derives everything.
 */
function quickDerivation(
  last: Derivation,
  files: readonly RawFile[],
  order: number[],
  results: ParsedFile[],
  options: WikiOptions,
  carried?: CarriedRelated,
): Derivation | undefined {
  // With two published documents of one id, backlinks and places by id name either: derived in full (a build error anyway).
  if (
    options !== last.options ||
    order !== last.order ||
    !last.renamesOnly ||
    last.ids.size !== last.published.length ||
    !carried ||
    last.keys.length !== last.docs.length
  )
    return undefined;
  const changed: [number, SourceDocument][] = [];
  let k = 0;
  for (let i = 0; i < results.length; i++) {
    const r = results[i]!;
    const was = last.results[i]!;
    if (r.doc === undefined || was.doc === undefined) {
      if (r.doc !== was.doc) return undefined;
      continue;
    }
    if (r.doc !== was.doc) {
      if (wholeWikiKey(r.doc) !== last.keys[k]) return undefined;
      changed.push([k, r.doc]);
    }
    k++;
  }
  const derivation: Derivation = { ...last, paths: files.map((f) => f.path), results };
  if (!changed.length) return derivation;
  const docs = [...last.docs];
  const qualified = [...last.qualified];
  const published = [...last.published];
  const drafts = [...last.drafts];
  /** Places in `published` whose links are resolved again. */
  const redo = new Set<number>();
  const touched = new Set<number>();
  for (const [at, doc] of changed) {
    const was = last.qualified[at]!;
    docs[at] = doc;
    qualified[at] = was === last.docs[at] ? doc : { ...doc, id: was.id };
    const draftPlace = last.draftAt[at]!;
    if (draftPlace >= 0) drafts[draftPlace] = qualified[at];
    const place = last.publishedAt[at]!;
    if (place < 0) continue;
    published[place] = qualified[at];
    redo.add(place);
    touched.add(place);
    if (anchorsKey(was) !== anchorsKey(qualified[at])) for (const id of last.backlinks.get(was.id) ?? []) redo.add(last.placeOf.get(id)!);
  }
  const resolver = touched.size ? refreshLinkResolver(last.resolver, published) : last.resolver;
  const perDoc: PerDocument = {
    links: [...last.perDoc.links],
    linkIds: [...last.perDoc.linkIds],
    linkProblems: [...last.perDoc.linkProblems],
    relatedProblems: [...last.perDoc.relatedProblems],
    lookups: [...last.perDoc.lookups],
    images: [...last.perDoc.images],
    files: [...last.perDoc.files],
  };
  const policy = options.links ?? DEFAULT_LINK_POLICY;
  let backlinks = last.backlinks;
  for (const place of redo) {
    const d = published[place]!;
    const r = resolveLinksNoting(d, resolver, policy);
    const links = sameItems(r.links, perDoc.links[place]!, (x, y) => x.id === y.id && x.anchor === y.anchor) ? perDoc.links[place]! : r.links;
    const linkIds = linkIdsOf(d, links);
    const before = perDoc.linkIds[place]!;
    perDoc.links[place] = links;
    perDoc.linkProblems[place] = r.problems;
    perDoc.relatedProblems[place] = relatedProblems(d, last.ids);
    perDoc.lookups[place] = r.lookups;
    if (touched.has(place)) {
      const checked = fileChecks(d, resolver, options, last.attachmentSet);
      perDoc.images[place] = checked.images;
      perDoc.files[place] = checked.files;
    }
    if (sameItems(linkIds, before, Object.is)) continue;
    perDoc.linkIds[place] = linkIds;
    if (backlinks === last.backlinks) backlinks = new Map(backlinks);
    movedBacklinks(backlinks, d.id, before, linkIds);
  }
  const documents = published.map((source, i) => {
    const was = last.documents[i]!;
    const links = perDoc.links[i]!;
    const linkIds = perDoc.linkIds[i]!;
    const back = backlinks.get(source.id) ?? [];
    const related = carriedList(carried(source.id), last.ids, was.related);
    return was.source === source && was.links === links && was.linkIds === linkIds && was.backlinks === back && was.related === related
      ? was
      : { source, url: was.url, links, linkIds, backlinks: back, related };
  });
  return { ...derivation, docs, qualified, published, drafts, resolver, perDoc, backlinks, documents };
}

/** True when `after` is `before` with another id and nothing else changed (what a dialect's id pass may do). */
function renamedOnly(before: SourceDocument, after: SourceDocument): boolean {
  const keys = Object.keys(after) as (keyof SourceDocument)[];
  return keys.length === Object.keys(before).length && keys.every((key) => key === 'id' || after[key] === before[key]);
}

/**
 * The last derivation's backlinks after the documents of the ids `relinked` (resolved again) linked to the targets
 * `linkIdsOf` gives, the documents gone took their links along and new ones got a list: what `backlinksOf` gives of the
 * new documents when every id is one document's, before and after.
 */
function movedAll(last: Derivation, relinked: readonly string[], ids: ReadonlySet<string>, linkIdsOf: (id: string) => string[]): Map<string, string[]> {
  const backlinks = new Map(last.backlinks);
  for (const id of ids) if (!last.ids.has(id)) backlinks.set(id, []);
  const before = (id: string) => (last.ids.has(id) ? last.perDoc.linkIds[last.placeOf.get(id)!]! : []);
  for (const id of relinked) movedBacklinks(backlinks, id, before(id), linkIdsOf(id));
  for (const id of last.ids)
    if (!ids.has(id)) {
      movedBacklinks(backlinks, id, before(id), []);
      backlinks.delete(id);
    }
  return backlinks;
}

/** `backlinks` (lists copied before they change) after document `id`'s links went from the targets `before` to `after`. */
function movedBacklinks(backlinks: Map<string, string[]>, id: string, before: readonly string[], after: readonly string[]): void {
  const gone = new Set(before);
  for (const target of after) gone.delete(target);
  const added = new Set(after);
  for (const target of before) added.delete(target);
  for (const target of gone) {
    const list = backlinks.get(target);
    if (list)
      backlinks.set(
        target,
        list.filter((x) => x !== id),
      );
  }
  for (const target of added) {
    const list = backlinks.get(target);
    if (list) backlinks.set(target, [...list, id].sort());
  }
}

/** Distinct ids a document links to, sorted, without its own. */
function linkIdsOf(d: SourceDocument, links: readonly ResolvedLink[]): string[] {
  return distinct(links.map((l) => l.id)).filter((id) => id !== d.id);
}

/** The problems of a document that has none, shared: lists of problems are read, never changed in place. */
const NO_PROBLEMS: Problem[] = [];

/** A document's `related` ids that name no published document. */
function relatedProblems(d: SourceDocument, ids: ReadonlySet<string>): Problem[] {
  if (!d.related.length) return NO_PROBLEMS;
  return d.related
    .filter((rel) => !ids.has(rel))
    .map((rel) => ({
      path: d.sourcePath,
      line: d.fieldLines.related ?? 1,
      field: 'related',
      message: `"${rel}"라는 id의 문서가 없습니다`,
      hint: '있는 문서의 id를 쓰거나 related에서 지우세요',
      severity: 'error' as const,
    }));
}

/** A document's missing pictures and linked files (`missingImages`, `missingLinkedFiles`), when the options can look files up. */
function fileChecks(
  d: SourceDocument,
  resolver: LinkResolver,
  options: WikiOptions,
  attachments: ReadonlySet<string> | undefined,
): { images: Problem[]; files: Problem[] } {
  const { fileExists } = options;
  if (!fileExists) return { images: [], files: [] };
  const imageStatus = options.imageStatus ?? ((path: string): ImageStatus => (fileExists(path) ? 'ok' : 'missing'));
  return {
    images: missingImages([d], imageStatus, (name, from) => resolver.attachment(name, from)),
    // A linked file is there when the site copies it: one of the folder's plain files (not a link, a folder or a pipe).
    files: missingLinkedFiles([d], resolver, attachments ? (path) => attachments.has(path) : fileExists),
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

/**
 * A document's carried related list without the documents that are gone (`ids`: the published ones): the carried array
 * itself when none is, so a document whose list did not change keeps its object. `checked` is the list the last build
 * handed out for it, which was checked against the published ids then (the same ids, when the caller passes it).
 */
function carriedList(list: readonly RelatedEntry[] | undefined, ids: ReadonlySet<string>, checked?: readonly RelatedEntry[]): RelatedEntry[] {
  if (!list) return [];
  // Shared with the wiki it was carried from, never changed in place by either.
  return list === checked || list.every((e) => ids.has(e.id)) ? (list as RelatedEntry[]) : list.filter((e) => ids.has(e.id));
}

/** True when `a` and `b` hold the same items in the same order. */
export function sameItems<T>(a: readonly T[], b: readonly T[], same: (x: T, y: T) => boolean): boolean {
  return a === b || (a.length === b.length && a.every((x, i) => same(x, b[i]!)));
}

function distinct(values: readonly string[]): string[] {
  return [...new Set(values)].sort();
}

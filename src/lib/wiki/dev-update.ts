import type { RawFile, SourceDocument } from './document.ts';
import {
  relationLinks,
  sameItems,
  similarityText,
  weighRelated,
  type CarriedRelated,
  type ParseCache,
  type ParsedFile,
  type Wiki,
  type WikiDocument,
} from './pipeline.ts';
import { backlinksOf, type RelatedEntry, type RelationLinks } from './relations.ts';
import { termCounts, type TermCounts } from './similarity.ts';

/**
 * The parse cache of `maru dev`, held in memory for the life of the server: one entry per path, so a save parses one
 * file again and a wiki of 10,000 is not re-read, re-hashed or copied (the build's cache on disk is read and written
 * whole: at 10,000 documents that cost a save most of a minute). A file is the same when it is the same object the
 * collector handed out last time (`collectContent` with a memo keeps unchanged files' objects) or equal field by
 * field. Results are handed out as stored, not copied: the steps after parsing make new documents rather than
 * change the ones they are given (`qualifyFolderIds`, the dialects' `ids`).
 */
export interface DevParseCache extends ParseCache {
  /** Drops the entries of paths not in `paths` (deleted or renamed files) and term counts no build asked for since the last prune. */
  prune(paths: ReadonlySet<string>): void;
  /** Keeps term counts made elsewhere (the build's cache on disk, at the server's start) for the texts they count. */
  remember(text: string, counts: TermCounts): void;
}

export function createDevParseCache(countsOf: (text: string) => TermCounts = termCounts): DevParseCache {
  const entries = new Map<string, { file: RawFile; categories: string; parsed: ParsedFile }>();
  // Term counts by the text they count; `used` lets a prune drop those of texts that changed.
  let counts = new Map<string, TermCounts>();
  let used = new Map<string, TermCounts>();
  return {
    get(file, options) {
      const entry = entries.get(file.path);
      if (!entry || entry.categories !== categoriesKey(options.categories)) return undefined;
      return entry.file === file || sameFile(entry.file, file) ? entry.parsed : undefined;
    },
    set(file, options, result) {
      entries.set(file.path, { file, categories: categoriesKey(options.categories), parsed: result });
    },
    termCounts(text) {
      let c = used.get(text) ?? counts.get(text);
      if (!c) c = countsOf(text);
      used.set(text, c);
      return c;
    },
    prune(paths) {
      for (const path of entries.keys()) if (!paths.has(path)) entries.delete(path);
      // A build that carried its relations asked for no counts: keep what the last full one used.
      if (used.size) [counts, used] = [used, new Map<string, TermCounts>()];
    },
    remember(text, c) {
      used.set(text, c);
    },
  };
}

/** The category list as the cache compares it, written once per list (a build asks once per file). */
const CATEGORY_KEYS = new WeakMap<readonly string[], string>();
function categoriesKey(categories: readonly string[]): string {
  let key = CATEGORY_KEYS.get(categories);
  if (key === undefined) CATEGORY_KEYS.set(categories, (key = JSON.stringify(categories)));
  return key;
}

/** Two collected files alike in every field (the text compared last: it is the long one). */
function sameFile(a: RawFile, b: RawFile): boolean {
  const { text: ta, ...ra } = a;
  const { text: tb, ...rb } = b;
  return ta === tb && JSON.stringify(ra) === JSON.stringify(rb);
}

/** Each published document's related list in `wiki`, for the next quick update to carry (`buildWiki`'s `carried`). */
export function relatedOfWiki(wiki: Wiki): CarriedRelated {
  const docs = wiki.documents;
  let byId: Map<string, readonly RelatedEntry[]> | undefined;
  let next = 0;
  let asked = '';
  return (id) => {
    // The documents are in id order and a build asks in that order: one walk along them, no map (a map by id keeps the last of an id).
    if (id < asked) return (byId ??= new Map(docs.map((d) => [d.source.id, d.related]))).get(id);
    asked = id;
    while (next < docs.length && docs[next]!.source.id < id) next++;
    while (next + 1 < docs.length && docs[next + 1]!.source.id === id) next++;
    const d = docs[next];
    return d?.source.id === id ? d.related : undefined;
  };
}

/**
 * What weighing related documents (`weighRelated`) reads of a wiki, as plain data for another thread: each published
 * document's links and tags, and its similarity text at the same place.
 */
export interface RelatedJob {
  documents: RelationLinks[];
  texts: string[];
}

/** The job of weighing `wiki`'s related lists as a full build does; `textOf` may answer from a memo (texts are kept per document). */
export function relatedJobOf(wiki: Wiki, textOf: (doc: SourceDocument) => string = similarityText): RelatedJob {
  const ids = new Set(wiki.documents.map((d) => d.source.id));
  return {
    documents: wiki.documents.map((d) => relationLinks(d.source, d.links, ids)),
    texts: wiki.documents.map((d) => textOf(d.source)),
  };
}

/** Each document's related list as a full build of the job's wiki gives it. */
export function relatedOfJob(job: RelatedJob, countsOf?: (text: string) => TermCounts): Map<string, RelatedEntry[]> {
  return weighRelated(job.documents, job.texts, backlinksOf(job.documents), countsOf);
}

/** `wiki` with the related lists `related` names, or undefined when every list is the one it has (nothing to show). */
export function withRelated(wiki: Wiki, related: ReadonlyMap<string, readonly RelatedEntry[]>): Wiki | undefined {
  const same = (d: WikiDocument) => sameItems(d.related, related.get(d.source.id) ?? [], sameEntry);
  if (wiki.documents.every(same)) return undefined;
  return { ...wiki, documents: wiki.documents.map((d) => (same(d) ? d : { ...d, related: [...(related.get(d.source.id) ?? [])] })) };
}

/**
 * `next` with each document that is what `previous` had for it (the same parsed document, and the same address, links,
 * backlinks and related list) replaced by `previous`'s object: what is kept by document downstream (its catalog row, its
 * render key, its entry's digest) is then kept for all but the documents a save changed.
 */
export function keepUnchanged(previous: Wiki | undefined, next: Wiki): Wiki {
  if (!previous) return next;
  let before: Map<SourceDocument, WikiDocument> | undefined;
  const same = (a: WikiDocument, b: WikiDocument) =>
    a === b ||
    (a.url === b.url &&
      sameItems(a.linkIds, b.linkIds, Object.is) &&
      sameItems(a.backlinks, b.backlinks, Object.is) &&
      sameItems(a.links, b.links, (x, y) => x.id === y.id && x.anchor === y.anchor) &&
      // A quick update carries the related entries themselves.
      sameItems(a.related, b.related, (x, y) => x === y || sameEntry(x, y)));
  return {
    ...next,
    documents: next.documents.map((d, i) => {
      // Most documents are where they were: the map by source is made only when one is not.
      const there = previous.documents[i];
      const old = there?.source === d.source ? there : (before ??= new Map(previous.documents.map((p) => [p.source, p]))).get(d.source);
      return old && same(old, d) ? old : d;
    }),
  };
}

function sameEntry(a: RelatedEntry, b: RelatedEntry): boolean {
  return (
    a.id === b.id &&
    a.score === b.score &&
    a.similarity === b.similarity &&
    sameItems(a.reasons, b.reasons, Object.is) &&
    sameItems(a.sharedTags ?? [], b.sharedTags ?? [], Object.is) &&
    (a.sharedTags === undefined) === (b.sharedTags === undefined)
  );
}

import { isAbsolute, relative, sep } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { SiteConfig } from '../lib/wiki/config.ts';
import type { KeepSyntaxTree, RawFile, SourceDocument } from '../lib/wiki/document.ts';
import { createDevParseCache, keepUnchanged, relatedJobOf, relatedOfWiki, withRelated, type DevParseCache } from '../lib/wiki/dev-update.ts';
import { buildWiki, createWikiMemo, rememberDocuments, similarityText, type Wiki, type WikiOptions } from '../lib/wiki/pipeline.ts';
import type { RelatedEntry } from '../lib/wiki/relations.ts';
import type { RelatedAnswer, RelatedRequest } from './dev-related-worker.ts';
import { renderableText } from '../lib/wiki/frontmatter-fence.ts';
import { skippedFileWarnings, type SkippedFile } from '../lib/wiki/skipped-files.ts';
import { collectContent, type ContentMemo } from './collect.ts';
import { withIncludedFiles } from './include-reader.ts';
import type { StoredParseCache } from './parse-cache.ts';
import { buildOptions } from './wiki-build.ts';

/** What `maru dev` rebuilds on a save: the wiki and each file's text for the renderer, by content path. */
export interface DevBuild {
  wiki: Wiki;
  texts: Map<string, string>;
}

/**
 * The content folder as `maru dev` keeps it between saves: the files as last read (`collectContent`'s memo) and
 * their parse results (`createDevParseCache`). `update` re-reads only the files whose stat changed or that the
 * watcher named, parses only those, and derives the rest from what it holds.
 */
export interface DevWiki {
  /** The memo the server's first collection fills (`collectWikiInParallel`). */
  memo: ContentMemo;
  /** The build's cache on disk as the first collection uses it, with everything it answers kept for the updates. */
  seeding: (stored: StoredParseCache) => StoredParseCache;
  /** A path the watcher reported: read again at the next update whatever its stat says. */
  changed: (path: string) => void;
  /**
   * The wiki of the folder as it is now. With `carryFrom`, the related lists are that wiki's (a quick update: see
   * `buildWiki`'s `carried`); without, a full derive, equal to what a build of the folder gives.
   */
  update: (carryFrom?: Wiki) => DevBuild;
  /**
   * `build` with the related lists a full update gives, weighed on another thread (`relatedThread`), so no page request
   * waits on it; undefined when they are the lists it has.
   */
  relate: (build: DevBuild) => Promise<DevBuild | undefined>;
}

export function openDevWiki(root: string, config: SiteConfig, base: string, keepSyntaxTree?: KeepSyntaxTree): DevWiki {
  const derived = createWikiMemo();
  const memo: ContentMemo = { files: new Map(), changed: new Set(), wiki: derived };
  const cache: DevParseCache = createDevParseCache();
  let thread: ReturnType<typeof relatedThread> | undefined;
  let last: Wiki | undefined;
  let options: { value: WikiOptions; attachments: readonly string[]; skipped: readonly SkippedFile[] } | undefined;
  let paths: readonly string[] = [];
  /** The files as collected last (before includes), and the paths reported since. */
  let raw: readonly RawFile[] = [];
  let reported: string[] = [];
  return {
    memo,
    seeding: (stored) => ({
      ...stored,
      get hits() {
        return stored.hits;
      },
      get misses() {
        return stored.misses;
      },
      has: (file, options) => stored.has(file, options),
      get: (file, options) => {
        const parsed = stored.get(file, options);
        if (parsed) cache.set(file, options, parsed);
        return parsed;
      },
      set: (file, options, parsed) => {
        cache.set(file, options, parsed);
        stored.set(file, options, parsed);
      },
      termCounts: (text) => {
        const counts = stored.termCounts!(text);
        cache.remember(text, counts);
        return counts;
      },
      save: () => stored.save(),
    }),
    // The watcher reports absolute paths; the collector keeps content paths.
    changed: (path) => {
      const content = isAbsolute(path) ? relative(root, path).split(sep).join('/') : path;
      memo.changed.add(content);
      reported.push(content);
    },
    update: (carryFrom) => {
      // A quick update trusts the watcher's reports (the settling step looks at every file: `relate`); a full one does not.
      const collected = collectContent(root, memo, !carryFrom);
      return rebuild(collected, carryFrom);
    },
    relate: async (given) => {
      // What the watcher missed since the last update: every file looked at once the saves stop.
      const collected = collectContent(root, memo, true);
      const build = sameList(raw, collected.files, Object.is) ? given : rebuild(collected, given.wiki);
      const wiki = withRelated(build.wiki, await (thread ??= relatedThread()).relate(build.wiki));
      return wiki ? { wiki, texts: build.texts } : build === given ? undefined : build;
    },
  };

  /** The wiki of the files as collected, with the related lists of `carryFrom` if given (a quick update). */
  function rebuild(collected: ReturnType<typeof collectContent>, carryFrom: Wiki | undefined): DevBuild {
    const { files, skipped, attachments } = withIncludedFiles(collected, root);
    // No picture, folder file or other plain file of the folder reported (an editor's temporary file, gone or hidden, is
    // none), so what the options look up in the folder still holds, and so do the checks of pictures kept per document.
    const filesHold = reported.length > 0 && !reported.some((path) => !MARKDOWN.test(path) && attachments.includes(path));
    reported = [];
    raw = collected.files;
    // The first collection's (`collectWikiInParallel` with `memo`), which the wiki shown was built with.
    const shown = carryFrom?.options;
    if (!options && shown) options = { value: shown, attachments: shown.attachments ?? [], skipped: shown.skipped ?? [] };
    if (!options || !filesHold || !sameList(options.attachments, attachments, Object.is) || !sameList(options.skipped, skipped, sameSkipped))
      options = { value: buildOptions(root, config, base, attachments, skipped), attachments, skipped };
    const built = buildWiki(files, options.value, cache, keepSyntaxTree, carryFrom && relatedOfWiki(carryFrom), derived);
    const wiki = keepUnchanged(carryFrom ?? last, built);
    rememberDocuments(derived, wiki.documents);
    wiki.problems.push(...skippedFileWarnings(skipped));
    if (!sameList(paths, files, (path, file) => path === file.path)) {
      paths = files.map((f) => f.path);
      cache.prune(new Set(paths));
    }
    last = wiki;
    return { wiki, texts: new Map(files.map((f) => [f.path, renderable(f)])) };
  }
}

const MARKDOWN = /\.(md|markdown)$/i;

/** Each collected file's text as the renderer takes it (`renderableText`), made once per file object. */
const renderables = new WeakMap<RawFile, string>();
function renderable(file: RawFile): string {
  let text = renderables.get(file);
  if (text === undefined) renderables.set(file, (text = renderableText(file.text ?? '')));
  return text;
}

function sameList<A, B>(a: readonly A[], b: readonly B[], same: (x: A, y: B) => boolean): boolean {
  return a.length === b.length && a.every((x, i) => same(x, b[i]!));
}

const sameSkipped = (a: SkippedFile, b: SkippedFile) => a.path === b.path && a.reason === b.reason;

/**
 * Weighs wikis' related lists on a worker thread (`dev-related-worker.ts`), one job after the other: the step of an
 * update whose cost grows with the whole wiki, seconds at thousands of documents. The thread starts at the first job
 * and never holds the process open; each document's similarity text is made once per parsed document.
 */
export function relatedThread(): { relate: (wiki: Wiki) => Promise<Map<string, RelatedEntry[]>> } {
  const worker = new Worker(new URL('./dev-related-worker.ts', import.meta.url));
  worker.unref();
  const texts = new WeakMap<SourceDocument, string>();
  const textOf = (doc: SourceDocument) => texts.get(doc) ?? texts.set(doc, similarityText(doc)).get(doc)!;
  const waiting = new Map<number, { resolve: (related: Map<string, RelatedEntry[]>) => void; reject: (error: Error) => void }>();
  const failAll = (error: Error) => {
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
  };
  worker.on('message', (answer: RelatedAnswer) => {
    const job = waiting.get(answer.seq);
    waiting.delete(answer.seq);
    if ('error' in answer) job?.reject(new Error(`the related-documents thread failed: ${answer.error}`));
    else job?.resolve(new Map(answer.related));
  });
  let stopped: Error | undefined;
  worker.on('error', (error) => failAll((stopped = error)));
  worker.on('exit', (code) => failAll((stopped ??= new Error(`the related-documents thread stopped (exit code ${code})`))));
  let seq = 0;
  return {
    relate: (wiki) =>
      new Promise((resolve, reject) => {
        if (stopped) return reject(stopped);
        const request: RelatedRequest = { seq: ++seq, job: relatedJobOf(wiki, textOf) };
        waiting.set(request.seq, { resolve, reject });
        worker.postMessage(request);
      }),
  };
}

import type { SiteConfig } from '../lib/wiki/config.ts';
import type { KeepSyntaxTree } from '../lib/wiki/document.ts';
import { createDevParseCache, relatedOfWiki, type DevParseCache } from '../lib/wiki/dev-update.ts';
import { buildWiki, type Wiki } from '../lib/wiki/pipeline.ts';
import { renderableText } from '../lib/wiki/frontmatter-fence.ts';
import { skippedFileWarnings } from '../lib/wiki/skipped-files.ts';
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
}

export function openDevWiki(root: string, config: SiteConfig, base: string, keepSyntaxTree?: KeepSyntaxTree): DevWiki {
  const memo: ContentMemo = { files: new Map(), changed: new Set() };
  const cache: DevParseCache = createDevParseCache();
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
    changed: (path) => void memo.changed.add(path),
    update: (carryFrom) => {
      const { files, skipped, attachments } = withIncludedFiles(collectContent(root, memo), root);
      const options = buildOptions(root, config, base, attachments, skipped);
      const wiki = buildWiki(files, options, cache, keepSyntaxTree, carryFrom && relatedOfWiki(carryFrom));
      wiki.problems.push(...skippedFileWarnings(skipped));
      cache.prune(new Set(files.map((f) => f.path)));
      return { wiki, texts: new Map(files.map((f) => [f.path, renderableText(f.text ?? '')])) };
    },
  };
}

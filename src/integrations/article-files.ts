import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { sha256 } from '../node/hash.ts';
import { cacheDir } from '../node/parse-cache.ts';

/**
 * The rendered HTML of each document, one file named by its sha256 under `<cacheDir>/articles/`, outside
 * Astro's data store. Astro bundles its data store into the page build as one JS string and compiles it
 * on every build, a cost that grows with the whole wiki's HTML though a rebuild renders little of it;
 * the entry keeps only the file's path (`rendered.metadata.articleFile`),
 * and the page reads the file when it renders (`src/site/article.ts`). Named by content, the path is
 * also what a page's cache key holds of its article: a re-rendered article with the same HTML keeps it.
 */
export interface ArticleFiles {
  /** The file of an article's HTML, written if it is missing. */
  write: (html: string) => string;
  /** Where the article an earlier build wrote (at any path) is now, or undefined when it is gone. */
  find: (file: string) => string | undefined;
  /**
   * Deletes the files no document of this build uses and no build has written or found for `olderThanMs` (default a
   * day): another build sharing the cache folder (`npm run dev` beside `npm run build`, tests building other content)
   * keeps the articles it is about to render.
   */
  prune: (olderThanMs?: number) => number;
}

/**
 * The article folder of this build's cache (MARU_CACHE_DIR, else node_modules/.cache/maru). `checked` holds the names
 * this process already read back or wrote (`maru dev` passes the same set to every save's loader): such a file is
 * taken if it is still there, not read and hashed again (at 10,000 documents that was every article on every save).
 */
export function articleFiles(dir = join(cacheDir(), 'articles'), checked?: Set<string>): ArticleFiles {
  const used = new Set<string>();
  mkdirSync(dir, { recursive: true });
  return {
    write: (html) => {
      const name = `${sha256(html)}.html`;
      const file = join(dir, name);
      used.add(name);
      checked?.add(name);
      // Written whole, then renamed: a build stopped halfway leaves no truncated article for the next one to reuse.
      // A file already there is reused only if it holds exactly this HTML (a damaged cache is rewritten, never served).
      if (!existsSync(file) || readFileSync(file, 'utf8') !== html) {
        writeFileSync(`${file}.tmp`, html);
        renameSync(`${file}.tmp`, file);
      } else touch(file);
      return file;
    },
    // By name: the same cache folder may be reached by another path (MARU_CACHE_DIR relative, or through a symlink).
    find: (file) => {
      const name = basename(file);
      if (!/^[0-9a-f]{64}\.html$/.test(name) || !existsSync(join(dir, name))) return undefined;
      if (checked?.has(name)) {
        used.add(name);
        return join(dir, name);
      }
      // Its name is its digest: a file whose bytes no longer match (edited, damaged) is not reused; the document renders again.
      if (`${sha256(readFileSync(join(dir, name), 'utf8'))}.html` !== name) return undefined;
      used.add(name);
      checked?.add(name);
      touch(join(dir, name));
      return join(dir, name);
    },
    prune: (olderThanMs = PRUNE_AFTER_MS) => {
      let removed = 0;
      const before = Date.now() - olderThanMs;
      for (const name of readdirSync(dir)) {
        if (used.has(name)) continue;
        const file = join(dir, name);
        // Written or found by a build within the window: maybe one running beside this one.
        if (olderThanMs > 0 && (statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0) >= before) continue;
        rmSync(file, { force: true });
        removed++;
      }
      return removed;
    },
  };
}

/**
 * Which article file holds the HTML rendered under each render key (`maru dev`, which renders an article when a page asks
 * for it): one small file per key under `<cacheDir>/article-keys/`, holding the article file's name. A restarted dev
 * server thus finds what an earlier one rendered, and a key whose article was pruned or damaged renders again.
 */
export interface ArticleIndex {
  /** The article file rendered under `key`, if it is still there and intact (`ArticleFiles.find`). */
  get: (key: string) => string | undefined;
  /** Records that `file` (written by `ArticleFiles.write`) holds the article rendered under `key`. */
  set: (key: string, file: string) => void;
  /** Deletes the entries no one has read or written for `olderThanMs` (default a day), as `ArticleFiles.prune` does. */
  prune: (olderThanMs?: number) => number;
}

export function articleIndex(articles: ArticleFiles, dir = join(cacheDir(), 'article-keys')): ArticleIndex {
  mkdirSync(dir, { recursive: true });
  // Named by a digest of the key: keys are digests too, but of the loader's choosing, and a name must be a plain one.
  const fileOf = (key: string) => join(dir, sha256(key));
  return {
    get: (key) => {
      const entry = fileOf(key);
      const name = existsSync(entry) ? readFileSync(entry, 'utf8') : undefined;
      const found = name === undefined ? undefined : articles.find(name);
      if (found) touch(entry);
      return found;
    },
    set: (key, file) => {
      const entry = fileOf(key);
      writeFileSync(`${entry}.tmp`, basename(file));
      renameSync(`${entry}.tmp`, entry);
    },
    prune: (olderThanMs = PRUNE_AFTER_MS) => {
      let removed = 0;
      const before = Date.now() - olderThanMs;
      for (const name of readdirSync(dir)) {
        const entry = join(dir, name);
        if ((statSync(entry, { throwIfNoEntry: false })?.mtimeMs ?? 0) >= before) continue;
        rmSync(entry, { force: true });
        removed++;
      }
      return removed;
    },
  };
}

/** How long an article file no build has used stays in the cache. */
const PRUNE_AFTER_MS = 24 * 60 * 60 * 1000;

/** Marks a file as used now (its modification time), for `prune` in other builds. */
function touch(file: string): void {
  const now = new Date();
  utimesSync(file, now, now);
}

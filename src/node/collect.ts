import { execFileSync } from 'node:child_process';
import { lstatSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { RawFile } from '../lib/wiki/document.ts';
import type { WikiMemo } from '../lib/wiki/pipeline.ts';
import { folderConventions, rootMarks } from '../lib/dialects/registry.ts';
import type { SkippedFile } from '../lib/wiki/skipped-files.ts';

const MARKDOWN = /\.(md|markdown)$/i;
const MDX = /\.mdx$/i;
/** Repository meta files at the content root are not wiki documents. */
const REPO_META = /^(readme|source|license|changelog|contributing)\.md$/i;
/** GitHub wiki's page chrome (sidebar, header, footer): shown around every page there, never a page of its own. */
const WIKI_CHROME = /^_(sidebar|header|footer)\.(md|markdown)$/i;
/** Folders never read: a repository's own, and the dialects' settings folders. */
export const IGNORED_DIRS: ReadonlySet<string> = new Set(['node_modules', '.git', '.github', ...folderConventions('ignoredDirs').flat()]);
/** Hidden folders at the root that hold a tool's pictures and files (the dialects'): read for attachments only, never for documents. */
export const ASSET_DIRS: ReadonlySet<string> = new Set(folderConventions('assetDirs').flat());
/** Tables of contents at the root (the dialects'), in the order they are preferred: the site builds its own sidebar. */
const TABLES_OF_CONTENTS = folderConventions('tableOfContents');
const isTableOfContents = (name: string) => TABLES_OF_CONTENTS.some((t) => t.file.test(name));
/** Files at the root that make it a book besides a table of contents (the dialects'). */
const BOOK_MARKERS: ReadonlySet<string> = new Set(folderConventions('bookMarkers').flat());
/** Files in any folder that give its pages' order (the dialects'), by name. */
const ORDER_FILES = new Map(folderConventions('orderFile').map((o) => [o.name, o.order]));

/** The content root: the `--content` flag, the config's `content`, `WIKI_CONTENT_DIR`, else `./content` (`site-config.ts`). */
export { contentRoot } from './site-config.ts';

/**
 * The Markdown files under `root` (content paths with `/` separators, sorted), the files that look like documents
 * but are not read: `.mdx` files, symbolic links (never followed: a link could lead out of the folder) and the
 * repository's README.md and the like at the root (a book's README.md, beside its table of contents or another of the
 * dialects' book markers, is its first page and is read; the table of contents is not), GitHub wiki's `_Sidebar.md`,
 * `_Header.md` and `_Footer.md`; and the other plain files (`attachments`: pictures, downloads, also those in the
 * dialects' asset folders), hidden ones and symbolic links left out, which embeds name and the site copies when a page
 * links to them; and the dialects' order files (`orderFiles`), which give each folder's page order.
 */
export function scanContent(root: string): {
  paths: string[];
  skipped: SkippedFile[];
  attachments: string[];
  orderFiles: string[];
  dialects: string[];
} {
  const paths: string[] = [];
  const skipped: SkippedFile[] = [];
  const attachments: string[] = [];
  const orderFiles: string[] = [];
  const realRoot = realpathSync(root);
  const rootEntries = readdirSync(root, { withFileTypes: true });
  // A note tool's folder at the root (its settings) makes the content root that tool's: its files are read its way too.
  const marks = rootMarks().filter(
    (mark) =>
      rootEntries.some((entry) => entry.name === mark.dir && entry.isDirectory()) && (mark.file === undefined || isFileAt(join(root, mark.dir, mark.file))),
  );
  const settings = new Set(marks.flatMap((mark) => (mark.settings ? [mark.dir] : [])));
  // A book keeps its table of contents at the root, and its README.md is the first page.
  const book = rootEntries.some((entry) => isTableOfContents(entry.name) || BOOK_MARKERS.has(entry.name));
  const walk = (dir: string, assetsOnly: boolean) => {
    for (const entry of dir === root ? rootEntries : readdirSync(dir, { withFileTypes: true })) {
      const hidden = entry.name.startsWith('.');
      if (hidden && entry.isDirectory() && !(dir === root && ASSET_DIRS.has(entry.name))) continue;
      const full = join(dir, entry.name);
      const path = relative(root, full).split(sep).join('/');
      if (entry.isDirectory() && dir === root && settings.has(entry.name)) continue;
      if (entry.isDirectory() && !IGNORED_DIRS.has(entry.name)) walk(full, assetsOnly || hidden);
      else if (!MARKDOWN.test(entry.name) && !MDX.test(entry.name)) {
        if (entry.isFile() && !hidden) attachments.push(path);
        else if (entry.isFile() && ORDER_FILES.has(entry.name) && !assetsOnly) orderFiles.push(path);
      } else if (assetsOnly) continue;
      else if (entry.isSymbolicLink()) skipped.push({ path, reason: linksInside(full, realRoot) ? 'symlink' : 'outside' });
      else if (!entry.isFile()) continue;
      else if (MDX.test(entry.name)) skipped.push({ path, reason: 'mdx' });
      else if (dir === root && book && isTableOfContents(entry.name)) skipped.push({ path, reason: 'book-summary' });
      else if (dir === root && REPO_META.test(entry.name) && !(book && /^readme\.md$/i.test(entry.name))) skipped.push({ path, reason: 'repo-meta' });
      else if (WIKI_CHROME.test(entry.name)) skipped.push({ path, reason: 'wiki-chrome' });
      else paths.push(path);
    }
  };
  walk(root, false);
  const byPath = (a: { path: string }, b: { path: string }) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
  return {
    paths: paths.sort(),
    skipped: skipped.sort(byPath),
    attachments: attachments.sort(),
    orderFiles: orderFiles.sort(),
    dialects: marks.map((mark) => mark.dialect),
  };
}

function isFileAt(path: string, stat: typeof statSync = statSync): boolean {
  try {
    return stat(path).isFile();
  } catch {
    return false;
  }
}

/** True when the link at `full` leads to a file inside `realRoot`; false when it leads out of it or to nothing. */
function linksInside(full: string, realRoot: string): boolean {
  try {
    const target = realpathSync(full);
    return statSync(target).isFile() && !relative(realRoot, target).startsWith('..');
  } catch {
    return false;
  }
}

/** Last and first commit dates of every file under `root`, from one `git log` call; empty outside Git. */
export function gitDates(root: string): Map<string, { updated: string; created: string }> {
  const dates = new Map<string, { updated: string; created: string }>();
  let top: string;
  let log: string;
  try {
    top = execFileSync('git', ['rev-parse', '--show-toplevel'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    log = execFileSync('git', ['log', '--format=@%cI', '--name-only', '--no-renames', '--', '.'], {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 1 << 28,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch {
    return dates;
  }
  let current = '';
  for (const line of log.split('\n')) {
    if (line.startsWith('@')) current = new Date(line.slice(1)).toISOString();
    else if (line.trim()) {
      const path = relative(root, join(top, line)).split(sep).join('/');
      const seen = dates.get(path);
      if (seen) seen.created = current;
      else dates.set(path, { updated: current, created: current });
    }
  }
  return dates;
}

/** Reads every Markdown file with its dates; unreadable files are reported, not thrown. */
export function collectFiles(root: string): RawFile[] {
  return collectContent(root).files;
}

/**
 * What a long-lived process (`maru dev`) keeps between collections of one folder: the Git dates (read once: a save
 * changes no commit), each file as last read with the stat it was read at, and the last scan of the folder. A file whose
 * stat is unchanged and that is not named in `changed` (the content paths the watcher reported since) is not read
 * again: its object is handed back as it was, so the steps after (the parse cache) can tell it unchanged without
 * comparing its text.
 */
export interface ContentMemo {
  dates?: Map<string, { updated: string; created: string }>;
  files: Map<string, { stamp: string; file: RawFile }>;
  changed: Set<string>;
  /** The last scan (`scanContent`) and the reading order it gave; kept while the reports name only files it listed. */
  scan?: ReturnType<typeof scanContent> & { toc: Map<string, number> };
  /** What the builds of the files derived (`buildWiki`'s memo), the first collection's included. */
  wiki?: WikiMemo;
}

/**
 * `collectFiles`, the files left unread and the folder's other files (`scanContent`). With `memo`, the files the watcher
 * reported are read again, and the others are looked at as `sweep` says. With `sweep` (and with no report: the dev
 * server's first save), the folder is scanned and every file's stat compared with the one it was read at, which finds
 * what the watcher missed. Without, the reports are trusted: when they name only Markdown files the last scan listed
 * and that are still files (a save, not an added, deleted or renamed file, nor a folder, picture or order file), the
 * folder is not scanned and no other file looked at; otherwise it is scanned, and a file it listed before is stat'ed
 * only if the reading order or the folder's kind changed.
 */
export function collectContent(root: string, memo?: ContentMemo, sweep = true): { files: RawFile[]; skipped: SkippedFile[]; attachments: string[] } {
  const dates = memo ? (memo.dates ??= gitDates(root)) : gitDates(root);
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const trusted = memo?.scan !== undefined && memo.changed.size > 0 && !sweep;
  const changed = memo?.changed ?? new Set<string>();
  /** The last scan, when the reports name only saves of files it listed. */
  const saved = trusted && [...changed].every((path) => memo?.files.has(path) && isFileAt(join(root, path), lstatSync)) ? memo?.scan : undefined;
  const scan = saved ?? scanContent(root);
  const { paths, skipped, attachments, orderFiles, dialects } = scan;
  const toc = saved ? saved.toc : tableOfContents(root, skipped, orderFiles, new Set(paths));
  const read = (path: string, full: string, mtime: string): RawFile => {
    const d = dates.get(path);
    const place = toc.get(path);
    const base = {
      path,
      mtime,
      ...(d ? { gitUpdatedAt: d.updated, gitCreatedAt: d.created } : {}),
      ...(place ? { tocOrder: place } : {}),
      ...(dialects.length ? { dialects } : {}),
    };
    try {
      return { ...base, text: decoder.decode(readFileSync(full)) };
    } catch (error) {
      const err = error as NodeJS.ErrnoException;
      return { ...base, readError: err.code === 'ERR_ENCODING_INVALID_ENCODED_DATA' ? 'UTF-8이 아닙니다' : (err.code ?? err.message) };
    }
  };
  if (!memo) return { files: paths.map((path) => read(path, join(root, path), safeMtime(join(root, path)))), skipped, attachments };
  /** The file at `path` as it is now: read again unless its stat is the one it was read at and no report named it. */
  const current = (path: string, entry = memo.files.get(path)) => {
    const full = join(root, path);
    const stat = safeStat(full);
    const mtime = (stat?.mtime ?? new Date(0)).toISOString();
    // What a file's object holds besides its text: a reading order or a folder's kind can change without the file.
    const stamp = JSON.stringify([stat?.mtimeMs, stat?.ctimeMs, stat?.size, stat?.ino, toc.get(path), dialects]);
    return entry && entry.stamp === stamp && !memo.changed.has(path) ? entry : { stamp, file: read(path, full, mtime) };
  };
  let files: RawFile[];
  if (saved) {
    for (const path of memo.changed) memo.files.set(path, current(path));
    files = paths.map((path) => memo.files.get(path)!.file);
  } else {
    const kept = new Map<string, { stamp: string; file: RawFile }>();
    const before = memo.scan;
    const unmoved = trusted && before !== undefined && sameJson(before.dialects, dialects) && sameJson([...before.toc], [...toc]);
    files = paths.map((path) => {
      const known = unmoved ? memo.files.get(path) : undefined;
      const entry = known && !memo.changed.has(path) ? known : current(path);
      kept.set(path, entry);
      return entry.file;
    });
    memo.files = kept;
    memo.scan = { ...scan, toc };
  }
  memo.changed.clear();
  return { files, skipped, attachments };
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function safeStat(path: string): import('node:fs').Stats | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}

/**
 * The reading order another tool wrote down: a book's table of contents (skipped as a page; the first kind the
 * dialects prefer), else the order file in each folder; nothing when there is neither or it cannot be read.
 */
function tableOfContents(root: string, skipped: readonly SkippedFile[], orderFiles: readonly string[], pages: ReadonlySet<string>): Map<string, number> {
  const books = skipped.filter((s) => s.reason === 'book-summary');
  for (const toc of TABLES_OF_CONTENTS) {
    const summary = books.find((s) => toc.file.test(s.path));
    if (summary) return toc.order(readOrEmpty(join(root, summary.path)), (path) => pages.has(path));
  }
  const order = new Map<string, number>();
  for (const file of orderFiles)
    for (const [path, place] of ORDER_FILES.get(file.split('/').pop()!)!(file, readOrEmpty(join(root, file)))) order.set(path, place);
  return order;
}

function readOrEmpty(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

function safeMtime(path: string): string {
  try {
    return statSync(path).mtime.toISOString();
  } catch {
    return new Date(0).toISOString();
  }
}

/** The current commit and its time, or nulls outside Git. */
export function gitHead(cwd: string): { commit: string | null; time: string | null } {
  try {
    const [commit, time] = execFileSync('git', ['log', '-1', '--format=%H %cI'], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
      .trim()
      .split(' ');
    return { commit: commit || null, time: time ? new Date(time).toISOString() : null };
  } catch {
    return { commit: null, time: null };
  }
}

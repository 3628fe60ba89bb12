import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import type { RawFile } from '../lib/wiki/document.ts';

const MARKDOWN = /\.(md|markdown)$/i;
/** Repository meta files at the content root are not wiki documents. */
const REPO_META = /^(readme|source|license|changelog|contributing)\.md$/i;
const IGNORED_DIRS = new Set(['node_modules', '.git', '.github', '.obsidian']);

/** Resolves the content root from `WIKI_CONTENT_DIR` (default `./content`). */
export function contentRoot(cwd = process.cwd()): string {
  return resolve(cwd, process.env.WIKI_CONTENT_DIR || 'content');
}

/** Lists Markdown files under `root`, as content paths with `/` separators, sorted. */
export function listMarkdownFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.') && entry.isDirectory()) continue;
      const full = join(dir, entry.name);
      if (entry.isDirectory() && !IGNORED_DIRS.has(entry.name)) walk(full);
      else if (entry.isFile() && MARKDOWN.test(entry.name) && !(dir === root && REPO_META.test(entry.name)))
        out.push(relative(root, full).split(sep).join('/'));
    }
  };
  walk(root);
  return out.sort();
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
  const dates = gitDates(root);
  const decoder = new TextDecoder('utf-8', { fatal: true });
  return listMarkdownFiles(root).map((path) => {
    const full = join(root, path);
    const d = dates.get(path);
    const base = { path, mtime: safeMtime(full), ...(d ? { gitUpdatedAt: d.updated, gitCreatedAt: d.created } : {}) };
    try {
      return { ...base, text: decoder.decode(readFileSync(full)) };
    } catch (error) {
      const err = error as NodeJS.ErrnoException;
      return { ...base, readError: err.code === 'ERR_ENCODING_INVALID_ENCODED_DATA' ? 'UTF-8이 아닙니다' : (err.code ?? err.message) };
    }
  });
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

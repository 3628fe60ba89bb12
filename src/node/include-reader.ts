import { readFileSync, realpathSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { IncludedFile, ReadIncluded } from '../lib/markdown/includes.ts';
import type { RawFile } from '../lib/wiki/document.ts';
import { withIncludes, withoutPartials } from '../lib/wiki/include-files.ts';
import { ASSET_DIRS, IGNORED_DIRS } from './collect.ts';
import type { SkippedFile } from '../lib/wiki/skipped-files.ts';

/** An included file larger than this is not pasted into a page. */
export const MAX_INCLUDED_FILE = 512 * 1024;

/**
 * Reads the files include lines name, inside `root` only: no symbolic link on the way (the scan never follows one
 * either), nothing hidden but the dialects' shared folders (a `.env` must not reach a page), nothing in
 * `node_modules` or `.git`, only UTF-8 text up to `MAX_INCLUDED_FILE` bytes. Each file is read once per reader.
 */
export function includeReader(root: string): ReadIncluded {
  const realRoot = realpathSync(root);
  const seen = new Map<string, IncludedFile>();
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const readOne = (path: string): IncludedFile => {
    const parts = path.split('/');
    // The scan's rules: hidden folders but the dialects' shared ones (`assetDirs`) are no content.
    if (parts.some((p, i) => IGNORED_DIRS.has(p) || (p.startsWith('.') && !(i === 0 && ASSET_DIRS.has(p)))))
      return { refused: '숨은 폴더나 파일, node_modules 안의 파일은 싣지 않습니다' };
    const full = join(realRoot, ...parts);
    let real: string;
    try {
      real = realpathSync(full);
    } catch {
      return { missing: true };
    }
    if (real !== full || relative(realRoot, real).split(sep)[0] === '..') return { refused: '심볼릭 링크는 따라가지 않습니다' };
    try {
      const stat = statSync(real);
      if (!stat.isFile()) return { missing: true };
      if (stat.size > MAX_INCLUDED_FILE) return { refused: `파일이 ${MAX_INCLUDED_FILE / 1024} KiB보다 큽니다` };
      return { text: decoder.decode(readFileSync(real)) };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      return { refused: code === 'ERR_ENCODING_INVALID_ENCODED_DATA' ? 'UTF-8 글자 파일이 아닙니다' : `읽을 수 없습니다 (${code ?? 'unknown'})` };
    }
  };
  return (path) => {
    let got = seen.get(path);
    if (!got) seen.set(path, (got = readOne(path)));
    return got;
  };
}

/**
 * The collected files with their include lines expanded from the folder under `root` (`withIncludes`), and the partials
 * they paste in (`_name.md`) moved from the files to the skipped ones (`withoutPartials`).
 */
export function withIncludedFiles<T extends { files: RawFile[]; skipped?: SkippedFile[] }>(collected: T, root: string): T {
  const expanded = withIncludes(collected.files, includeReader(root));
  if (!collected.skipped) return { ...collected, files: expanded };
  return { ...collected, ...withoutPartials(expanded, collected.skipped) };
}

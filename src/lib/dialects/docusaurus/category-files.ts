import { parse as parseYaml } from 'yaml';
import type { Problem } from '../../wiki/problems.ts';
import { toContentPath } from '../../wiki/slug.ts';
import type { FolderFile, FolderLabel } from '../types.ts';

/** A category file of any folder: `<folder>/_category_.json` (or `.yml`, `.yaml`); one at the content root names nothing. */
export const CATEGORY_FILE = /^(.+)\/_category_\.(json|ya?ml)$/;

/** Longer than any real category file; a larger one is not parsed (content is untrusted). */
export const MAX_CATEGORY_FILE = 64 * 1024;

/**
 * What Docusaurus's category files say of their folders: the name the sidebar shows (`label`), the text of the
 * folder's generated index page (`link.description`), its place among its siblings (`position`) and whether its group
 * starts closed (`collapsed`), keyed by folder path, in the order of the files' paths (`_category_.json` beside
 * `_category_.yml`: the first wins). A file that does not parse, or whose fields are of another type, is a warning
 * naming it and is left out; other keys (`className`, `customProps`) are ignored.
 */
export function categoryFiles(files: readonly FolderFile[]): { folders: Map<string, FolderLabel>; problems: Problem[] } {
  const folders = new Map<string, FolderLabel>();
  const problems: Problem[] = [];
  for (const file of [...files].sort((a, b) => (a.path < b.path ? -1 : 1))) {
    const path = toContentPath(file.path);
    const folder = CATEGORY_FILE.exec(path)?.[1];
    if (folder === undefined || folders.has(folder)) continue;
    const warn = (message: string, hint: string) => problems.push({ path, line: 1, field: 'category-file', message, hint, severity: 'warning' });
    if (file.refused !== undefined) {
      warn(`읽지 않았습니다: ${file.refused}`, `콘텐츠 폴더 안에 UTF-8 글자로 된 ${MAX_CATEGORY_FILE / 1024} KiB 이하의 보통 파일로 두세요`);
      continue;
    }
    if (file.text.length > MAX_CATEGORY_FILE) {
      warn(`${MAX_CATEGORY_FILE / 1024} KiB보다 커서 읽지 않았습니다`, '`label`과 `link.description`만 남기세요');
      continue;
    }
    let data: unknown;
    try {
      data = /\.json$/.test(path) ? JSON.parse(file.text) : parseYaml(file.text, { maxAliasCount: 0 });
    } catch (error) {
      warn(`읽을 수 없습니다: ${(error as Error).message.split('\n')[0]}`, '올바른 JSON(또는 YAML)으로 고치세요');
      continue;
    }
    if (typeof data !== 'object' || data === null || Array.isArray(data)) {
      warn('객체가 아닙니다', '`{ "label": "이름" }`처럼 쓰세요');
      continue;
    }
    const record = data as Record<string, unknown>;
    const link = typeof record['link'] === 'object' && record['link'] !== null ? (record['link'] as Record<string, unknown>) : {};
    const title = text(record['label']);
    const description = text(link['description']);
    const position = record['position'];
    const order = typeof position === 'number' && Number.isFinite(position) ? position : undefined;
    const collapsed = typeof record['collapsed'] === 'boolean' ? record['collapsed'] : undefined;
    if (record['label'] !== undefined && title === undefined) warn('`label`이 글자가 아닙니다', '`"label": "이름"`처럼 쓰세요');
    if (position !== undefined && order === undefined) warn('`position`이 숫자가 아닙니다', '`"position": 2`처럼 쓰세요');
    if (record['collapsed'] !== undefined && collapsed === undefined) warn('`collapsed`가 true/false가 아닙니다', '`"collapsed": false`처럼 쓰세요');
    if (title !== undefined || description !== undefined || order !== undefined || collapsed !== undefined)
      folders.set(folder, {
        ...(title ? { title } : {}),
        ...(description ? { description } : {}),
        ...(order !== undefined ? { order } : {}),
        ...(collapsed !== undefined ? { collapsed } : {}),
      });
  }
  return { folders, problems };
}

/** A non-empty string, trimmed and on one line, or undefined. */
function text(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const one = value.replace(/\s+/g, ' ').trim();
  return one ? one.slice(0, 300) : undefined;
}

import { parse as parseYaml } from 'yaml';
import { defaultProject } from './document.ts';
import type { Problem } from './problems.ts';
import { toContentPath } from './slug.ts';

/** A Docusaurus category file as read from the content folder: `<folder>/_category_.json` (or `.yml`). */
export interface FolderLabelFile {
  path: string;
  text: string;
  /** Why the file was not read (the reader's refusal: too large, not UTF-8, a link); `text` is then empty. */
  refused?: string;
}

/** What a project's category file says of it: the name the sidebar shows and its generated index's description. */
export interface ProjectLabel {
  title?: string;
  description?: string;
  /** `position`: where the project comes among the others. */
  order?: number;
}

/** A category file of a project's folder (a top-level folder of the content root). */
export const PROJECT_CATEGORY_FILE = /^[^/]+\/_category_\.(json|ya?ml)$/;

/** Longer than any real category file; a larger one is not parsed (content is untrusted). */
export const MAX_CATEGORY_FILE = 64 * 1024;

/**
 * The projects' labels from Docusaurus's category files: a top-level folder's `_category_.json` names the project
 * (`label`), describes it (`link.description`, the text of its generated index page) and places it among the others
 * (`position`), as Docusaurus's sidebar and index page do. A file that does not parse, or whose fields are of another
 * type, is a warning naming it and is left out; other keys (`collapsed`, `className`) are ignored.
 */
export function projectLabels(files: readonly FolderLabelFile[]): { labels: Map<string, ProjectLabel>; problems: Problem[] } {
  const labels = new Map<string, ProjectLabel>();
  const problems: Problem[] = [];
  for (const file of [...files].sort((a, b) => (a.path < b.path ? -1 : 1))) {
    const path = toContentPath(file.path);
    if (!PROJECT_CATEGORY_FILE.test(path)) continue;
    const project = defaultProject(path);
    if (labels.has(project)) continue; // `_category_.json` beside `_category_.yml`: the first, as sorted, wins
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
    if (record['label'] !== undefined && title === undefined) warn('`label`이 글자가 아닙니다', '`"label": "이름"`처럼 쓰세요');
    if (position !== undefined && order === undefined) warn('`position`이 숫자가 아닙니다', '`"position": 2`처럼 쓰세요');
    if (title !== undefined || description !== undefined || order !== undefined)
      labels.set(project, { ...(title ? { title } : {}), ...(description ? { description } : {}), ...(order !== undefined ? { order } : {}) });
  }
  return { labels, problems };
}

/** A non-empty string, trimmed and on one line, or undefined. */
function text(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const one = value.replace(/\s+/g, ' ').trim();
  return one ? one.slice(0, 300) : undefined;
}

import type { Root } from 'mdast';
import type * as z from 'zod';
import { dateValue, DEFAULT_CATEGORY, DEFAULT_PROJECT, FrontmatterSchema, lenientFrontmatter, normalizeTag } from './frontmatter.ts';
import { splitFrontmatter } from './frontmatter-parse.ts';
import { sliceGraphemes } from '../markdown/graphemes.ts';
import {
  findDeepNesting,
  findDenseParagraph,
  findManyHeadings,
  findLongDelimiterRun,
  MAX_BRACKET_DEPTH,
  MAX_DELIMITER_RUN,
  MAX_NESTING,
  MAX_PARAGRAPH_BRACKETS,
  MAX_HEADINGS,
  MAX_PARAGRAPH_DELIMITERS,
  type DenseParagraph,
} from '../markdown/nesting.ts';
import { certainFenceMask } from '../markdown/certain-fences.ts';
import { MAX_FORMULAS, parseMarkdown, type ParsedMarkdown } from '../markdown/parse.ts';
import { describeValue, type Problem } from './problems.ts';
import type { IncludedText } from './include-files.ts';
import type { IncludedSpan } from '../markdown/includes.ts';
import { bareName, dialectDates, dialectDraft, dialectOrder, dialectPage, takesTextTags } from '../dialects/registry.ts';
import { toContentPath, toSlug, type ContentPath, type Slug } from './slug.ts';

/** A file as collected from disk: its text (or why it could not be read) and its dates. */
export interface RawFile {
  path: string;
  text?: string;
  /** Why the file could not be read (permissions, encoding). */
  readError?: string;
  /** ISO date of the last Git commit that touched the file. */
  gitUpdatedAt?: string;
  /** ISO date of the first Git commit that added the file. */
  gitCreatedAt?: string;
  /** ISO date of the file's modification time. */
  mtime: string;
  /** Place in a book's table of contents (its SUMMARY.md), the reading order when frontmatter gives none. */
  tocOrder?: number;
  /** The dialects whose root mark the content root carries (a note tool's settings folder): the file is read their way too. */
  dialects?: readonly string[];
  /** Set when `text` has other files pasted in for its include lines (`withIncludes`): where, and the lines left as written. */
  included?: IncludedText;
  /** Frontmatter the file gives another way (a marked folder's page properties: `title::`, `tags::`, `alias::`); its own frontmatter wins. */
  properties?: Record<string, unknown>;
}

/** A parsed, validated document before links are resolved. */
export interface SourceDocument {
  id: Slug;
  sourcePath: ContentPath;
  title: string;
  project: string;
  category: string;
  tags: string[];
  aliases: string[];
  related: string[];
  summary: string;
  /** `derived` when the summary was cut from the body's first paragraph (the page then hides its lead). */
  summarySource: 'frontmatter' | 'derived';
  /** Where the category came from: frontmatter, a folder named like a configured category, or the default. */
  categorySource: 'frontmatter' | 'folder' | 'default';
  /** Reading order in its folder: frontmatter `order`, else a dialect's position field (`dialectOrder`), else the place in a book's table of contents. */
  order?: number;
  status: 'draft' | 'published' | 'deprecated';
  owner?: string;
  prompt: boolean;
  glossary: boolean;
  createdAt: string;
  updatedAt: string;
  /** Frontmatter keys Maru does not know, kept as written. */
  extra: Record<string, unknown>;
  body: string;
  /** Line in the file where the body starts. */
  bodyLine: number;
  markdown: ParsedMarkdown;
  /** Line of each frontmatter key in the file, for later error reports. */
  fieldLines: Record<string, number>;
  /** Where `body` has other files pasted in for include lines: lines of it are reported at their include line (`lineAsWritten`). */
  includedSpans?: IncludedSpan[];
  /** Markdown a dialect draws from the frontmatter (a home page's hero and features), at the end of `body`: the site renders it after the file's text. */
  drawnMarkdown?: string;
}

const KNOWN_KEYS = new Set(Object.keys(FrontmatterSchema.shape));

const REQUIREMENTS: Record<string, [string, string]> = {
  id: ['올바른 id가 아닙니다', 'id는 소문자, 숫자, 한글, "-", "/"만 써서 적으세요 (예: search-tokenizer)'],
  title: ['비어 있지 않은 문자열이어야 합니다', 'title: 문서 제목 처럼 쓰세요'],
  project: ['올바른 project 이름이 아닙니다', '공백 없이 글자, 숫자, "-"만 쓰세요 (예: search)'],
  category: ['문자열이어야 합니다', 'category: concept 처럼 쓰세요'],
  tags: ['문자열 목록이어야 합니다', 'YAML 목록으로 쓰세요: tags: [검색, 한국어]'],
  aliases: ['문자열 목록이어야 합니다', 'YAML 목록으로 쓰세요: aliases: [별칭1, 별칭2]'],
  related: ['문서 id 목록이어야 합니다', 'YAML 목록으로 쓰세요: related: [other-id]'],
  summary: ['문자열이어야 합니다', '한 문장으로 쓰세요'],
  owner: ['문자열이어야 합니다', '담당자나 팀 이름을 쓰세요'],
  status: ['draft, published, deprecated 중 하나여야 합니다', '게시하지 않을 문서는 status: draft 로 쓰세요'],
  updated_at: ['올바른 날짜가 아닙니다', 'YYYY-MM-DD 형식의 실제 날짜로 쓰세요 (예: updated_at: 2026-11-30)'],
  created_at: ['올바른 날짜가 아닙니다', 'YYYY-MM-DD 형식의 실제 날짜로 쓰세요 (예: created_at: 2026-11-30)'],
  prompt: ['true 또는 false여야 합니다', 'prompt: true 처럼 쓰세요'],
  glossary: ['true 또는 false여야 합니다', 'glossary: true 처럼 쓰세요'],
  order: ['숫자여야 합니다', 'order: 1 처럼 쓰세요 (작을수록 앞)'],
};

/**
 * Receives a file's Markdown body as parsed: content path, the body, its first line in the file, and the tree before any
 * plugin ran (copy what you keep: the plugins change it in place next).
 */
export type KeepSyntaxTree = (path: string, parsed: { body: string; bodyLine: number; tree: Root }) => void;

/**
 * Parses and validates one collected file; every problem found is returned, none thrown. `keepSyntaxTree` gets the
 * body's syntax tree for the site's renderer (see `parseMarkdown`).
 */
export function toSourceDocument(raw: RawFile, categories: readonly string[], keepSyntaxTree?: KeepSyntaxTree): { doc?: SourceDocument; problems: Problem[] } {
  const path = toContentPath(raw.path);
  if (raw.text === undefined) {
    return {
      problems: [
        {
          path,
          line: 1,
          field: 'file',
          message: `파일을 읽을 수 없습니다 (${raw.readError ?? 'unknown'})`,
          hint: '파일 권한과 UTF-8 인코딩을 확인하세요',
          severity: 'error',
        },
      ],
    };
  }
  const split = splitFrontmatter(path, raw.text);
  if (!split.file) return { problems: split.problems };
  const { bodyLine, lineOf } = split.file;
  const data = lenientFrontmatter(raw.properties ? { ...raw.properties, ...split.file.data } : split.file.data);
  // After the body, so every line of the file keeps its number in problems.
  const home = dialectPage(data);
  const body = withDrawnMarkdown(split.file.body, home?.markdown);
  const problems: Problem[] = [];
  const result = FrontmatterSchema.safeParse(data);
  const fm = result.success ? result.data : FrontmatterSchema.parse(dropInvalid(data, result.error, problems, path, lineOf));
  if (fm.category !== undefined && !categories.includes(fm.category)) {
    problems.push({
      path,
      line: lineOf('category'),
      field: 'category',
      message: `${describeValue(fm.category)}은(는) 허용된 분류가 아닙니다`,
      hint: `다음 중 하나를 쓰세요: ${categories.join(', ')} (maru.config.ts의 categories에서 바꿀 수 있습니다)`,
      severity: 'error',
    });
  }
  if (fm.created_at && fm.updated_at && fm.created_at > fm.updated_at) {
    problems.push({
      path,
      line: lineOf('created_at'),
      field: 'created_at',
      message: `작성일 ${fm.created_at.slice(0, 10)}이(가) 수정일 ${fm.updated_at.slice(0, 10)}보다 늦습니다`,
      hint: 'created_at은 updated_at과 같거나 이전 날짜여야 합니다',
      severity: 'error',
    });
  }
  const unsafe = unparsableBody(path, body, bodyLine);
  if (unsafe) return { problems: [...problems, unsafe] };
  let markdown: ParsedMarkdown;
  try {
    markdown = parseMarkdown(body, keepSyntaxTree && ((tree) => keepSyntaxTree(raw.path, { body, bodyLine, tree })), fm.title);
  } catch (error) {
    // Whatever the scans above miss and still overflows the stack fails this file, not the run.
    if (!(error instanceof RangeError)) throw error;
    return { problems: [...problems, unparsable(path, bodyLine, error)] };
  }
  if (markdown.tooManyFormulas)
    return { problems: [...problems, tooManyFormulas(path, bodyLine + markdown.tooManyFormulas.line - 1, markdown.tooManyFormulas.count)] };
  for (const { line, reason } of markdown.formulasOverBudget ?? []) {
    problems.push({
      path,
      line: bodyLine + line - 1,
      field: 'math',
      message: `수식이 그리기 예산을 넘어 TeX 원문 그대로 보입니다: ${reason}`,
      hint: '수식을 여러 개로 나누거나, 글자를 불리는 \\def·\\newcommand 매크로를 줄이세요',
      severity: 'warning',
    });
  }
  const foreign = foreignDates(data, path, lineOf, problems);
  // A migrated page's own dates beat Git's, whose first commit is the migration; Git's last commit beats the date the
  // page was first written, since the page may have been edited since.
  const updatedAt = fm.updated_at ?? foreign.modified ?? raw.gitUpdatedAt ?? foreign.written ?? raw.mtime;
  const category = categoryOf(fm.category, path, categories);
  const summary = fm.summary ?? (typeof data.description === 'string' ? data.description : undefined) ?? home?.summary;
  const order = fm.order ?? dialectOrder(data) ?? raw.tocOrder;
  const fieldLines: Record<string, number> = {};
  for (const key of Object.keys(data)) fieldLines[key] = lineOf(key);
  const doc: SourceDocument = {
    id: (fm.id as Slug | undefined) ?? toSlug(path),
    sourcePath: path,
    title: fm.title ?? markdown.h1 ?? home?.title ?? fileTitle(path),
    project: fm.project ?? defaultProject(path),
    category: category.value,
    categorySource: category.source,
    tags: unique([...(fm.tags ?? []), ...(takesTextTags(raw) ? (markdown.inlineTags ?? []) : [])].map(normalizeTag).filter(Boolean)),
    aliases: unique(fm.aliases ?? []),
    related: unique(fm.related ?? []),
    summary: summary ?? leadSummary(markdown),
    summarySource: summary === undefined ? 'derived' : 'frontmatter',
    ...(order !== undefined ? { order } : {}),
    // A migrated draft (the dialects' `draft: true`, `published: false`) must not go public.
    status: fm.status ?? (dialectDraft(data) ? 'draft' : 'published'),
    ...(fm.owner ? { owner: fm.owner } : {}),
    prompt: fm.prompt ?? false,
    glossary: fm.glossary ?? false,
    createdAt: fm.created_at ?? foreign.written ?? raw.gitCreatedAt ?? (raw.gitUpdatedAt ? raw.gitUpdatedAt : updatedAt),
    updatedAt,
    extra: Object.fromEntries(
      Object.entries(data)
        .filter(([k]) => !KNOWN_KEYS.has(k))
        .map(([k, v]) => [k, jsonSafe(v)]),
    ),
    body,
    bodyLine,
    markdown,
    fieldLines,
    ...(raw.included?.spans.length ? { includedSpans: raw.included.spans } : {}),
    ...(home?.markdown ? { drawnMarkdown: home.markdown } : {}),
  };
  if (doc.createdAt > doc.updatedAt) doc.createdAt = doc.updatedAt;
  return { doc, problems: problems.sort((a, b) => a.line - b.line) };
}

/**
 * The dates the dialects' frontmatter gives (`dialectDates`), for the documents other tools bring along. Maru's own
 * `created_at` and `updated_at` win over them; one that is no date is a warning, and Git's date is used.
 */
function foreignDates(
  data: Record<string, unknown>,
  path: ContentPath,
  lineOf: (key: string) => number,
  problems: Problem[],
): { written?: string; modified?: string } {
  return dialectDates(data, path, (field, value, use) => {
    if (value === undefined || value === null) return undefined;
    const date = dateValue(value);
    if (date === undefined)
      problems.push({
        path,
        line: lineOf(field),
        field,
        message: `${describeValue(value)}은(는) 날짜로 읽을 수 없어 ${use}로 쓰지 않았습니다`,
        hint: `YYYY-MM-DD 형식으로 고치거나 ${use === '작성일' ? 'created_at' : 'updated_at'}을 쓰세요`,
        severity: 'warning',
      });
    return date;
  });
}

/**
 * Why the parser must not be given this body (nesting, delimiter runs or paragraphs that would take it minutes), found
 * in linear time; lines are counted from `bodyLine`. Anything that parses the body calls this first.
 */
export function unparsableBody(path: ContentPath, body: string, bodyLine: number): Problem | undefined {
  const deep = findDeepNesting(body);
  if (deep) return tooDeep(path, bodyLine + deep.line - 1, deep.depth);
  // The three guards below skip the same fenced code: found once.
  const fenced = certainFenceMask(body);
  const run = findLongDelimiterRun(body, undefined, fenced);
  if (run) return longRun(path, bodyLine + run.line - 1, run.char, run.length);
  const dense = findDenseParagraph(body, undefined, fenced);
  if (dense) return denseParagraph(path, bodyLine + dense.line - 1, dense);
  const headings = findManyHeadings(body, undefined, fenced);
  if (headings) return tooManyHeadings(path, bodyLine + headings.line - 1, headings.count);
  return undefined;
}

function tooManyFormulas(path: ContentPath, line: number, count: number): Problem {
  return {
    path,
    line,
    field: 'content',
    message: `수식($…$)이 ${count}개 있습니다 (한 문서에 최대 ${MAX_FORMULAS}개: 더 많으면 페이지를 그리는 데 몇 초씩 걸립니다)`,
    hint: '문서를 여러 개로 나누거나, 수식이 아닌 달러 기호는 \\$로 쓰세요',
    severity: 'error',
  };
}

function tooManyHeadings(path: ContentPath, line: number, count: number): Problem {
  return {
    path,
    line,
    field: 'content',
    message: `제목(#)이 ${count}개 있습니다 (한 문서에 최대 ${MAX_HEADINGS}개: 더 많으면 문서 해석이 멈춘 것처럼 느려집니다)`,
    hint: '문서를 여러 개로 나누세요',
    severity: 'error',
  };
}

function tooDeep(path: ContentPath, line: number, depth: number): Problem {
  return {
    path,
    line,
    field: 'content',
    message: `인용(>), 목록, 각주 정의가 ${depth}단계로 중첩되어 있습니다 (최대 ${MAX_NESTING}단계)`,
    hint: `중첩을 ${MAX_NESTING}단계 이하로 줄이세요`,
    severity: 'error',
  };
}

function longRun(path: ContentPath, line: number, char: string, length: number): Problem {
  return {
    path,
    line,
    field: 'content',
    message: `${char} 문자가 ${length}개 이어져 있습니다 (최대 ${MAX_DELIMITER_RUN}개: 더 길면 Markdown 해석이 멈춘 것처럼 느려집니다)`,
    hint: '코드 블록(```)에 넣거나 줄이세요',
    severity: 'error',
  };
}

function denseParagraph(path: ContentPath, line: number, dense: DenseParagraph): Problem {
  if (dense.kind === 'brackets')
    return {
      path,
      line,
      field: 'content',
      message: `한 문단 안에서 링크·이미지의 [ 괄호가 ${dense.count}단계로 중첩되어 있습니다 (최대 ${MAX_BRACKET_DEPTH}단계: 더 깊으면 Markdown 해석이 멈춘 것처럼 느려집니다)`,
      hint: '중첩을 줄이거나, 글자로 쓴 괄호는 \\[ 처럼 이스케이프하세요',
      severity: 'error',
    };
  if (dense.kind === 'bracketCount')
    return {
      path,
      line,
      field: 'content',
      message: `한 문단에 [ ] 괄호가 ${dense.count}개 있습니다 (최대 ${MAX_PARAGRAPH_BRACKETS}개: 더 많으면 Markdown 해석이 멈춘 것처럼 느려집니다)`,
      hint: '빈 줄로 문단을 나누거나, 코드는 코드 블록(```)에 넣고, 글자로 쓴 괄호는 \\[ 처럼 이스케이프하세요',
      severity: 'error',
    };
  return {
    path,
    line,
    field: 'content',
    message: `한 문단에 강조·취소선 기호(*, _, ~)가 ${dense.count}묶음 있습니다 (최대 ${MAX_PARAGRAPH_DELIMITERS}묶음: 더 많으면 Markdown 해석이 멈춘 것처럼 느려집니다)`,
    hint: '빈 줄로 문단을 나누거나, 글자로 쓴 기호는 \\* 처럼 이스케이프하세요',
    severity: 'error',
  };
}

function unparsable(path: ContentPath, line: number, error: RangeError): Problem {
  return {
    path,
    line,
    field: 'content',
    message: `Markdown 본문을 읽을 수 없습니다 (${error.message})`,
    hint: '너무 깊이 중첩된 인용, 목록, 각주나 강조를 줄이세요',
    severity: 'error',
  };
}

/** Reports each invalid field and returns the data without those fields, so one bad field hides nothing else. */
function dropInvalid(
  data: Record<string, unknown>,
  error: z.ZodError,
  problems: Problem[],
  path: ContentPath,
  lineOf: (f: string) => number,
): Record<string, unknown> {
  const copy = { ...data };
  const seen = new Set<string>();
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'frontmatter');
    if (seen.has(field)) continue;
    seen.add(field);
    delete copy[field];
    const [requirement, hint] = REQUIREMENTS[field] ?? ['올바르지 않습니다', issue.message];
    problems.push({ path, line: lineOf(field), field, message: `${describeValue(data[field])}은(는) ${requirement}`, hint, severity: 'error' });
  }
  return copy;
}

/** First folder under the content root, else the default project. */
export function defaultProject(path: string): string {
  const parts = toContentPath(path).split('/');
  // Without what a tool adds to folder names (an export's page id): the project is the name.
  return parts.length > 1 ? toSlug(bareName(parts[0]!)) : DEFAULT_PROJECT;
}

function fileTitle(path: string): string {
  // macOS writes Hangul file names decomposed (NFD); a title must compare and search like typed text.
  const file = toContentPath(path).normalize('NFC').split('/').pop()!;
  // Without what a tool adds to file names (an export's `제목 0123…cdef.md`): the title is the name.
  const name = bareName(file).replace(/\.(md|mdx|markdown)$/i, '');
  return wordsOfFileName(/^(index|readme)$/i.test(name) ? (toContentPath(path).normalize('NFC').split('/').slice(-2, -1)[0] ?? name) : name);
}

/**
 * A file name as a title: GitHub wikis save the page "Release Process" as `Release-Process.md` and show its title with
 * spaces, so a hyphen between two letters of a name without spaces reads as one (`배포-절차` → `배포 절차`). Dates and
 * versions (`2024-01-15`, `react-18`) keep theirs.
 */
export function wordsOfFileName(name: string): string {
  return name.includes(' ') ? name : name.replace(/(?<=\p{L})-(?=\p{L})/gu, ' ');
}

/**
 * The category: frontmatter, else the nearest folder whose name is a configured category (`guides/` → guide),
 * else the default, marked as such so the page can leave the badge out.
 */
export function categoryOf(
  given: string | undefined,
  path: string,
  categories: readonly string[],
): { value: string; source: SourceDocument['categorySource'] } {
  if (given !== undefined && categories.includes(given)) return { value: given, source: 'frontmatter' };
  const folders = toContentPath(path).split('/').slice(0, -1).reverse();
  for (const folder of folders) {
    const name = folder.toLowerCase();
    const match = categories.find((c) => c === name || `${c}s` === name || `${c}es` === name);
    if (match) return { value: match, source: 'folder' };
  }
  return { value: DEFAULT_CATEGORY, source: 'default' };
}

function leadSummary(md: ParsedMarkdown): string {
  const text = summaryText(md.sections[0]?.text ?? '') || summaryText(md.sections[1]?.text ?? '');
  if (text.length <= 160) return text;
  const cut = sliceGraphemes(text, 160);
  const sentence = cut.search(/[.!?。](\s|$)(?![\s\S]*[.!?。](\s|$))/);
  return sentence > 40 ? cut.slice(0, sentence + 1) : `${cut.trimEnd()}…`;
}

/**
 * A section's text as a summary reads it: the syntax other tools write in Markdown that the site renders but plain text
 * keeps (wikilinks, embeds and callout markers, MDX import lines, shortcodes, Liquid tags) becomes the words
 * a reader sees, or nothing. Summaries end up in the catalog, llms.txt and related-document cards as they are.
 */
export function summaryText(text: string): string {
  return text
    .replace(/!\[\[[^\]\n]*\]\]/g, '')
    .replace(/\[\[([^\]|#\n]*)(?:#([^\]|\n]*))?(?:\|([^\]\n]*))?\]\]/g, (_m, target: string, heading?: string, label?: string) =>
      (label ?? (target.split('/').pop() || heading || '')).trim(),
    )
    .replace(/\[![A-Za-z]+\][-+]?/g, '')
    .replace(/^(?:import|export)\s[^\n]*$/gm, '')
    .replace(/\{\{[<%][\s\S]*?[%>]\}\}|\{%[\s\S]*?%\}/g, '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .join('\n');
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values.map((v) => v.trim()).filter(Boolean))];
}

function jsonSafe(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  return JSON.parse(JSON.stringify(value ?? null)) as unknown;
}

/**
 * A text with the Markdown a dialect draws from its frontmatter (a home page's hero) after it: the body the
 * parse reads, and the file's text the site renders, so both show the same.
 */
export function withDrawnMarkdown(text: string, drawn: string | undefined): string {
  return drawn ? `${text.trimEnd()}\n\n${drawn}\n` : text;
}

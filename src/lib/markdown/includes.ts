import { mapFencedLines } from './fenced-lines.ts';

/** Which part of the named file a line pastes in: a range of lines (from 1, both ends included), a region or an anchor. */
export type IncludePart = { from?: number; to?: number } | { region: string } | { anchor: string };

/** A line that asks for another file's text in its place. */
export interface IncludeLine {
  /** Line in the Markdown given, from 1. */
  line: number;
  /** The file as written. */
  path: string;
  /** The tool whose syntax it is. */
  tool: IncludeTool;
  /** The part of the file, when the line names one. */
  part?: IncludePart;
  /** The line's indentation, given to every pasted line so a list item or indented block keeps it. */
  indent: string;
  /** True inside fenced code: the file is pasted as code, and include lines in it stay as written. */
  inCode: boolean;
}

export type IncludeTool = 'VitePress' | 'mdBook' | 'GitBook' | 'Jekyll' | 'MkDocs';

/**
 * Each tool's include line, alone on its line. mdBook's is mostly written inside a code block (the block then shows
 * the file), so it is read there too; the others only outside code, where docs about them show them as examples.
 * Anchored, with no two repeats that can take the same characters, so a long line costs one pass.
 */
const FORMS: readonly { tool: IncludeTool; pattern: RegExp; inCode: boolean }[] = [
  // <!--@include: ./parts/basics.md#region{3,10}-->
  { tool: 'VitePress', pattern: /^(\s*)<!--\s*@include:\s*([^\s{#>]+)(#[^\s{>]*)?(\{[\d,\s]*\})?\s*-->\s*$/, inCode: false },
  // {{#include ../listings/main.rs:2:10}} or {{#include file.rs:anchor}}
  { tool: 'mdBook', pattern: /^(\s*)\{\{#(?:include|rustdoc_include)\s+([^\s}:]+)(:[^\s}]*)?\s*\}\}\s*$/, inCode: true },
  { tool: 'GitBook', pattern: /^(\s*)\{%\s*include\s+["']([^"'\n]+\.md)["']\s*%\}\s*$/, inCode: false },
  { tool: 'Jekyll', pattern: /^(\s*)\{%\s*include_relative\s+([^\s%]+)\s*%\}\s*$/, inCode: false },
  // --8<-- "docs/abbreviations.md" or "file.md:3:10"
  { tool: 'MkDocs', pattern: /^(\s*)-+8<-+\s+["']([^"'\n:]+)(:[\d:]*)?["']\s*$/, inCode: false },
];
/** Longer lines are no include line anyone wrote; untrusted text must not cost more for being long. */
const MAX_LINE = 1000;

/** The include lines of a Markdown text (VitePress, mdBook, GitBook, Jekyll `include_relative`, MkDocs snippets). */
export function includeLines(markdown: string): IncludeLine[] {
  if (!/@include|\{\{#|include|8<-/.test(markdown)) return [];
  const found: IncludeLine[] = [];
  let line = 0;
  mapFencedLines(markdown, (text, code) => {
    line++;
    if (text.length > MAX_LINE) return text;
    for (const { tool, pattern, inCode } of FORMS) {
      if (code && !inCode) continue;
      const m = pattern.exec(text);
      if (m) {
        const part = partOf(tool, m[3], m[4]);
        found.push({ line, path: m[2]!, tool, ...(part ? { part } : {}), indent: m[1]!, inCode: code });
        break;
      }
    }
    return text;
  });
  return found;
}

/** The part a line names after its path: VitePress `#region{3,10}`, mdBook `:2:10`/`:anchor`, MkDocs `:3:10`. */
function partOf(tool: IncludeTool, after?: string, braces?: string): IncludePart | undefined {
  if (tool === 'VitePress') {
    const region = after && after.length > 1 ? after.slice(1) : undefined;
    if (region) return { region };
    const range = braces && /^\{\s*(\d*)\s*(?:,\s*(\d*)\s*)?\}$/.exec(braces);
    if (!range) return undefined;
    // `{3}` is line 3 alone; `{3,}` from line 3 on.
    return lineRange(range[1], braces.includes(',') ? range[2] : range[1]);
  }
  if (!after || after === ':') return undefined;
  const range = /^:(\d*)(?::(\d*))?$/.exec(after);
  // mdBook's `:2` is line 2 alone; a snippet's `:2` is from line 2 on.
  if (range) return lineRange(range[1], after.indexOf(':', 1) > 0 ? range[2] : tool === 'mdBook' ? range[1] : undefined);
  return tool === 'mdBook' ? { anchor: after.slice(1) } : undefined;
}

function lineRange(from?: string, to?: string): IncludePart | undefined {
  const part = { ...(from ? { from: Number(from) } : {}), ...(to ? { to: Number(to) } : {}) };
  return 'from' in part || 'to' in part ? part : undefined;
}

/** What reading an included file gave: its text, nothing there, or a refusal saying why (in Korean, for the warning). */
export type IncludedFile = { text: string } | { missing: true } | { refused: string };

/** Reads a file by content path; only ever asked for paths inside the content folder. */
export type ReadIncluded = (contentPath: string) => IncludedFile;

/** Lines `start`–`end` of the expanded text (from 1, both included) came from the include line at `line` of the file as written. */
export interface IncludedSpan {
  start: number;
  end: number;
  line: number;
}

/** An include line left as written, and why. */
export interface IncludeProblem {
  line: number;
  message: string;
  hint: string;
}

/** The Markdown with include lines replaced by the files they name, where they were pasted, and the lines left. */
export interface Expanded {
  text: string;
  spans: IncludedSpan[];
  problems: IncludeProblem[];
}

/** Include lines followed inside included files; deeper ones are left as written. */
export const MAX_INCLUDE_DEPTH = 8;
/** Include lines followed in one document, nested ones and those naming no file counted. */
export const MAX_INCLUDES = 200;
/** Characters pasted into one document: a few lines must not make a page of hundreds of megabytes. */
export const MAX_INCLUDED_CHARS = 1_000_000;

const MARKDOWN_FILE = /\.(md|markdown)$/i;

interface Budget {
  files: number;
  chars: number;
  /** Set once a limit is reported: the lines after it stay as written without a problem each (a file of 100,000 include lines gets one). */
  spent: boolean;
}

/**
 * Replaces the include lines of `markdown`, a body of the file at content path `from`, by the files they name, read by
 * `read`: Markdown files without their frontmatter and with their own include lines followed (not in code, at most
 * `MAX_INCLUDE_DEPTH` deep, never in a loop), any other file as it is. A line whose file is missing, outside the folder,
 * refused by `read` or over the budget stays as written, with a problem at its line. Lines are those of `markdown`.
 */
export function expandIncludes(markdown: string, from: string, read: ReadIncluded): Expanded {
  const budget = { files: 0, chars: 0, spent: false };
  const { lines, spans, problems } = expand(markdown, from, read, [from], budget);
  return spans.length ? { text: lines.join('\n'), spans, problems } : { text: markdown, spans, problems };
}

function expand(
  markdown: string,
  from: string,
  read: ReadIncluded,
  stack: readonly string[],
  budget: Budget,
): { lines: string[]; spans: IncludedSpan[]; problems: IncludeProblem[] } {
  const found = includeLines(markdown);
  const lines = markdown.split('\n');
  if (!found.length) return { lines, spans: [], problems: [] };
  const at = new Map(found.map((f) => [f.line, f]));
  const out: string[] = [];
  const spans: IncludedSpan[] = [];
  const problems: IncludeProblem[] = [];
  for (const [i, text] of lines.entries()) {
    const include = at.get(i + 1);
    const pasted = include && paste(include, from, read, stack, budget);
    if (!include || !pasted || 'message' in pasted) {
      if (pasted && 'message' in pasted) problems.push({ line: i + 1, message: pasted.message, hint: pasted.hint });
      out.push(text);
      continue;
    }
    // Problems deeper down are reported at this line: it is the one in the file being built.
    problems.push(...pasted.problems.map((p) => ({ ...p, line: i + 1 })));
    const start = out.length + 1;
    for (const line of pasted.lines) out.push(line && include.indent + line);
    spans.push({ start, end: out.length, line: i + 1 });
  }
  return { lines: out, spans, problems };
}

type Pasted = { lines: string[]; problems: IncludeProblem[] } | { message: string; hint: string };

function paste(include: IncludeLine, from: string, read: ReadIncluded, stack: readonly string[], budget: Budget): Pasted | undefined {
  if (budget.spent) return undefined;
  const named = `${include.tool} include(${include.path})`;
  // Every line counts, found or not: each costs a lookup on disk.
  if (++budget.files > MAX_INCLUDES) {
    budget.spent = true;
    return { message: `${named}부터는 펼치지 않았습니다: 한 문서의 include 줄이 ${MAX_INCLUDES}개를 넘습니다`, hint: '문서를 나누세요' };
  }
  const candidates = includeCandidates(include, from);
  if (!candidates.length) return { message: `${named}가 콘텐츠 폴더 밖을 가리켜 펼치지 않았습니다`, hint: '콘텐츠 폴더 안의 파일을 가리키게 경로를 고치세요' };
  let file: { path: string; text: string } | undefined;
  for (const path of candidates) {
    const got = read(path);
    if ('refused' in got)
      return { message: `${named}를 펼치지 않았습니다 (${got.refused})`, hint: '내용을 이 문서에 옮겨 쓰거나 콘텐츠 폴더 안의 보통 파일을 가리키세요' };
    if ('text' in got) {
      file = { path, text: got.text };
      break;
    }
  }
  if (!file) return { message: `${named}의 파일이 없습니다`, hint: '파일 경로를 고치세요 (경로는 이 문서가 있는 폴더에서 셉니다)' };
  if (stack.includes(file.path))
    return { message: `${named}가 자기 자신을 다시 포함해 펼치지 않았습니다 (${[...stack, file.path].join(' → ')})`, hint: '포함이 돌고 도는 줄을 지우세요' };
  if (stack.length > MAX_INCLUDE_DEPTH)
    return { message: `${named}는 ${MAX_INCLUDE_DEPTH}단계보다 깊이 포함되어 펼치지 않았습니다`, hint: '포함 안의 포함을 줄이세요' };
  const part = selectPart(file.text, include.part);
  if (typeof part !== 'string')
    return { message: `${named}의 ${part.missing}을(를) 찾지 못해 펼치지 않았습니다`, hint: '파일에 그 구역이 있는지, 줄 번호가 맞는지 확인하세요' };
  const markdown = MARKDOWN_FILE.test(file.path) && !include.inCode;
  const text = markdown ? withoutFrontmatter(part) : part;
  budget.chars += text.length;
  if (budget.chars > MAX_INCLUDED_CHARS) {
    budget.spent = true;
    return {
      message: `${named}부터는 펼치지 않았습니다: 한 문서에 포함한 글이 ${MAX_INCLUDED_CHARS.toLocaleString('en')}자를 넘습니다`,
      hint: '문서를 나누세요',
    };
  }
  // A trailing newline would paste an empty line the file's author never sees as one.
  const trimmed = text.replace(/\n$/, '');
  if (!markdown) return { lines: trimmed.split('\n'), problems: [] };
  const nested = expand(trimmed, file.path, read, [...stack, file.path], budget);
  return { lines: nested.lines, problems: nested.problems };
}

/**
 * The content paths an include line may mean, in the order they are tried, or none when it leads out of the folder.
 * Paths count from the including file's folder; `/` and VitePress's `@/` from the content root. MkDocs counts from the
 * project (its `base_path`, by default the folder `mkdocs.yml` is in, above the docs folder): from the content root,
 * then without a first folder (`docs/abbreviations.md` when the content folder is `docs/`), then from the file's folder.
 */
export function includeCandidates(include: Pick<IncludeLine, 'path' | 'tool'>, from: string): string[] {
  const dir = from.includes('/') ? from.slice(0, from.lastIndexOf('/')) : '';
  const path = include.path.replace(/\\/g, '/');
  const rooted = /^@?\//.test(path);
  const tries =
    include.tool === 'MkDocs' && !rooted
      ? [inside('', path), path.includes('/') ? inside('', path.slice(path.indexOf('/') + 1)) : undefined, inside(dir, path)]
      : [rooted ? inside('', path.replace(/^@?\//, '')) : inside(dir, path)];
  return [...new Set(tries.filter((p): p is string => p !== undefined))];
}

/** `rel` from folder `dir`, or undefined when it leads above the content root or names no file. */
function inside(dir: string, rel: string): string | undefined {
  const out = dir ? dir.split('/') : [];
  for (const part of rel.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (!out.length) return undefined;
      out.pop();
    } else out.push(part);
  }
  return out.length ? out.join('/') : undefined;
}

/** mdBook's anchor lines, left out of what is pasted (`// ANCHOR: name`, `# ANCHOR_END: name`). */
const ANCHOR_LINE = /\bANCHOR(?:_END)?:\s*\S+/;

/** The named part of a file's text, or what could not be found. */
function selectPart(text: string, part: IncludePart | undefined): string | { missing: string } {
  const lines = text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split('\n');
  if (!part) return lines.join('\n');
  if ('anchor' in part) {
    const [opener, closer] = [`\\bANCHOR:\\s*${escape(part.anchor)}\\b`, `\\bANCHOR_END:\\s*${escape(part.anchor)}\\b`].map((r) => new RegExp(r));
    const open = lines.findIndex((l) => opener!.test(l));
    const close = lines.findIndex((l, i) => i > open && closer!.test(l));
    if (open < 0) return { missing: `ANCHOR: ${part.anchor}` };
    return lines
      .slice(open + 1, close < 0 ? undefined : close)
      .filter((l) => !ANCHOR_LINE.test(l))
      .join('\n');
  }
  if ('region' in part) {
    // VitePress's markers: `<!-- #region name -->` in Markdown, `// #region name` in code; a bare `#endregion` closes too.
    const [opener, closer] = [`#region\\s+${escape(part.region)}\\s*(?:$|-->|\\*/)`, `#endregion(?:\\s+${escape(part.region)})?\\s*(?:$|-->|\\*/)`].map(
      (r) => new RegExp(r),
    );
    const open = lines.findIndex((l) => opener!.test(l));
    const close = lines.findIndex((l, i) => i > open && closer!.test(l));
    if (open < 0) return { missing: `#region ${part.region}` };
    return lines.slice(open + 1, close < 0 ? undefined : close).join('\n');
  }
  const from = part.from ?? 1;
  const to = part.to ?? lines.length;
  if (from > lines.length || from > to) return { missing: `${from}–${part.to ?? ''}번째 줄` };
  return lines.slice(from - 1, to).join('\n');
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A Markdown file's text without its YAML or TOML frontmatter. */
function withoutFrontmatter(text: string): string {
  const lines = text.split('\n');
  const fence = /^(---|\+\+\+)[ \t]*$/.exec(lines[0] ?? '')?.[1];
  const close = fence ? lines.findIndex((l, i) => i > 0 && l.trimEnd() === fence) : -1;
  return close < 0 ? text : lines.slice(close + 1).join('\n');
}

import { mapFencedLines } from './fenced-lines.ts';
import { splitFrontmatter } from '../wiki/frontmatter-parse.ts';
import { isPictureEmbed } from './wikilink.ts';
import { stripFrontmatter } from '../wiki/frontmatter-fence.ts';

/** Which part of the named file a line pastes in: a range of lines (from 1, both ends included), a region, an anchor or a heading's section. */
export type IncludePart = { from?: number; to?: number } | { region: string } | { anchor: string } | { heading: string };

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
  /** An Obsidian note embed's link as written between `![[` and `]]` (a Logseq embed's page): the title of the block it becomes. */
  embed?: string;
  /** What the first pasted line starts with instead of `indent`: a Logseq embed's bullet (`- `). */
  lead?: string;
}

export type IncludeTool = 'VitePress' | 'mdBook' | 'GitBook' | 'Jekyll' | 'MkDocs' | 'Obsidian' | 'Docusaurus' | 'Logseq';

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
  // ![[노트]], ![[노트#섹션]], ![[노트|별칭]]: a note embed alone on its line (pictures and `#^block` embeds are not this)
  { tool: 'Obsidian', pattern: /^(\s*)!\[\[([^[\]|#^\n]+)(#[^[\]|\n]*)?(\|[^[\]\n]*)?\]\]\s*$/, inCode: false },
];

/** Longer lines are no include line anyone wrote; untrusted text must not cost more for being long. */
const MAX_LINE = 1000;

/** The include lines of a Markdown text (VitePress, mdBook, GitBook, Jekyll `include_relative`, MkDocs snippets). */
export function includeLines(markdown: string): IncludeLine[] {
  if (!/@include|\{\{#|\{\{embed|include|8<-|!\[\[|import/.test(markdown)) return [];
  const found: IncludeLine[] = [];
  const partials = partialImports(markdown);
  let line = 0;
  mapFencedLines(markdown, (text, code) => {
    line++;
    if (text.length > MAX_LINE) return text;
    const embed = code ? null : LOGSEQ_EMBED.exec(text);
    if (embed) {
      const bullet = embed[2] ?? '';
      found.push({
        line,
        path: embed[3]!.trim(),
        tool: 'Logseq',
        indent: embed[1]! + ' '.repeat(bullet.length),
        ...(bullet ? { lead: embed[1]! + bullet } : {}),
        inCode: false,
        embed: embed[3]!.trim(),
      });
      return text;
    }
    const partial = partials.size && !code ? PARTIAL_TAG.exec(text) : null;
    const path = partial && partials.get(partial[2]!);
    if (partial && path) {
      found.push({ line, path, tool: 'Docusaurus', indent: partial[1]!, inCode: false });
      return text;
    }
    for (const { tool, pattern, inCode } of FORMS) {
      if (code && !inCode) continue;
      const m = pattern.exec(text);
      if (!m) continue;
      if (tool === 'Obsidian') {
        const target = m[2]!.trim();
        const heading = m[3]?.slice(1).trim();
        // Which names are notes only the folder knows (`v1.2 notes` is one): `FindNote` finds Markdown files alone.
        if (!target || isPictureEmbed(target) || heading?.startsWith('^')) break;
        const embed = text.slice(text.indexOf('[[') + 2, text.lastIndexOf(']]'));
        found.push({ line, path: target, tool, ...(heading ? { part: { heading } } : {}), indent: m[1]!, inCode: code, embed });
        break;
      }
      const part = partOf(tool, m[3], m[4]);
      found.push({ line, path: m[2]!, tool, ...(part ? { part } : {}), indent: m[1]!, inCode: code });
      break;
    }
    return text;
  });
  return found;
}

/** Logseq's page embed, `{{embed [[회의/규칙]]}}`, alone in its block or on its line. */
const LOGSEQ_EMBED = /^([ \t]*)(- )?\{\{embed[ \t]+\[\[([^[\]\n]+)\]\][ \t]*\}\}[ \t]*$/;

/** `import Setup from './_setup.md';`: Docusaurus's (MDX's) way to bring in a Markdown partial, by the name its tag uses. */
const PARTIAL_IMPORT = /^import\s+([A-Z][\w$]*)\s+from\s+(['"])([^'"\n]+\.mdx?)\2\s*;?\s*$/;
/** `<Setup />` alone on its line: where the partial's text goes. */
const PARTIAL_TAG = /^(\s*)<([A-Z][\w$]*)\s*\/>\s*$/;

/** The Markdown partials a page imports (outside code), by the component name it gives each. */
function partialImports(markdown: string): Map<string, string> {
  const partials = new Map<string, string>();
  if (!/^import\s/m.test(markdown)) return partials;
  mapFencedLines(markdown, (text, code) => {
    const m = !code && text.length <= MAX_LINE ? PARTIAL_IMPORT.exec(text) : null;
    if (m) partials.set(m[1]!, m[3]!);
    return text;
  });
  return partials;
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

/** The content path of the note an Obsidian embed names from the file at `from` (Obsidian finds a bare name anywhere), if any. */
export type FindNote = (name: string, from: string) => string | undefined;

/**
 * Lines `start`–`end` of the expanded text (from 1, both included) came from the include line at `line` of the file as
 * written; `end` is `start - 1` where the line was left out and gave no lines.
 */
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
  /** Content paths of the files pasted in, nested ones included, sorted. */
  pasted: string[];
}

/** Include lines followed inside included files; deeper ones are left as written. */
export const MAX_INCLUDE_DEPTH = 8;
/** Include lines followed in one document, nested ones and those naming no file counted. */
export const MAX_INCLUDES = 200;
/** Characters pasted into one document: a few lines must not make a page of hundreds of megabytes. */
export const MAX_INCLUDED_CHARS = 1_000_000;

const MARKDOWN_FILE = /\.(md|mdx|markdown)$/i;

interface Budget {
  files: number;
  chars: number;
  /** Set once a limit is reported: the lines after it stay as written without a problem each (a file of 100,000 include lines gets one). */
  spent: boolean;
  pasted: Set<string>;
}

/**
 * Replaces the include lines of `markdown`, a body of the file at content path `from`, by the files they name, read by
 * `read`: Markdown files without their frontmatter and with their own include lines followed (not in code, at most
 * `MAX_INCLUDE_DEPTH` deep, never in a loop), any other file as it is. A line whose file is missing, outside the folder,
 * refused by `read` or over the budget stays as written, with a problem at its line. Lines are those of `markdown`.
 */
export function expandIncludes(markdown: string, from: string, read: ReadIncluded, findNote?: FindNote, drop?: ReadonlySet<number>): Expanded {
  const budget = { files: 0, chars: 0, spent: false, pasted: new Set<string>() };
  const sources = { read, ...(findNote ? { findNote } : {}), ...(drop?.size ? { drop } : {}) };
  const { lines, spans, problems } = expand(markdown, from, sources, [from], budget);
  const pasted = [...budget.pasted].sort();
  return spans.length ? { text: lines.join('\n'), spans, problems, pasted } : { text: markdown, spans, problems, pasted };
}

/** Where included files come from. */
interface Sources {
  read: ReadIncluded;
  findNote?: FindNote;
  /** Lines of the text given (not of included files) to leave out: Logseq's property lines. */
  drop?: ReadonlySet<number>;
}

function expand(
  markdown: string,
  from: string,
  sources: Sources,
  stack: readonly string[],
  budget: Budget,
): { lines: string[]; spans: IncludedSpan[]; problems: IncludeProblem[] } {
  const found = includeLines(markdown);
  const lines = markdown.split('\n');
  const drop = stack.length === 1 ? sources.drop : undefined;
  if (!found.length && !drop) return { lines, spans: [], problems: [] };
  const at = new Map(found.map((f) => [f.line, f]));
  const out: string[] = [];
  const spans: IncludedSpan[] = [];
  const problems: IncludeProblem[] = [];
  for (const [i, text] of lines.entries()) {
    if (drop?.has(i + 1)) {
      // Left out: a span of no lines, so the lines after it keep their place in the file as written.
      spans.push({ start: out.length + 1, end: out.length, line: i + 1 });
      continue;
    }
    const include = at.get(i + 1);
    const pasted = include && paste(include, from, sources, stack, budget);
    if (!include || !pasted || 'message' in pasted) {
      if (pasted && 'message' in pasted) problems.push({ line: i + 1, message: pasted.message, hint: pasted.hint });
      out.push(text);
      continue;
    }
    // Problems deeper down are reported at this line: it is the one in the file being built.
    problems.push(...pasted.problems.map((p) => ({ ...p, line: i + 1 })));
    const start = out.length + 1;
    for (const [k, line] of pasted.lines.entries()) out.push(k === 0 && include.lead !== undefined ? include.lead + line : line && include.indent + line);
    spans.push({ start, end: out.length, line: i + 1 });
  }
  return { lines: out, spans, problems };
}

type Pasted = { lines: string[]; problems: IncludeProblem[] } | { message: string; hint: string };

function paste(include: IncludeLine, from: string, sources: Sources, stack: readonly string[], budget: Budget): Pasted | undefined {
  if (budget.spent) return undefined;
  const obsidian = include.tool === 'Obsidian' || include.tool === 'Logseq';
  // A note embed that names no note stays the link it is: the link check reports it like any wikilink.
  const note = obsidian ? sources.findNote?.(include.path, from) : undefined;
  if (obsidian && !note) return undefined;
  const named =
    include.tool === 'Obsidian'
      ? `노트 임베드 ![[${include.embed}]]`
      : include.tool === 'Logseq'
        ? `페이지 임베드 {{embed [[${include.embed}]]}}`
        : `${include.tool} include(${include.path})`;
  // Every line counts, found or not: each costs a lookup on disk.
  if (++budget.files > MAX_INCLUDES) {
    budget.spent = true;
    return { message: `${named}부터는 펼치지 않았습니다: 한 문서의 include 줄이 ${MAX_INCLUDES}개를 넘습니다`, hint: '문서를 나누세요' };
  }
  const candidates = note ? [note] : includeCandidates(include, from);
  if (!candidates.length) return { message: `${named}가 콘텐츠 폴더 밖을 가리켜 펼치지 않았습니다`, hint: '콘텐츠 폴더 안의 파일을 가리키게 경로를 고치세요' };
  let file: { path: string; text: string } | undefined;
  for (const path of candidates) {
    const got = sources.read(path);
    if ('refused' in got)
      return { message: `${named}를 펼치지 않았습니다 (${got.refused})`, hint: '내용을 이 문서에 옮겨 쓰거나 콘텐츠 폴더 안의 보통 파일을 가리키세요' };
    if ('text' in got) {
      file = { path, text: got.text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n') };
      break;
    }
  }
  if (!file) return { message: `${named}의 파일이 없습니다`, hint: '파일 경로를 고치세요 (경로는 이 문서가 있는 폴더에서 셉니다)' };
  if (stack.includes(file.path))
    return { message: `${named}가 자기 자신을 다시 포함해 펼치지 않았습니다 (${[...stack, file.path].join(' → ')})`, hint: '포함이 돌고 도는 줄을 지우세요' };
  if (stack.length > MAX_INCLUDE_DEPTH)
    return { message: `${named}는 ${MAX_INCLUDE_DEPTH}단계보다 깊이 포함되어 펼치지 않았습니다`, hint: '포함 안의 포함을 줄이세요' };
  const markdown = MARKDOWN_FILE.test(file.path) && !include.inCode;
  // A draft stays out of the site, pasted or not, and pasted as code too (mdBook's include inside a code block): a
  // Markdown file is read for its frontmatter as the build reads it, wherever the line stands.
  const draft = MARKDOWN_FILE.test(file.path) ? draftStatus(file.path, file.text) : 'published';
  if (draft === 'draft') return { message: `${named}는 초안이라 펼치지 않았습니다`, hint: '그 문서를 공개하거나 포함하는 줄을 지우세요' };
  if (draft === 'unreadable')
    return { message: `${named}의 frontmatter를 읽을 수 없어 초안인지 알 수 없으므로 펼치지 않았습니다`, hint: '그 파일의 frontmatter를 고치세요' };
  // A heading is looked for in the body (a YAML comment is no heading); line numbers count the file as an editor shows it.
  const heading = include.part && 'heading' in include.part;
  const part = selectPart(heading ? stripFrontmatter(file.text) : file.text, include.part);
  if (typeof part !== 'string')
    return { message: `${named}의 ${part.missing}을(를) 찾지 못해 펼치지 않았습니다`, hint: '파일에 그 구역이 있는지, 줄 번호가 맞는지 확인하세요' };
  const text = markdown ? stripFrontmatter(part) : part;
  budget.chars += text.length;
  if (budget.chars > MAX_INCLUDED_CHARS) {
    budget.spent = true;
    return {
      message: `${named}부터는 펼치지 않았습니다: 한 문서에 포함한 글이 ${MAX_INCLUDED_CHARS.toLocaleString('en')}자를 넘습니다`,
      hint: '문서를 나누세요',
    };
  }
  // Trailing empty lines would paste lines the file's author never sees as any.
  let end = text.length;
  while (end > 0 && text[end - 1] === '\n') end--;
  // (A loop, not /\n+$/: that pattern backtracks over every run of empty lines, quadratic on a file of them.)
  const trimmed = text.slice(0, end);
  budget.pasted.add(file.path);
  if (!markdown) return { lines: trimmed.split('\n'), problems: [] };
  const nested = expand(trimmed, file.path, sources, [...stack, file.path], budget);
  if (!obsidian) return { lines: nested.lines, problems: nested.problems };
  // Obsidian shows an embedded note in a box: the embed callout, titled with the link to the note.
  const quoted = nested.lines.map((l) => (l ? `> ${l}` : '>'));
  // The empty line ends the quote: a line of the page right after the embed must not run on inside it.
  // In a list item (a Logseq block) the next item ends it without one, and an empty line would space the whole list out.
  return { lines: [`> [!embed] [[${include.embed}]]`, ...quoted, ...(include.lead === undefined ? [''] : [])], problems: nested.problems };
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
  // Docusaurus's `@site/` is the project, above the docs folder, as MkDocs's paths are.
  if (include.tool === 'Docusaurus' && path.startsWith('@site/')) return includeCandidates({ tool: 'MkDocs', path: path.slice('@site/'.length) }, from);
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

/** The named part of a file's text (`\n` line ends), or what could not be found. */
function selectPart(text: string, part: IncludePart | undefined): string | { missing: string } {
  const lines = text.split('\n');
  if (!part) return text;
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
  if ('heading' in part) return headingSection(lines, part.heading) ?? { missing: `#${part.heading}` };
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

/**
 * The section under the heading whose text is `heading` (Obsidian's `![[노트#섹션]]`): that heading's line and the lines up
 * to the next heading of the same or a higher level, headings inside code not counted.
 */
function headingSection(lines: string[], heading: string): string | undefined {
  const wanted = heading.trim().toLowerCase();
  const levels = lines.map(() => 0);
  let i = 0;
  mapFencedLines(lines.join('\n'), (line, code) => {
    const m = code ? null : /^ {0,3}(#{1,6})(?:[ \t]|$)/.exec(line);
    if (m) levels[i] = m[1]!.length;
    i++;
    return line;
  });
  const open = levels.findIndex((level, at) => level > 0 && headingText(lines[at]!) === wanted);
  if (open < 0) return undefined;
  const close = levels.findIndex((level, at) => at > open && level > 0 && level <= levels[open]!);
  return lines.slice(open, close < 0 ? undefined : close).join('\n');
}

function headingText(line: string): string {
  const text = line.replace(/^ {0,3}#{1,6}(?:[ \t]+|$)/, '').trimEnd();
  // The closing #s, taken off by hand: a pattern for them backtracks over long runs of spaces.
  let end = text.length;
  while (end > 0 && text[end - 1] === '#') end--;
  return (end === 0 || text[end - 1] === ' ' || text[end - 1] === '\t' ? text.slice(0, end) : text).trim().toLowerCase();
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Whether a Markdown file's frontmatter marks it a draft, read by the build's own frontmatter parser (YAML or TOML, so
 * `status: draft  # 작성 중`, `draft: True` and `draft = true` are drafts as they are to the build): `status: draft`,
 * `draft: true` or `published: false`. A frontmatter the parser cannot read is `unreadable`: the build refuses that
 * file, and its text is not pasted either.
 */
function draftStatus(path: string, text: string): 'draft' | 'published' | 'unreadable' {
  const { file } = splitFrontmatter(path, text);
  if (!file) return 'unreadable';
  const { status, draft, published } = file.data;
  return (typeof status === 'string' && status.trim().toLowerCase() === 'draft') || draft === true || published === false ? 'draft' : 'published';
}

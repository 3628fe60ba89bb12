import type { Code, Paragraph, Root, RootContent } from 'mdast';
import { toString } from 'mdast-util-to-string';
import type { Processor, Transformer } from 'unified';
import type { Position } from 'unist';
import { COLON_CLOSE, MERMAID_OPEN } from './fenced-lines.ts';
import { commonIndent, dedentLines } from './indent.ts';
import { spanner } from './remark-containers.ts';
import { shiftPositions } from './remark-foreign-html.ts';
import { parseTagLine, type TagArgs } from './template-tags.ts';

/** Template tags whose content is source code, never Markdown (`{% highlight ruby %}`, `{{< highlight go >}}`). */
export const RAW_CODE_TAGS = new Set(['highlight']);

/** How a raw block opens (its first line) and what closes it. */
interface Opener {
  /** A key its closing lines share (`highlight`, `:::`). */
  key: string;
  lang: string | null;
}

/**
 * Blocks whose lines are code, written in another tool's syntax: a Liquid tag's or a shortcode's `highlight` block and a
 * wiki's `::: mermaid` diagram. CommonMark reads their lines as Markdown: a `#` comment became a heading, a `*` line a
 * list, `A[x]` a link label, a mermaid `%%` comment a `%%` note comment that hid the rest of the page; the closing
 * line may even sit inside one of those. At the top level the block's source lines become one code block, and what
 * the node holding the closing line had after it is parsed again where it stands. First of the dialect plugins, so
 * no other one reads those lines. Blocks inside lists or quotes are left to remarkTemplateTags and remarkContainers.
 */
export default function remarkRawBlocks(this: Processor): Transformer<Root> {
  const parse = (text: string): RootContent[] => (this.parse(text) as Root).children;
  return (tree, file) => {
    const source = String(file.value ?? '');
    if (!source.includes('{%') && !source.includes('{{') && !source.includes(':::')) return;
    const children = tree.children;
    if (!children.some((n) => openerOf(n) !== undefined)) return;
    const lines = source.split('\n');
    const span = spanner(source);
    const closes = closingLines(lines);
    const out: RootContent[] = [];
    for (let i = 0; i < children.length; i++) {
      const node = children[i]!;
      const open = openerOf(node);
      const openLine = node.position?.start.line;
      const closeLine = open && openLine !== undefined ? firstAfter(closes.get(open.key), openLine) : undefined;
      if (!open || openLine === undefined || closeLine === undefined) {
        out.push(node);
        continue;
      }
      let j = i;
      while (j + 1 < children.length && (children[j + 1]!.position?.start.line ?? Infinity) <= closeLine) j++;
      out.push(codeFromLines(lines, openLine, closeLine, open.lang, span(openLine, closeLine)));
      const lastLine = children[j]!.position?.end.line ?? closeLine;
      if (lastLine > closeLine) for (const n of parseAt(lines, closeLine + 1, lastLine, parse)) out.push(n);
      i = j;
    }
    tree.children = out;
  };
}

/** The raw block a top-level paragraph's first line opens, if any. */
function openerOf(node: RootContent): Opener | undefined {
  if (node.type !== 'paragraph' || node.children[0]?.type !== 'text') return undefined;
  const line = firstLine(node);
  if (MERMAID_OPEN.test(line)) return { key: ':::', lang: 'mermaid' };
  const tag = line.includes('{') ? parseTagLine(line) : undefined;
  return tag?.kind === 'open' && RAW_CODE_TAGS.has(tag.name) ? { key: tag.name, lang: languageOf(tag.args) } : undefined;
}

/** The paragraph's first line as text, read up to its first line break only (every top-level paragraph is asked). */
function firstLine(node: Paragraph): string {
  let line = '';
  for (const child of node.children) {
    const text = toString(child);
    const nl = child.type === 'text' ? text.indexOf('\n') : -1;
    if (nl >= 0) return line + text.slice(0, nl);
    line += text;
  }
  return line;
}

/** The language a `highlight` tag names (`lang=…`, or its first value). */
export function languageOf(args: TagArgs): string | null {
  return (args.named.lang ?? args.named.language ?? args.positional[0])?.replace(/[^\w+#.-]/g, '') || null;
}

/**
 * The lines (1-based, ascending) that close each kind of raw block, found in one pass: looking forward from every
 * opening line took time in proportion to the square of the file when the closing lines were missing.
 */
function closingLines(lines: readonly string[]): Map<string, number[]> {
  const closes = new Map<string, number[]>();
  const add = (key: string, line: number) => {
    const list = closes.get(key);
    if (list) list.push(line);
    else closes.set(key, [line]);
  };
  lines.forEach((line, i) => {
    if (COLON_CLOSE.test(line)) return add(':::', i + 1);
    if (!line.includes('{')) return;
    const tag = parseTagLine(line);
    if (tag?.kind === 'close' && RAW_CODE_TAGS.has(tag.name)) add(tag.name, i + 1);
  });
  return closes;
}

/** The first of ascending line numbers after `line`, found by halves. */
function firstAfter(sorted: readonly number[] | undefined, line: number): number | undefined {
  if (!sorted) return undefined;
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! > line) hi = mid;
    else lo = mid + 1;
  }
  return sorted[lo];
}

/** The source lines strictly between two lines (1-based), dedented, as a code block. */
export function codeFromLines(lines: readonly string[], openLine: number, closeLine: number, lang: string | null, position: Position | undefined): Code {
  const body = lines.slice(openLine, closeLine - 1).map((l) => l.replace(/\r$/, ''));
  const value = dedentLines(body, commonIndent(body)).join('\n');
  return { type: 'code', lang, meta: null, value, ...(position ? { position } : {}) };
}

/** Source lines `from`..`to` (1-based) parsed as Markdown, with positions in the whole file. */
function parseAt(lines: readonly string[], from: number, to: number, parse: (text: string) => RootContent[]): RootContent[] {
  const nodes = parse(lines.slice(from - 1, to).join('\n'));
  let offset = 0;
  for (let i = 0; i < from - 1; i++) offset += lines[i]!.length + 1;
  shiftPositions(nodes, { line: from, column: 1, offset });
  return nodes;
}

import type { Code, Paragraph, Root, RootContent } from 'mdast';
import { toString } from 'mdast-util-to-string';
import type { Processor, Transformer } from 'unified';
import type { Node, Point, Position } from 'unist';
import { COLON_CLOSE, MERMAID_OPEN } from './fenced-lines.ts';
import { paragraphLines, spanner } from './remark-containers.ts';
import { parseTagLine, type TagArgs } from './template-tags.ts';
import { visit } from './visit.ts';

/** Template tags whose content is source code, never Markdown (`{% highlight ruby %}`, `{{< highlight go >}}`). */
export const RAW_CODE_TAGS = new Set(['highlight']);

/** How a raw block opens (its first line) and what closes it. */
interface Opener {
  /** A key its closing lines share (`highlight`, `:::`). */
  key: string;
  lang: string | null;
}

/**
 * Blocks whose lines are code, written in another tool's syntax: a Liquid or Hugo `highlight` block and Azure DevOps
 * wiki's `::: mermaid` diagram. CommonMark reads their lines as Markdown: a `#` comment became a heading, a `*` line a
 * list, `A[x]` a link label, a mermaid `%%` comment an Obsidian comment that hid the rest of the page; the closing
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
      const closeLine = open && openLine !== undefined ? closes.get(open.key)?.first((line) => line > openLine) : undefined;
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

function firstLine(node: Paragraph): string {
  return (paragraphLines(node)[0] ?? []).map((p) => toString(p)).join('');
}

/** The language a `highlight` tag names (`lang=…`, or its first value). */
export function languageOf(args: TagArgs): string | null {
  return (args.named.lang ?? args.named.language ?? args.positional[0])?.replace(/[^\w+#.-]/g, '') || null;
}

/**
 * The lines (1-based, in order) that close each kind of raw block, found in one pass: looking forward from every
 * opening line took time in proportion to the square of the file when the closing lines were missing.
 */
function closingLines(lines: readonly string[]): Map<string, LineList> {
  const closes = new Map<string, LineList>();
  const add = (key: string, line: number) => {
    let list = closes.get(key);
    if (!list) closes.set(key, (list = new LineList()));
    list.push(line);
  };
  lines.forEach((line, i) => {
    if (COLON_CLOSE.test(line)) return add(':::', i + 1);
    if (!line.includes('{')) return;
    const tag = parseTagLine(line);
    if (tag?.kind === 'close' && RAW_CODE_TAGS.has(tag.name)) add(tag.name, i + 1);
  });
  return closes;
}

/** Ascending line numbers, searched by halves. */
class LineList {
  readonly #lines: number[] = [];
  push(line: number): void {
    this.#lines.push(line);
  }
  /** The first line that meets `test`, which must hold for every line after one it holds for. */
  first(test: (line: number) => boolean): number | undefined {
    let lo = 0;
    let hi = this.#lines.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (test(this.#lines[mid]!)) hi = mid;
      else lo = mid + 1;
    }
    return this.#lines[lo];
  }
}

/** The source lines strictly between two lines (1-based), dedented, as a code block. */
export function codeFromLines(lines: readonly string[], openLine: number, closeLine: number, lang: string | null, position: Position | undefined): Code {
  const body = lines.slice(openLine, closeLine - 1).map((l) => l.replace(/\r$/, ''));
  // A loop, not Math.min(...): a block of 200,000 lines would overflow the stack as arguments.
  let indent = Infinity;
  for (const l of body) if (l.trim()) indent = Math.min(indent, /^[ \t]*/.exec(l)![0].length);
  const value = body.map((l) => l.slice(Number.isFinite(indent) ? indent : 0)).join('\n');
  return { type: 'code', lang, meta: null, value, ...(position ? { position } : {}) };
}

/** Source lines `from`..`to` (1-based) parsed as Markdown, with positions in the whole file. */
function parseAt(lines: readonly string[], from: number, to: number, parse: (text: string) => RootContent[]): RootContent[] {
  const nodes = parse(lines.slice(from - 1, to).join('\n'));
  let offset = 0;
  for (let i = 0; i < from - 1; i++) offset += lines[i]!.length + 1;
  const shift = (p: Point | undefined) => {
    if (!p) return;
    p.line += from - 1;
    if (p.offset !== undefined) p.offset += offset;
  };
  for (const node of nodes)
    visit(node, (n: Node) => {
      shift(n.position?.start);
      shift(n.position?.end);
    });
  return nodes;
}

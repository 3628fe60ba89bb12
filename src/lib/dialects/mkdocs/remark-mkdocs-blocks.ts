import type { Blockquote, Code, Paragraph, Parent, Root, RootContent, Text } from 'mdast';
import type { Processor, Transformer } from 'unified';
import type { Point } from 'unist';
import { visit } from '../../markdown/visit.ts';

/** `!!! note "제목"` (Python-Markdown admonition), `??? note` closed and `???+ note` open (pymdownx.details). */
const ADMONITION = /^(!!!|\?\?\?\+?)[ \t]+([A-Za-z][\w-]{0,30})(?:[ \t]+[A-Za-z][\w-]*)*(?:[ \t]+"([^"\n]*)")?[ \t]*$/;
/** `=== "탭"` (pymdownx.tabbed), `===+` for the tab shown first. */
const TAB = /^===\+?[ \t]+"([^"\n]*)"[ \t]*$/;
/** Admonitions inside admonitions deeper than this stay as written: each level parses its body again. */
const MAX_DEPTH = 8;

/**
 * MkDocs (Material) blocks: an admonition line (`!!! tip "제목"`, `??? note`) or a content tab (`=== "macOS"`) followed
 * by its body indented four spaces. CommonMark reads the body's first lines as the same paragraph and the rest, after
 * a blank line, as indented code, so such pages showed the marker as text and most of the body as a code block, and
 * search left that body out. An admonition becomes the callout an Obsidian callout of the same type becomes
 * (`[!tip] 제목`, folded for `???`), a tab its title in bold above its body. The body is parsed as Markdown where it
 * stands, so links and headings in it keep their lines.
 */
export default function remarkMkdocsBlocks(this: Processor): Transformer<Root> {
  const parse = (text: string): RootContent[] => (this.parse(text) as Root).children;
  return (tree, file) => {
    const source = String(file.value ?? '');
    if (!source) return;
    const lineStarts = lineStartsOf(source);
    // Every parent is walked once (blocks may stand in lists too); `depth` counts blocks inside blocks, and what a block
    // made is not walked again at its parent's depth. Inside a quote the body's lines start with `>`: left as written.
    const rewrite = (parent: Parent, depth: number, quoted: boolean): void => {
      const children = parent.children;
      if (!quoted && depth < MAX_DEPTH && children.some(isBlockStart)) {
        const out: RootContent[] = [];
        for (let i = 0; i < children.length; i++) {
          const node = children[i]!;
          if (!isBlockStart(node) || !node.position) {
            out.push(node);
            continue;
          }
          const next = children[i + 1];
          const code = next?.type === 'code' && isIndentedCode(next, source, lineStarts) ? next : undefined;
          if (code) i++;
          const body = bodyOf(node.position.start, (code ?? node).position!.end.line, source, lineStarts, parse);
          const block = blockOf(node, body);
          for (const b of block) {
            if ('children' in b && b.type !== 'paragraph') rewrite(b, depth + 1, false);
            blocks.add(b);
          }
          out.push(...block);
        }
        parent.children = out;
      }
      for (const child of parent.children)
        if ('children' in child && child.type !== 'paragraph' && child.type !== 'heading' && !blocks.has(child))
          rewrite(child, depth, quoted || child.type === 'blockquote');
    };
    const blocks = new Set<RootContent>();
    rewrite(tree, 0, false);
  };
}

/** A paragraph whose first line is an admonition or tab marker. */
function isBlockStart(node: RootContent): node is Paragraph {
  if (node.type !== 'paragraph') return false;
  const first = node.children[0];
  if (first?.type !== 'text') return false;
  const nl = first.value.indexOf('\n');
  if (nl < 0 && node.children.length > 1) return false;
  const line = markerLine(first);
  return line.length <= 300 && (ADMONITION.test(line) || TAB.test(line));
}

/** The first line of a marker paragraph's first text, without a CRLF file's `\r`. */
function markerLine(first: Text): string {
  const nl = first.value.indexOf('\n');
  return (nl < 0 ? first.value : first.value.slice(0, nl)).replace(/\r$/, '');
}

/** The nodes a marker paragraph and its parsed body become. */
function blockOf(start: Paragraph, body: RootContent[]): RootContent[] {
  const line = markerLine(start.children[0] as Text);
  const tab = TAB.exec(line);
  if (tab) {
    const title: Paragraph = { type: 'paragraph', children: [{ type: 'strong', children: [{ type: 'text', value: tab[1]! }] }] };
    return [title, ...body];
  }
  const [, sign, type, title] = ADMONITION.exec(line)!;
  const fold = sign === '???' ? '-' : sign === '???+' ? '+' : '';
  // The marker rehype-callouts reads, as an Obsidian callout writes it; an empty title ("") keeps the type's own.
  const marker: Paragraph = { type: 'paragraph', children: [{ type: 'text', value: `[!${type!.toLowerCase()}]${fold} ${title ?? ''}`.trimEnd() }] };
  // Cast: a parsed body holds block content only, which mdast types as the wider RootContent.
  const children = [marker, ...body] as Blockquote['children'];
  return [{ type: 'blockquote', children, ...(start.position ? { position: start.position } : {}) }];
}

/** Indented code (four spaces or a tab before it), not a fenced block, which may stand at most three spaces in. */
function isIndentedCode(node: Code, source: string, lineStarts: number[]): boolean {
  if (node.lang || node.meta || !node.position) return false;
  const lineStart = lineStarts[node.position.start.line - 1];
  if (lineStart === undefined) return false;
  const indent = /^[ \t]*/.exec(source.slice(lineStart, lineStart + 40))![0];
  return indent.includes('\t') || indent.length >= 4;
}

/**
 * The lines under the marker through `lastLine`, without the marker's own indentation and the body's four spaces,
 * parsed as Markdown, with every position moved to where its text stands in the source.
 */
function bodyOf(marker: Point, lastLine: number, source: string, lineStarts: number[], parse: (text: string) => RootContent[]): RootContent[] {
  const firstLine = marker.line + 1;
  if (lastLine < firstLine) return [];
  const indent = marker.column - 1 + 4;
  const removed: number[] = [];
  const lines: string[] = [];
  for (let line = firstLine; line <= lastLine; line++) {
    const at = lineStarts[line - 1] ?? source.length;
    let end = (lineStarts[line] ?? source.length + 1) - 1;
    if (source[end - 1] === '\r') end--;
    const text = source.slice(at, end);
    let cut = 0;
    for (let width = 0; cut < text.length && width < indent; cut++) {
      if (text[cut] === ' ') width++;
      else if (text[cut] === '\t') width += 4 - (width % 4);
      else break;
    }
    removed.push(cut);
    lines.push(text.slice(cut));
  }
  const nodes = parse(lines.join('\n'));
  const move = (p: Point): Point => {
    const line = firstLine + p.line - 1;
    const cut = removed[p.line - 1] ?? 0;
    return { line, column: p.column + cut, offset: (lineStarts[line - 1] ?? source.length) + cut + p.column - 1 };
  };
  for (const n of nodes)
    visit(n, (d) => {
      if (d.position) d.position = { start: move(d.position.start), end: move(d.position.end) };
    });
  return nodes;
}

function lineStartsOf(source: string): number[] {
  const starts = [0];
  for (let i = source.indexOf('\n'); i >= 0; i = source.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

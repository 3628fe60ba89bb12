import type { BlockContent, Blockquote, Paragraph, PhrasingContent, Parent, Root, RootContent } from 'mdast';
import type { Transformer } from 'unified';
import type { Position } from 'unist';
import { codeFromLines } from './remark-raw-blocks.ts';

/** The callout each markdown-it-container name renders as (the kinds of `> [!TIP]`). */
export const CONTAINER_CALLOUTS: Record<string, string> = {
  tip: 'tip',
  info: 'note',
  note: 'note',
  warning: 'warning',
  danger: 'caution',
  caution: 'caution',
  important: 'important',
};

/** Options of remarkContainers. */
export interface Options {
  /** Summary of a `::: details` block written without a title (default `자세히`). */
  detailsTitle?: string;
}

type Item =
  | { kind: 'node'; node: RootContent }
  | { kind: 'open'; fence: number; name: string; title: PhrasingContent[]; line: number; expanded: boolean }
  | { kind: 'close'; fence: number; line: number };

const OPEN = /^(:{3,})[ \t]*([A-Za-z][\w-]*)[ \t]*(.*)$/;
const CLOSE = /^[ \t]*(:{3,})[ \t]*$/;

/**
 * Containers (`::: tip 제목` … `:::`, markdown-it-container rules: three or more colons, a name,
 * an optional title; the closing fence alone on its line). Callout names become the same callouts as
 * `> [!TIP]` (a blockquote marked `data-callout` for rehype-callouts), `details` becomes
 * `<details><summary>`, `mermaid` (a wiki's diagram) a diagram, `code-group` a `<div class="code-group">` around its
 * code blocks (the site's script makes tabs of their titles; without it they stand one under another, each titled), and
 * any other name (`v-pre`, `raw`, …) keeps only its content.
 * The fences are never left as text, even when a container is not closed.
 */
export default function remarkContainers(options: Options = {}): Transformer<Root> {
  const detailsTitle = options.detailsTitle ?? '자세히';
  return (tree, file) => {
    const source = String(file.value ?? '');
    const span = spanner(source);
    let lines: string[] | undefined;
    const sourceLines = () => (lines ??= source.split('\n'));
    const walk = (parent: Parent): void => {
      hoistClosingFences(parent);
      for (const child of parent.children) if ('children' in child && child.type !== 'paragraph' && child.type !== 'heading') walk(child);
      if (!parent.children.some((c) => c.type === 'paragraph' && startsWithColons(c))) return;
      parent.children = nest(
        parent.children.flatMap((n) => split(n, span)),
        detailsTitle,
        span,
        sourceLines,
      );
    };
    walk(tree);
  };
}

/**
 * A closing `:::` written right under a list (`- item` then `  :::`) is a lazy continuation line of the
 * last item's paragraph in CommonMark; markdown-it-container sees it as the container's end. It is moved
 * out of the list, so the container ends where the author meant.
 */
function hoistClosingFences(parent: Parent): void {
  for (let i = parent.children.length - 1; i >= 0; i--) {
    const list = parent.children[i]!;
    if (list.type !== 'list') continue;
    const item = list.children[list.children.length - 1];
    const para = item?.children[item.children.length - 1];
    const text = para?.type === 'paragraph' ? para.children[para.children.length - 1] : undefined;
    if (text?.type !== 'text') continue;
    const nl = text.value.lastIndexOf('\n');
    const close = CLOSE.exec(text.value.slice(nl + 1));
    if (nl < 0 || !close) continue;
    text.value = text.value.slice(0, nl);
    const line = list.position?.end.line;
    const fence: Paragraph = {
      type: 'paragraph',
      children: [{ type: 'text', value: close[1]! }],
      ...(line ? { position: { start: { line, column: 1 }, end: { line, column: 1 } } } : {}),
    };
    parent.children.splice(i + 1, 0, fence as never);
  }
}

export type Span = (start: number, end: number) => Position | undefined;

/** Positions of whole lines (with offsets, which hast-util-raw requires), or none without the source. */
export function spanner(source: string): Span {
  if (!source) return () => undefined;
  const starts = [0];
  for (let i = source.indexOf('\n'); i >= 0; i = source.indexOf('\n', i + 1)) starts.push(i + 1);
  const at = (line: number) => starts[Math.min(line, starts.length) - 1]!;
  return (start, end) => ({
    start: { line: start, column: 1, offset: at(start) },
    end: { line: end, column: 1, offset: Math.max(at(start), (starts[end] ?? source.length + 1) - 1) },
  });
}

function startsWithColons(p: Paragraph): boolean {
  return p.children.some((c) => c.type === 'text' && /(^|\n)[ \t]*:{3,}/.test(c.value));
}

/** Splits a paragraph at its fence lines; other nodes pass through. */
function split(node: RootContent, span: Span): Item[] {
  if (node.type !== 'paragraph' || !startsWithColons(node)) return [{ kind: 'node', node }];
  const startLine = node.position?.start.line ?? 1;
  const lines = paragraphLines(node);
  const items: Item[] = [];
  let pending: { line: number; parts: PhrasingContent[][] } | undefined;
  const flush = () => {
    if (pending?.parts.length) items.push({ kind: 'node', node: paragraphOf(pending.parts, pending.line, span) });
    pending = undefined;
  };
  lines.forEach((parts, i) => {
    const line = startLine + i;
    const first = parts[0];
    const text = first?.type === 'text' ? first.value : '';
    const close = parts.length === 1 ? CLOSE.exec(text) : null;
    const open = close ? null : OPEN.exec(text);
    if (close) {
      flush();
      items.push({ kind: 'close', fence: close[1]!.length, line });
    } else if (open && first?.type === 'text') {
      flush();
      const rest: PhrasingContent[] = open[3] ? [{ type: 'text', value: open[3] }] : [];
      const expanded = /\{[^{}]*\bopen\b[^{}]*\}\s*$/.test(open[3] ?? '');
      items.push({ kind: 'open', fence: open[1]!.length, name: open[2]!.toLowerCase(), title: trimTitle([...rest, ...parts.slice(1)]), line, expanded });
    } else {
      pending ??= { line, parts: [] };
      pending.parts.push(parts);
    }
  });
  flush();
  return items;
}

/** A paragraph's inline nodes line by line (its text split at line breaks; other nodes kept whole on their line). */
export function paragraphLines(node: Paragraph): PhrasingContent[][] {
  const lines: PhrasingContent[][] = [[]];
  for (const child of node.children) {
    if (child.type !== 'text') {
      lines[lines.length - 1]!.push(child);
      continue;
    }
    child.value.split('\n').forEach((part, i) => {
      if (i > 0) lines.push([]);
      if (part) lines[lines.length - 1]!.push({ type: 'text', value: part });
    });
  }
  return lines;
}

export function paragraphOf(lines: PhrasingContent[][], line: number, span: Span): Paragraph {
  const children: PhrasingContent[] = [];
  lines.forEach((parts, i) => {
    if (i > 0) children.push({ type: 'text', value: '\n' });
    const last = parts[parts.length - 1];
    if (last?.type === 'text') last.value = last.value.trimEnd();
    // One push per node: a line may hold more inline nodes than a spread may pass as arguments.
    for (const part of parts) children.push(part);
  });
  const position = span(line, line + lines.length - 1);
  return { type: 'paragraph', children: mergeText(children), ...(position ? { position } : {}) };
}

export function mergeText(nodes: PhrasingContent[]): PhrasingContent[] {
  const out: PhrasingContent[] = [];
  for (const n of nodes) {
    const last = out[out.length - 1];
    if (n.type === 'text' && last?.type === 'text') last.value += n.value;
    else out.push(n);
  }
  return out;
}

/** The title as shown: `{open}`-style attributes dropped, the `:::tip[Title]` brackets of MDX sites removed. */
function trimTitle(parts: PhrasingContent[]): PhrasingContent[] {
  const out = mergeText(parts);
  const first = out[0];
  const last = out[out.length - 1];
  if (last?.type === 'text') last.value = last.value.replace(/\s*\{[^{}]*\}\s*$/, '').trimEnd();
  if (first?.type === 'text') first.value = first.value.trimStart();
  if (first?.type === 'text' && last?.type === 'text' && first.value.startsWith('[') && last.value.endsWith(']')) {
    first.value = first.value.slice(1);
    last.value = last.value.slice(0, -1);
  }
  return out.filter((n) => n.type !== 'text' || n.value);
}

/** Builds containers from fences; an unmatched closing fence is dropped, an unclosed container ends with its parent. */
function nest(items: Item[], detailsTitle: string, span: Span, source: () => string[]): RootContent[] {
  const root: RootContent[] = [];
  const stack: { open: Extract<Item, { kind: 'open' }>; children: RootContent[] }[] = [];
  const target = () => stack[stack.length - 1]?.children ?? root;
  const close = (endLine: number, closed: boolean) => {
    const frame = stack.pop()!;
    const made =
      closed && frame.open.name === 'mermaid'
        ? // A wiki's diagram (remarkRawBlocks makes those at the top level): its source lines, not the Markdown they became.
          [codeFromLines(source(), frame.open.line, endLine, 'mermaid', span(frame.open.line, endLine))]
        : containerOf(frame.open, frame.children, span(frame.open.line, endLine), detailsTitle);
    // One push per node: an unknown container may hold more nodes than a spread may pass as arguments.
    const into = target();
    for (const node of made) into.push(node);
  };
  for (const item of items) {
    if (item.kind === 'node') target().push(item.node);
    else if (item.kind === 'open') stack.push({ open: item, children: [] });
    else if (stack.length) close(item.line, true);
  }
  while (stack.length) close(lastLine(stack[stack.length - 1]!.children) ?? stack[stack.length - 1]!.open.line, false);
  return root;
}

function containerOf(open: Extract<Item, { kind: 'open' }>, children: RootContent[], position: Position | undefined, detailsTitle: string): RootContent[] {
  const body = children as BlockContent[];
  const callout = CONTAINER_CALLOUTS[open.name];
  if (callout) return [calloutBlock(callout, open.title, body, position)];
  if (open.name === 'details') return [detailsBlock(open.title.length ? open.title : [{ type: 'text', value: detailsTitle }], open.expanded, body, position)];
  if (open.name === 'code-group' && body.some((c) => c.type === 'code')) return [codeGroup(body, position)];
  return children;
}

/** `<div class="code-group">` holding the group's blocks (a blockquote only in the tree, as `details` is). */
function codeGroup(body: BlockContent[], position: Position | undefined): Blockquote {
  return { type: 'blockquote', data: { hName: 'div', hProperties: { className: ['code-group'] } }, children: body, ...(position ? { position } : {}) };
}

/** A callout as `> [!TIP]` renders one: a blockquote marked for rehype-callouts, its title (if any) first. */
export function calloutBlock(kind: string, title: PhrasingContent[], body: Blockquote['children'], position: Position | undefined): Blockquote {
  const heading: Paragraph[] = title.length ? [{ type: 'paragraph', data: { hProperties: { className: ['callout-title'] } }, children: title }] : [];
  return { type: 'blockquote', data: { hProperties: { dataCallout: kind } }, children: [...heading, ...body], ...(position ? { position } : {}) };
}

/** `<details><summary>title</summary>body</details>`, open when `expanded`. */
export function detailsBlock(title: PhrasingContent[], expanded: boolean, body: BlockContent[], position: Position | undefined): Blockquote {
  const summary: Paragraph = { type: 'paragraph', data: { hName: 'summary' }, children: title };
  const hProperties = { className: ['details'], ...(expanded ? { open: true } : {}) };
  return { type: 'blockquote', data: { hName: 'details', hProperties }, children: [summary, ...body], ...(position ? { position } : {}) };
}

function lastLine(nodes: RootContent[]): number | undefined {
  return nodes[nodes.length - 1]?.position?.end.line;
}

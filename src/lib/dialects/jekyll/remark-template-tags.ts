import type { BlockContent, Code, Link, Paragraph, Parent, PhrasingContent, Root, RootContent, Text } from 'mdast';
import { toString } from 'mdast-util-to-string';
import type { Transformer } from 'unified';
import type { Position } from 'unist';
import { calloutBlock, detailsBlock, paragraphLines, paragraphOf, spanner, type Span } from '../../markdown/remark-containers.ts';
import { ChildReplacements } from '../../markdown/child-replacements.ts';
import { codeFromLines, languageOf, RAW_CODE_TAGS } from '../../markdown/remark-raw-blocks.ts';
import { parseTagLine, type TagArgs, type TemplateTag } from '../../markdown/template-tags.ts';
import { calloutKindOf, calloutTitleOf, templateLinks, titleOf } from './tag-meaning.ts';
import { visit } from '../../markdown/visit.ts';
import { safeDecode } from '../../wiki/url.ts';

type Open = Extract<TemplateTag, { kind: 'open' }>;

type Item =
  | { kind: 'node'; node: RootContent }
  | { kind: 'open'; tag: Open; line: number; parts: PhrasingContent[] }
  | { kind: 'close'; name: string; line: number; parts: PhrasingContent[] };

/** Tags whose content is a tab: its title in bold above it. */
const TABS = new Set(['tab', 'code-tabs-item', 'tabitem', 'update']);
/** Tags whose content is foldable (`{{< details "제목" >}}`, `{{< expand >}}`). */
const DETAILS = new Set(['details', 'expand', 'collapse', 'spoiler', 'accordion']);
/** Nesting deeper than this is left as written. */
const MAX_DEPTH = 32;

/**
 * GitBook's and Jekyll's Liquid block tags and Hugo's shortcodes, each alone on its line, as pages moved from those
 * tools keep them: a hint or notice becomes the callout `> [!TIP]` becomes, a tab its title in bold above its content,
 * `details`/`expand` a folded block, `highlight` a code block of the lines it holds (remarkRawBlocks makes those at
 * the top level), an embed or file a link, a Hugo figure an image; `{% comment %}` blocks and Hugo comment lines
 * (slash-star inside double braces) are dropped. Tags that only group (`tabs`, `stepper`, `content-ref`, `raw`) and
 * any other tag that has its closing tag lose their two lines and keep their content. A tag this does not know and
 * that never closes (`{% include nav.html %}`) stays as written: nothing is lost unseen.
 * Tags inside code, or inside a line of prose, are never read, except as the address of a link or image: Hugo's
 * `ref`/`relref`, Jekyll's `{% link %}`/`{% post_url %}` and `{{ site.baseurl }}` (templateLinks). In code, Jekyll's
 * `{% raw %}`/`{% endraw %}` pairs go, as on a Jekyll page.
 */
export default function remarkTemplateTags(options: { detailsTitle?: string } = {}): Transformer<Root> {
  const detailsTitle = options.detailsTitle ?? '자세히';
  return (tree, file) => {
    const source = String(file.value ?? '');
    if (!source.includes('{%') && !source.includes('{{')) return;
    const span = spanner(source);
    let lines: string[] | undefined;
    const sourceLines = () => (lines ??= source.split('\n'));
    const walk = (parent: Parent, depth: number): void => {
      hoistTrailingTagLines(parent, span);
      for (const child of parent.children)
        if ('children' in child && child.type !== 'paragraph' && child.type !== 'heading' && depth < MAX_DEPTH) walk(child, depth + 1);
      if (!parent.children.some(hasTagLine)) return;
      parent.children = nest(
        parent.children.flatMap((n) => split(n, span)),
        sourceLines,
        span,
        detailsTitle,
      );
    };
    walk(tree, 0);
    linkTemplateAddresses(tree, span);
    if (source.includes('raw')) dropRawTags(tree);
  };
}

/** Jekyll's `{% raw %}` … `{% endraw %}` around a code sample's Liquid: Jekyll shows the sample without them. */
const RAW_TAG = /\{%-?[ \t]*(?:end)?raw[ \t]*-?%\}/g;

/** Takes Jekyll's raw tags out of code that holds both (`{% raw %}{{ page.title }}{% endraw %}`), as Jekyll's page shows it. */
function dropRawTags(tree: Root): void {
  visit(tree, (node: RootContent | Root) => {
    if ((node.type === 'code' || node.type === 'inlineCode') && /\{%-?[ \t]*raw[ \t]*-?%\}/.test(node.value) && /\{%-?[ \t]*endraw[ \t]*-?%\}/.test(node.value))
      node.value = node.value.replace(RAW_TAG, '');
  });
}

/** Makes links and images of `[글]({{< ref "a.md" >}})`-like text (templateLinks), which the parser left as text. */
function linkTemplateAddresses(tree: Root, span: Span): void {
  const replacements = new ChildReplacements();
  visit(tree, 'text', (node: Text, index, parent) => {
    if (index === undefined || !parent) return;
    const found = templateLinks(node.value);
    if (!found.length) return;
    const parts: PhrasingContent[] = [];
    let at = 0;
    let line = node.position?.start.line;
    for (const link of found) {
      if (link.index > at) parts.push({ type: 'text', value: node.value.slice(at, link.index) });
      if (line !== undefined) line += countLines(node.value, at, link.index);
      // The whole line, with offsets: hast-util-raw requires them on every position.
      const position = line !== undefined ? span(line, line) : undefined;
      parts.push(
        link.image
          ? { type: 'image', url: link.url, alt: link.label, ...(position ? { position } : {}) }
          : { type: 'link', url: link.url, children: [{ type: 'text', value: link.label || link.url }], ...(position ? { position } : {}) },
      );
      at = link.index + link.length;
      if (line !== undefined) line += countLines(node.value, link.index, at);
    }
    if (at < node.value.length) parts.push({ type: 'text', value: node.value.slice(at) });
    replacements.set(parent, index, parts);
  });
  replacements.apply();
}

function countLines(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = text.indexOf('\n', from); i >= 0 && i < to; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

/**
 * A tag line written right under a list (`- item` then `{% endtab %}`) is a lazy continuation line of the last item's
 * paragraph in CommonMark; the tool that wrote it meant the block's end. Trailing tag lines of that paragraph are
 * moved out, after the list.
 */
function hoistTrailingTagLines(parent: Parent, span: Span): void {
  for (let i = parent.children.length - 1; i >= 0; i--) {
    const list = parent.children[i]!;
    if (list.type !== 'list') continue;
    const item = list.children[list.children.length - 1];
    const para = item?.children[item.children.length - 1];
    if (para?.type !== 'paragraph' || !hasTagLine(para)) continue;
    const lines = paragraphLines(para);
    let keep = lines.length;
    while (keep > 1 && isTagLine(lines[keep - 1]!)) keep--;
    if (keep === lines.length) continue;
    const startLine = para.position?.start.line ?? 1;
    const kept = paragraphOf(lines.slice(0, keep), startLine, span);
    para.children = kept.children;
    if (kept.position && para.position) para.position.end = { ...kept.position.end };
    parent.children.splice(i + 1, 0, paragraphOf(lines.slice(keep), startLine + keep, span));
  }
}

function isTagLine(parts: PhrasingContent[]): boolean {
  return parts[0]?.type === 'text' && parseTagLine(parts.map((p) => toString(p)).join('')) !== undefined;
}

function hasTagLine(node: RootContent): boolean {
  return node.type === 'paragraph' && node.children.some((c) => c.type === 'text' && /(^|\n)[ \t]*\{[{%]/.test(c.value));
}

/** Splits a paragraph at its tag lines; other nodes pass through. */
function split(node: RootContent, span: Span): Item[] {
  if (node.type !== 'paragraph' || !hasTagLine(node)) return [{ kind: 'node', node }];
  const startLine = node.position?.start.line ?? 1;
  const items: Item[] = [];
  let pending: { line: number; parts: PhrasingContent[][] } | undefined;
  const flush = () => {
    if (pending?.parts.length) items.push({ kind: 'node', node: paragraphOf(pending.parts, pending.line, span) });
    pending = undefined;
  };
  paragraphLines(node).forEach((parts, i) => {
    const line = startLine + i;
    const tag = parts.length && parts[0]!.type === 'text' ? parseTagLine(parts.map((p) => toString(p)).join('')) : undefined;
    if (tag?.kind === 'comment') flush();
    else if (tag?.kind === 'open') {
      flush();
      items.push({ kind: 'open', tag, line, parts });
    } else if (tag?.kind === 'close') {
      flush();
      items.push({ kind: 'close', name: tag.name, line, parts });
    } else {
      pending ??= { line, parts: [] };
      pending.parts.push(parts);
    }
  });
  flush();
  return items;
}

interface Frame {
  open: Extract<Item, { kind: 'open' }>;
  children: RootContent[];
}

/** Builds blocks from tag lines; a closing tag closes the nearest open tag of its name and whatever opened after it. */
function nest(items: Item[], source: () => string[], span: Span, detailsTitle: string): RootContent[] {
  const root: RootContent[] = [];
  const stack: Frame[] = [];
  const target = () => stack[stack.length - 1]?.children ?? root;
  const push = (nodes: RootContent[]) => {
    // One push per node: a block may hold more nodes than a spread may pass as arguments.
    const into = target();
    for (const n of nodes) into.push(n);
  };
  const unclosed = () => {
    const frame = stack.pop()!;
    push(single(frame.open, span) ?? [paragraphOf([frame.open.parts], frame.open.line, span)]);
    push(frame.children);
  };
  for (const item of items) {
    if (item.kind === 'node') target().push(item.node);
    else if (item.kind === 'open') {
      if (stack.length >= MAX_DEPTH) target().push(paragraphOf([item.parts], item.line, span));
      else stack.push({ open: item, children: [] });
    } else {
      let at = stack.length - 1;
      while (at >= 0 && stack[at]!.open.tag.name !== item.name) at--;
      if (at < 0) {
        // A closing tag with nothing to close stays as written.
        target().push(paragraphOf([item.parts], item.line, span));
        continue;
      }
      while (stack.length > at + 1) unclosed();
      const frame = stack.pop()!;
      push(block(frame, item.line, source, span, detailsTitle));
    }
  }
  while (stack.length) unclosed();
  return root;
}

/** What a tag that closed becomes, with what it held; `detailsTitle` names a folded block written without a title. */
function block(frame: Frame, closeLine: number, source: () => string[], span: Span, detailsTitle: string): RootContent[] {
  const { tag, line } = frame.open;
  const { name, args } = tag;
  const position = span(line, closeLine);
  const body = frame.children as BlockContent[];
  if (name === 'comment') return [];
  const kind = calloutKindOf(name, args);
  if (kind) return [calloutBlock(kind, textTitle(calloutTitleOf(name, args)), body, position)];
  if (DETAILS.has(name))
    return [detailsBlock(textTitle(titleOf(args, true) ?? detailsTitle), 'open' in args.named || args.positional.includes('open'), body, position)];
  if (TABS.has(name)) {
    const title = titleOf(args, true);
    return title ? [boldLine(title, line, span), ...body] : body;
  }
  if (RAW_CODE_TAGS.has(name) || (name === 'code' && !body.some((n) => n.type === 'code'))) return [rawCode(source, line, closeLine, args, position)];
  if (name === 'code') {
    // GitBook's `{% code title="app.js" %}` around a fence: the title goes above the code.
    const title = titleOf(args, false);
    return title ? [captionLine(title, line, span), ...body] : body;
  }
  const own = single(frame.open, span, body);
  if (own) return own;
  if (name === 'content-ref') markMentions(body);
  return body;
}

/**
 * GitBook's page card (`{% content-ref url="a.md" %}` around `[a.md](a.md)`) shows the page's title: its links named
 * by their file are marked as GitBook marks a page mention, whose text the site replaces with the title.
 */
function markMentions(nodes: readonly RootContent[]): void {
  for (const node of nodes)
    visit(node, 'link', (link: Link) => {
      const file = link.url.split(/[?#]/)[0]!.split('/').pop() ?? '';
      const text = toString(link).trim();
      if (text && (text === link.url || text === file || text === safeDecode(file))) link.title = 'mention';
    });
}

/** What a tag that stands alone becomes (an embed, a file, a figure, a video), or undefined when it is no such tag. */
function single(open: Extract<Item, { kind: 'open' }>, span: Span, caption: BlockContent[] = []): RootContent[] | undefined {
  const { name, args } = open.tag;
  const position = span(open.line, open.line);
  const text = caption
    .map((n) => toString(n))
    .join(' ')
    .trim();
  const target = linkTarget(name, args);
  if (target) return [paragraph([link(target, text || target, position)], position)];
  if (name === 'figure' && args.named.src) {
    const alt = args.named.alt ?? args.named.caption ?? args.named.title ?? '';
    const image: PhrasingContent = {
      type: 'image',
      url: args.named.src,
      alt,
      ...(args.named.title ? { title: args.named.title } : {}),
      ...(position ? { position } : {}),
    };
    const under = args.named.caption ?? args.named.title;
    return [paragraph([image], position), ...(under ? [captionLine(under, open.line, span)] : [])];
  }
  return undefined;
}

/** The URL an embed, file or video tag points at. */
function linkTarget(name: string, args: TagArgs): string | undefined {
  const first = args.positional[0];
  if (name === 'embed') return args.named.url ?? first;
  if (name === 'file') return args.named.src ?? first;
  const id = args.named.id ?? first;
  if (!id || !/^[\w-]+$/.test(id)) return undefined;
  if (name === 'youtube') return `https://www.youtube.com/watch?v=${id}`;
  if (name === 'vimeo') return `https://vimeo.com/${id}`;
  if (name === 'gist' && args.positional[1] && /^[\w-]+$/.test(args.positional[1])) return `https://gist.github.com/${id}/${args.positional[1]}`;
  return undefined;
}

/** The source lines between two tag lines, as a code block in the language the tag names. */
function rawCode(source: () => string[], openLine: number, closeLine: number, args: TagArgs, position: Position | undefined): Code {
  return codeFromLines(source(), openLine, closeLine, languageOf(args), position);
}

function link(url: string, text: string, position: Position | undefined): Link {
  return { type: 'link', url, children: [{ type: 'text', value: text }], ...(position ? { position } : {}) };
}

function paragraph(children: PhrasingContent[], position: Position | undefined): Paragraph {
  return { type: 'paragraph', children, ...(position ? { position } : {}) };
}

function textTitle(title: string | undefined): PhrasingContent[] {
  return title ? [{ type: 'text', value: title }] : [];
}

function boldLine(title: string, line: number, span: Span): Paragraph {
  return paragraph([{ type: 'strong', children: [{ type: 'text', value: title }] }], span(line, line));
}

function captionLine(title: string, line: number, span: Span): Paragraph {
  return {
    ...paragraph([{ type: 'emphasis', children: [{ type: 'text', value: title }] }], span(line, line)),
    data: { hProperties: { className: ['tag-caption'] } },
  };
}

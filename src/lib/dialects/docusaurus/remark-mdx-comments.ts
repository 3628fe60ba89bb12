import type { Nodes, Parent, PhrasingContent, Root } from 'mdast';
import type { Transformer } from 'unified';
import { ChildReplacements } from '../../markdown/child-replacements.ts';
import { SKIP, visit } from '../../markdown/visit.ts';
import { mapFencedLines } from '../../markdown/fenced-lines.ts';

const COMMENT = /\{\/\*[\s\S]*?\*\/\}/g;
const CARRIERS = new Set(['paragraph', 'heading', 'tableCell']);

/**
 * Removes MDX comments `{/* … *\/}` from prose, headings and table cells (never from code). Markdown
 * parses the comment in pieces (`{/` + emphasis + `/}`, or around an HTML comment), so the comment is
 * found in the source text and every node inside it is dropped. A comment closing a heading is left for
 * remarkHeadingIds: react.dev writes heading ids that way.
 */
export default function remarkMdxComments(): Transformer<Root> {
  return (tree, file) => {
    const source = String(file.value ?? '');
    // Paragraphs left empty are removed after the walk, in one pass per parent (a removal each shifts the rest).
    const removals = new ChildReplacements();
    visit(tree, (node, index, parent) => {
      if (!CARRIERS.has(node.type) || !('children' in node)) return;
      const carrier = node as Parent & { children: PhrasingContent[] };
      const ranges = commentRanges(carrier, source);
      if (!ranges.length) return;
      carrier.children = trimEdges(strip(carrier.children, ranges));
      if (carrier.type === 'paragraph' && parent && index !== undefined && !carrier.children.some(hasContent)) {
        removals.set(parent, index, []);
        return SKIP;
      }
      return undefined;
    });
    removals.apply();
  };
}

type Range = [number, number];

function commentRanges(node: Parent, source: string): Range[] {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  if (start === undefined || end === undefined) return textOnly(node);
  const text = source.slice(start, end);
  if (!text.includes('{/*')) return [];
  const spans = textSpans(node);
  const inText = (o: number) => spans.some(([a, b]) => o >= a && o < b);
  const ranges: Range[] = [];
  for (const m of text.matchAll(COMMENT)) {
    const r: Range = [start + m.index, start + m.index + m[0].length];
    if (!inText(r[0]) || !inText(r[1] - 1)) continue;
    if (node.type === 'heading' && !text.slice(m.index + m[0].length).trim()) continue;
    ranges.push(r);
  }
  return ranges;
}

/** Without positions (a tree built by a plugin) only comments inside one text node are found. */
function textOnly(node: Parent): Range[] {
  for (const c of node.children) if (c.type === 'text') c.value = c.value.replace(COMMENT, '');
  return [];
}

function textSpans(node: Parent): Range[] {
  const out: Range[] = [];
  visit(node as Nodes, 'text', (t) => {
    if (t.position?.start.offset !== undefined && t.position.end.offset !== undefined) out.push([t.position.start.offset, t.position.end.offset]);
  });
  return out;
}

function strip(children: PhrasingContent[], ranges: Range[]): PhrasingContent[] {
  const out: PhrasingContent[] = [];
  for (const child of children) {
    const a = child.position?.start.offset;
    const b = child.position?.end.offset;
    if (a === undefined || b === undefined) {
      out.push(child);
      continue;
    }
    if (ranges.some(([s, e]) => a >= s && b <= e)) continue;
    const overlapping = ranges.filter(([s, e]) => s < b && e > a);
    if (!overlapping.length) {
      out.push(child);
      continue;
    }
    if (child.type === 'text') {
      child.value = cutText(child.value, a, overlapping);
      if (child.value) out.push(child);
    } else if ('children' in child) {
      (child as Parent).children = strip((child as Parent & { children: PhrasingContent[] }).children, ranges);
      out.push(child);
    }
  }
  return out;
}

/** Cuts the parts of a text node's value that lie inside comments (its value is its source unless escapes occur). */
function cutText(value: string, at: number, ranges: Range[]): string {
  let out = value;
  for (const [s, e] of [...ranges].sort((x, y) => y[0] - x[0])) {
    const from = Math.max(0, s - at);
    const to = Math.min(out.length, e - at);
    const left = out.slice(0, from);
    const right = out.slice(to);
    out = /\s$/.test(left) && /^[ \t]/.test(right) ? left + right.replace(/^[ \t]+/, '') : left + right;
  }
  return out;
}

function trimEdges(children: PhrasingContent[]): PhrasingContent[] {
  const first = children[0];
  const last = children[children.length - 1];
  if (first?.type === 'text') first.value = first.value.trimStart();
  if (last?.type === 'text') last.value = last.value.trimEnd();
  return children.filter((c) => c.type !== 'text' || c.value !== '');
}

function hasContent(node: PhrasingContent): boolean {
  return node.type !== 'text' || node.value.trim() !== '';
}

/**
 * Removes one-line MDX comments from Markdown text outside fenced code and inline code, keeping every line
 * (heading lines are counted afterwards). For `_wiki/docs/*.md`, which AIs read as written.
 */
export function stripMdxCommentText(markdown: string): string {
  return mapFencedLines(markdown, (line, code) => {
    if (code || !line.includes('{/*')) return line;
    // Odd segments between backtick runs are inline code: left as written.
    return line
      .split(/(`+[^`]*`+)/)
      .map((part, i) => (i % 2 ? part : part.replace(COMMENT, '')))
      .join('')
      .replace(/[ \t]+$/, '');
  });
}

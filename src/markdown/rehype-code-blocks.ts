import type { Element, ElementContent, Root } from 'hast';
import type { Transformer } from 'unified';
import { visit, SKIP } from '../lib/markdown/visit.ts';
import { lineMarks, parseCodeMeta, type LineMark } from '../lib/markdown/code-meta.ts';

export interface Options {
  /** Languages left alone (rendered elsewhere); default `['mermaid']`. */
  skip?: string[];
}

const MARK_CLASS: Record<Exclude<LineMark, undefined>, string> = { highlight: 'line-hl', inserted: 'line-ins', deleted: 'line-del' };
const PLAIN = new Set(['plaintext', 'text', 'txt', 'plain']);

/**
 * Frames each code block: `<figure class="code-block">` with a head (title, language; the copy button is added by
 * the browser) and marked lines (`{2-3}`, `ins={…}`, `del={…}`, `diff`). Runs after the sanitizer, so it reads
 * the meta recorded by remarkCodeMeta on the file rather than anything on the (sanitized) tree.
 */
export default function rehypeCodeBlocks(options: Options = {}): Transformer<Root> {
  const skip = new Set(options.skip ?? ['mermaid']);
  return (tree, file) => {
    const sources = file.data.codeBlocks ?? [];
    let index = 0;
    visit(tree, 'element', (node: Element, i, parent) => {
      if (node.tagName !== 'pre' || !parent || i === undefined) return;
      // Only a block whose text is the one recorded is framed: a raw-HTML <pre> never gets another block's meta, and
      // it does not use up the next block's record either (every later block would then be compared with the wrong one).
      const text = textOf(node).replace(/\n$/, '');
      const at = sourceFor(sources, index, text);
      if (at < 0) return SKIP;
      index = at + 1;
      const source = sources[at]!;
      if (skip.has(source.lang ?? '')) return SKIP;
      const code = node.children.find((c): c is Element => c.type === 'element' && c.tagName === 'code');
      const meta = parseCodeMeta(source.meta);
      const marks = lineMarks(meta, source.value.split('\n'), source.lang);
      if (code && marks.some(Boolean)) code.children = markLines(code.children, marks);
      const head: ElementContent[] = [];
      if (meta.title) head.push(span('code-title', meta.title));
      if (source.lang && !PLAIN.has(source.lang)) head.push(span('code-lang', source.lang));
      const figure: Element = {
        type: 'element',
        tagName: 'figure',
        properties: { className: ['code-block', ...(meta.title ? ['has-title'] : [])] },
        children: [{ type: 'element', tagName: 'figcaption', properties: { className: ['code-head'] }, children: head }, node],
      };
      parent.children[i] = figure;
      return SKIP;
    });
  };
}

/** Fenced blocks a raw <pre> may stand between and still be matched: bounds the work on hostile pages of many <pre>. */
const LOOKAHEAD = 32;

/** Index of the recorded block, from `from` on, whose text this <pre> shows; -1 when none (a raw-HTML <pre>). */
function sourceFor(sources: readonly { value: string }[], from: number, text: string): number {
  for (let k = from; k < sources.length && k < from + LOOKAHEAD; k++) if (sources[k]!.value.replace(/\n$/, '') === text) return k;
  return -1;
}

function span(className: string, text: string): Element {
  return { type: 'element', tagName: 'span', properties: { className: [className] }, children: [{ type: 'text', value: text }] };
}

/** Regroups a code element's children into one `span.line` per source line, with the line's mark as a class. */
function markLines(children: ElementContent[], marks: LineMark[]): ElementContent[] {
  const lines: ElementContent[][] = [[]];
  for (const child of children) {
    if (child.type !== 'text' || !child.value.includes('\n')) {
      lines.at(-1)!.push(child);
      continue;
    }
    child.value.split('\n').forEach((part, k) => {
      if (k > 0) lines.push([]);
      if (part) lines.at(-1)!.push({ type: 'text', value: part });
    });
  }
  // remark-rehype ends a block with "\n": that is no line of its own.
  const trailing = lines.length > 1 && lines.at(-1)!.length === 0;
  if (trailing) lines.pop();
  const out: ElementContent[] = [];
  lines.forEach((content, k) => {
    if (k > 0) out.push({ type: 'text', value: '\n' });
    const mark = marks[k];
    const only = content.length === 1 && content[0]!.type === 'element' ? content[0] : undefined;
    const cls = only && classesOf(only).includes('line') ? only : undefined;
    const line: Element = cls ?? { type: 'element', tagName: 'span', properties: { className: ['line'] }, children: content };
    if (mark) {
      line.properties['className'] = [...classesOf(line), MARK_CLASS[mark]];
      delete line.properties['class'];
    }
    out.push(line);
  });
  if (trailing) out.push({ type: 'text', value: '\n' });
  return out;
}

function textOf(node: Element | ElementContent): string {
  if (node.type === 'text') return node.value;
  return node.type === 'element' ? node.children.map(textOf).join('') : '';
}

function classesOf(node: Element): string[] {
  // Shiki writes `class` where hast usually has `className`.
  const value: unknown = node.properties['className'] ?? node.properties['class'];
  return (Array.isArray(value) ? value : typeof value === 'string' ? value.split(' ') : []).map(String);
}

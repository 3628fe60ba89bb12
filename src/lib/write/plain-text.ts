import type { Heading, Nodes, Paragraph, Root } from 'mdast';
import remarkCjkFriendly from 'remark-cjk-friendly';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { splitExplicitId } from '../markdown/heading-id.ts';

// Parse only: the inline syntax (GFM, CJK-friendly emphasis) must match the site's, the block plugins don't matter here.
const processor = unified().use(remarkParse).use(remarkGfm).use(remarkCjkFriendly).freeze();

const INLINE_PARENTS = new Set(['paragraph', 'heading', 'emphasis', 'strong', 'delete', 'link', 'linkReference', 'tableCell']);
const ASCII_WORD = /[A-Za-z0-9]/;

/** A Markdown body's syntax tree, with source offsets. */
export function parseBody(body: string): Root {
  return processor.parse(body);
}

/**
 * The text a reader sees: Markdown delimiters around text are dropped, characters inside words never are. Emphasis
 * between two ASCII letters or digits (`2*3*4`) is kept as typed, because there the `*` is part of what was written;
 * between Korean letters (`이것은**중요**하다`) it is styling, as CommonMark and the site read it.
 */
export function plainText(node: Nodes, source: string): string {
  switch (node.type) {
    case 'text':
    case 'inlineCode':
    case 'code':
      return node.value;
    case 'html':
      return '';
    case 'break':
      return '\n';
    case 'image':
    case 'imageReference':
      return node.alt ?? '';
    case 'emphasis':
    case 'strong':
    case 'delete': {
      const typed = typedInsideWord(node, source);
      if (typed !== undefined) return typed;
      break;
    }
    default:
  }
  if (!('children' in node)) return '';
  const parts: string[] = node.children.map((child: Nodes) => plainText(child, source));
  return parts.join(INLINE_PARENTS.has(node.type) ? '' : '\n');
}

/** A heading's text as a title: plain, on one line, without a `{#id}` marker. */
export function headingTitle(heading: Heading, source: string): string {
  return splitExplicitId(plainText(heading, source).replace(/\s+/g, ' ').trim()).text.trim();
}

/** The first paragraph in reading order (inside lists and quotes too) that has any text. */
export function firstParagraph(tree: Root, source: string): Paragraph | undefined {
  const stack: Nodes[] = [tree];
  while (stack.length) {
    const node = stack.shift()!;
    if (node.type === 'paragraph') {
      if (plainText(node, source).trim()) return node;
      continue;
    }
    if ('children' in node && node.type !== 'heading') stack.unshift(...(node.children as Nodes[]));
  }
  return undefined;
}

function typedInsideWord(node: Nodes, source: string): string | undefined {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  if (start === undefined || end === undefined) return undefined;
  const before = source[start - 1] ?? '';
  const after = source[end] ?? '';
  return ASCII_WORD.test(before) && ASCII_WORD.test(after) ? source.slice(start, end) : undefined;
}

import type { Blockquote, Paragraph, Root } from 'mdast';
import type { Transformer } from 'unified';
import { calloutBlock } from '../../markdown/remark-containers.ts';
import { visit } from '../../markdown/visit.ts';

/** Docsify's hint markers at the start of a paragraph: `!> ` an important note, `?> ` a tip. */
const HINT = /^([!?])>[ \t]+/;
const KIND = { '!': 'important', '?': 'tip' } as const;
/**
 * Docsify's hints (`!> 중요한 내용`, `?> 팁`), which other Markdown shows as a paragraph starting with `!>` or `?>`,
 * become the callouts `> [!IMPORTANT]` and `> [!TIP]` become, at any depth. Only a marker that opens the paragraph's
 * source counts: one written after an escape or in the middle of a line stays text.
 */
export default function remarkDocsifyHints(): Transformer<Root> {
  return (tree, file) => {
    const source = String(file.value ?? '');
    if (!source.includes('!>') && !source.includes('?>')) return;
    visit(tree, 'paragraph', (node: Paragraph, index, parent) => {
      if (!parent || index === undefined) return undefined;
      const callout = hint(node, source);
      if (!callout) return undefined;
      (parent.children as unknown[])[index] = callout;
      // On from the callout itself: what it holds is read like any other block.
      return index;
    });
  };
}

function hint(node: Paragraph, source: string): Blockquote | undefined {
  const first = node.children[0];
  const start = node.position?.start.offset;
  if (first?.type !== 'text' || start === undefined) return undefined;
  const marker = HINT.exec(first.value);
  if (!marker || !HINT.test(source.slice(start, start + 8))) return undefined;
  const rest = first.value.slice(marker[0].length);
  const children = rest ? [{ ...first, value: rest }, ...node.children.slice(1)] : node.children.slice(1);
  if (!children.length) return undefined;
  return calloutBlock(KIND[marker[1] as '!' | '?'], [], [{ ...node, children }], node.position);
}

import type { Element, Root } from 'hast';
import type { Transformer } from 'unified';
import { visit, SKIP } from '../lib/markdown/visit.ts';

export interface Options {
  /** Accessible name of the scrolling box; default `표`. */
  label?: string;
}

/**
 * Wraps each table in a focusable box that scrolls sideways (`<div class="table-scroll" role="region" tabindex="0">`),
 * so a wide table never squeezes its words on a phone and keyboard users can scroll it (axe: scrollable-region-focusable).
 */
export default function rehypeScrollTables(options: Options = {}): Transformer<Root> {
  const label = options.label ?? '표';
  return (tree) => {
    visit(tree, 'element', (node: Element, i, parent) => {
      if (node.tagName !== 'table' || !parent || i === undefined) return;
      if (parent.type === 'element' && [parent.properties['className']].flat().includes('table-scroll')) return SKIP;
      parent.children[i] = {
        type: 'element',
        tagName: 'div',
        properties: { className: ['table-scroll'], role: 'region', ariaLabel: label, tabIndex: 0 },
        children: [node],
      };
      return SKIP;
    });
  };
}

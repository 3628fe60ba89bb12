import type { Element, Root } from 'hast';
import type { Transformer } from 'unified';
import { withoutColours } from '../lib/markdown/code-style.ts';
import { SKIP, visit } from '../lib/markdown/visit.ts';

/**
 * Makes code an author wrote as raw HTML (`<pre>`, `<code>`) look and behave like Maru's own code blocks: its inline
 * colours go (they were picked for another site's theme, e.g. a generator's dark prompt boxes, and are unreadable on
 * the light one), so the theme's code colours apply; and a `<pre>` becomes focusable (`tabindex="0"`), as Shiki's
 * blocks are, so keyboard users can scroll it sideways (axe: scrollable-region-focusable). Shiki's blocks
 * (`pre.astro-code`) keep their colours. Runs after the sanitizer, which has already dropped unsafe styles.
 */
export default function rehypePlainRawCode(): Transformer<Root> {
  return (tree) => {
    visit(tree, 'element', (node: Element) => {
      if (node.tagName !== 'pre' && node.tagName !== 'code') return;
      if (node.tagName === 'pre' && classes(node).includes('astro-code')) return SKIP;
      if (node.tagName === 'pre') node.properties['tabIndex'] = 0;
      dropColours(node);
      return SKIP;
    });
  };
}

function dropColours(node: Element): void {
  visit(node, 'element', (el: Element) => {
    const style = el.properties['style'];
    if (typeof style !== 'string') return;
    const kept = withoutColours(style);
    if (kept === undefined) delete el.properties['style'];
    else el.properties['style'] = kept;
  });
}

function classes(node: Element): unknown[] {
  return [node.properties['className']].flat();
}

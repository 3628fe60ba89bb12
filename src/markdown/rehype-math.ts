import type { Element, Root } from 'hast';
import rehypeKatex, { type Options } from 'rehype-katex';
import type { VFile } from 'vfile';
import { MAX_FORMULAS } from '../lib/markdown/parse.ts';
import { EXIT, visit } from '../lib/markdown/visit.ts';

/** The classes rehype-katex draws: remark-math's (`$…$`, `$$…$$`) and a ```` ```math ```` block's. */
const MATH_CLASSES = ['language-math', 'math-inline', 'math-display'];

/**
 * rehype-katex, run only on a page that has formulas and at most `MAX_FORMULAS` of them. It walks every element of
 * every page with a visitor that copies the ancestor list per node: about 1 ms a page of ko-react-docs, none of which
 * has a formula, against a tenth of that to look. The parse refuses a Markdown body with more formulas; raw HTML
 * (`<code class="language-math">`, which the sanitizer keeps as any `language-*` code) is not counted there, so a page
 * over the limit keeps its formulas as code instead of taking seconds to draw them.
 */
export default function rehypeMath(options: Readonly<Options>): (tree: Root, file: VFile) => void {
  const draw = rehypeKatex(options);
  return (tree, file) => {
    const count = countFormulas(tree, MAX_FORMULAS + 1);
    if (count > 0 && count <= MAX_FORMULAS) draw(tree, file);
  };
}

function countFormulas(tree: Root, stopAt: number): number {
  let count = 0;
  visit(tree, 'element', (node: Element) => {
    const classes = node.properties['className'];
    if (Array.isArray(classes) && classes.some((c) => typeof c === 'string' && MATH_CLASSES.includes(c)) && ++count >= stopAt) return EXIT;
    return undefined;
  });
  return count;
}

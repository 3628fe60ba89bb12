import type { Element, ElementContent, Root, RootContent } from 'hast';
import { raw } from 'hast-util-raw';
import type { VFile } from 'vfile';
import { drawFormulas, type Formula } from '../lib/markdown/formulas.ts';
import { MAX_FORMULAS } from '../lib/markdown/parse.ts';
import { EXIT, SKIP, visit } from '../lib/markdown/visit.ts';

/** The classes KaTeX draws: remark-math's (`$…$`, `$$…$$`) and a ```` ```math ```` block's. */
const MATH_CLASSES = ['language-math', 'math-inline', 'math-display'];

/** What a formula over the budget becomes: its TeX as code, with no class anything draws from. */
const SOURCE_CLASS = 'math-source';

/**
 * The page's formulas as MathML, drawn by `drawFormulas` (KaTeX within the page's budget: the rule `npm run check`
 * and the build's warnings apply too); a formula over the budget stays code showing its TeX. Only a page that has
 * formulas and at most `MAX_FORMULAS` of them is drawn. The parse refuses a Markdown body with more; raw HTML
 * (`<code class="language-math">`, which the sanitizer keeps as any `language-*` code) is not counted there, so a page
 * over the limit keeps its formulas as code instead of taking seconds to draw them.
 */
export default function rehypeMath(): (tree: Root, file: VFile) => void {
  return (tree) => {
    const found = findFormulas(tree, MAX_FORMULAS + 1);
    if (found.length === 0 || found.length > MAX_FORMULAS) return;
    const outcomes = drawFormulas(found);
    found.forEach(({ scope, parent }, i) => {
      const outcome = outcomes[i]!;
      const index = parent.children.indexOf(scope);
      if ('mathml' in outcome) {
        // KaTeX's markup as hast, as rehype-katex makes it (parse5 through hast-util-raw, not the page's sanitizer:
        // this is KaTeX's output for a formula drawn with `trust: false`).
        const drawn = raw({ type: 'root', children: [{ type: 'raw', value: outcome.mathml } as unknown as RootContent] }) as Root;
        parent.children.splice(index, 1, ...(drawn.children as ElementContent[]));
      } else {
        const code = scope.tagName === 'code' ? scope : (scope.children[0] as Element);
        code.properties['className'] = [SOURCE_CLASS];
      }
    });
  };
}

interface Found extends Formula {
  /** The element the drawing replaces: the `<code>`, or the `<pre>` around a block's. */
  scope: Element;
  parent: Root | Element;
}

function findFormulas(tree: Root, stopAt: number): Found[] {
  const found: Found[] = [];
  const parents = new Map<Element, Root | Element>();
  visit(tree, 'element', (node: Element, _index, above) => {
    if (above) parents.set(node, above);
    const classes = node.properties['className'];
    if (!Array.isArray(classes) || !classes.some((c) => typeof c === 'string' && MATH_CLASSES.includes(c))) return undefined;
    const outer = parents.get(node);
    if (!outer) return undefined;
    // A ```` ```math ```` block (and remark-math's `$$`) is `<pre><code class="language-math">`: drawn whole, as display.
    const block = node.tagName === 'code' && classes.includes('language-math') && outer.type === 'element' && outer.tagName === 'pre';
    const scope = block ? outer : node;
    const parent = block ? parents.get(outer) : outer;
    if (!parent) return undefined;
    found.push({ tex: textOf(node), display: block || classes.includes('math-display'), scope, parent });
    return found.length >= stopAt ? EXIT : SKIP;
  });
  return found;
}

function textOf(node: Element | ElementContent): string {
  if (node.type === 'text') return node.value;
  return node.type === 'element' ? node.children.map(textOf).join('') : '';
}

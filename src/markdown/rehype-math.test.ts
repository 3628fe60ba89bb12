import type { Element, Root } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { VFile } from 'vfile';
import { describe, expect, test } from 'vitest';
import { MAX_FORMULAS } from '../lib/markdown/parse.ts';
import rehypeMath from './rehype-math.ts';

const formula = (tex: string): Element => ({
  type: 'element',
  tagName: 'code',
  properties: { className: ['language-math'] },
  children: [{ type: 'text', value: tex }],
});
const page = (n: number, more: Element[] = []): Root => ({
  type: 'root',
  children: [{ type: 'element', tagName: 'p', properties: {}, children: [...Array.from({ length: n }, () => formula('x^2')), ...more] }],
});
const draw = (tree: Root) => {
  rehypeMath()(tree, new VFile());
  return toHtml(tree);
};

describe('rehypeMath: KaTeX on pages with formulas, within the limit', () => {
  test('a formula is drawn as MathML', () => {
    expect(draw(page(1))).toBe(
      '<p><span class="katex"><math xmlns="http://www.w3.org/1998/Math/MathML"><semantics><mrow><msup><mi>x</mi><mn>2</mn></msup></mrow><annotation encoding="application/x-tex">x^2</annotation></semantics></math></span></p>',
    );
  });

  test('a page without formulas is left as it is', () => {
    const tree: Root = {
      type: 'root',
      children: [{ type: 'element', tagName: 'code', properties: { className: ['language-js'] }, children: [{ type: 'text', value: '$x$' }] }],
    };
    expect(draw(tree)).toBe('<code class="language-js">$x$</code>');
  });

  test('past the limit (raw HTML code the parse does not count) every formula stays code instead of seconds of drawing', () => {
    const html = draw(page(MAX_FORMULAS + 1));
    expect(html).not.toContain('<math');
    expect(html.match(/<code class="language-math">x\^2<\/code>/g)).toHaveLength(MAX_FORMULAS + 1);
    expect(draw(page(MAX_FORMULAS)).match(/<math /g)).toHaveLength(MAX_FORMULAS);
  });
});

describe('rehypeMath: a formula over the budget shows its TeX as code', () => {
  const bomb = `\\def\\z{${'a'.repeat(100)}}\\def\\y{${'\\z'.repeat(10)}}\\def\\x{${'\\y'.repeat(10)}}${'\\x'.repeat(9)}`;

  test('a macro that multiplies its text (inline and as a block) stays code; the formula beside it is drawn', () => {
    const tree: Root = {
      type: 'root',
      children: [
        { type: 'element', tagName: 'p', properties: {}, children: [formula(bomb), formula('x^2')] },
        { type: 'element', tagName: 'pre', properties: {}, children: [formula(bomb)] },
      ],
    };
    const html = draw(tree);
    expect(html.match(/<math /g)).toHaveLength(1);
    expect(html).toContain(`<p><code class="math-source">${bomb}</code><span class="katex">`);
    expect(html).toContain(`<pre><code class="math-source">${bomb}</code></pre>`);
  });

  test('past the page total, the formulas after it stay code', () => {
    // About 55,000 characters of MathML each: the 37th would pass 2,000,000.
    const long = Array.from({ length: 1000 }, (_, i) => `x_{${i}} + `).join('');
    const html = draw(page(0, [...Array.from({ length: 40 }, () => formula(long))]));
    expect(html.match(/<math /g)).toHaveLength(36);
    expect(html.match(/<code class="math-source">/g)).toHaveLength(4);
  });
});

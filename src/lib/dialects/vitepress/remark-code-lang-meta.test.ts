import type { Code } from 'mdast';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { expect, test } from 'vitest';
import remarkCodeLangMeta from './remark-code-lang-meta.ts';

function code(markdown: string): Pick<Code, 'lang' | 'meta'> {
  const processor = unified().use(remarkParse).use(remarkCodeLangMeta);
  const tree = processor.runSync(processor.parse(markdown));
  const node = tree.children[0] as Code;
  return { lang: node.lang, meta: node.meta };
}

test.each([
  ['```js{2,5}\nx\n```', { lang: 'js', meta: '{2,5}' }],
  ['```html{1-7,12} title="a.html"\nx\n```', { lang: 'html', meta: '{1-7,12} title="a.html"' }],
  ['```ts{1}:line-numbers\nx\n```', { lang: 'ts', meta: '{1} line-numbers' }],
  ['```js {2-3}\nx\n```', { lang: 'js', meta: '{2-3}' }],
  ['```mermaid\nx\n```', { lang: 'mermaid', meta: null }],
])('%s → language and marks apart', (markdown, expected) => {
  expect(code(markdown)).toEqual(expected);
});

import type { Code } from 'mdast';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { expect, test } from 'vitest';
import remarkCodeLangMeta from './remark-code-lang-meta.ts';

function block(markdown: string): Code {
  const processor = unified().use(remarkParse).use(remarkCodeLangMeta);
  const tree = processor.runSync(processor.parse(markdown));
  return tree.children[0] as Code;
}

function code(markdown: string): Pick<Code, 'lang' | 'meta'> {
  const { lang, meta } = block(markdown);
  return { lang, meta };
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

test.each([
  ["```sh-vue [npm]\n$ cd {{'<your-project-name>'}}\n```", { lang: 'sh', meta: '[npm]', value: '$ cd <your-project-name>' }],
  ['```js-vue{2}\nconst v = {{ "3.5" }}\nx\n```', { lang: 'js', meta: '{2}', value: 'const v = 3.5\nx' }],
  // An expression needs Vue to evaluate: it stays as written.
  ['```sh-vue\nnpm i vue@{{ version }}\n```', { lang: 'sh', meta: null, value: 'npm i vue@{{ version }}' }],
  // Without the suffix the braces are code (a Handlebars template, say).
  ["```html\n<p>{{'x'}}</p>\n```", { lang: 'html', meta: null, value: "<p>{{'x'}}</p>" }],
])('%s → a -vue block in its base language with string interpolations filled in', (markdown, expected) => {
  const { lang, meta, value } = block(markdown);
  expect({ lang, meta, value }).toEqual(expected);
});

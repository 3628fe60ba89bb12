import type { Code } from 'mdast';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { expect, test } from 'vitest';
import remarkCodeNotation from './remark-code-notation.ts';

function code(markdown: string): Pick<Code, 'value' | 'meta'> {
  const processor = unified().use(remarkParse).use(remarkCodeNotation);
  const tree = processor.runSync(processor.parse(markdown));
  const node = tree.children[0] as Code;
  return { value: node.value, meta: node.meta };
}

test.each([
  ['```js\na // [!code ++]\nb // [!code --]\nc\n```', { value: 'a\nb\nc', meta: 'ins={1} del={2}' }],
  ['```ts {1}\nexport default {} // [!code highlight]\nx // [!code hl]\n```', { value: 'export default {}\nx', meta: '{1} {1,2}' }],
  ['```py\nimport os  # [!code focus:2]\nos.getcwd()\nprint()\n```', { value: 'import os\nos.getcwd()\nprint()', meta: '{1,2}' }],
  ['```html\n<p>hi</p> <!-- [!code error] -->\n```', { value: '<p>hi</p>', meta: '{1}' }],
  ['```css\na { color: red } /* [!code warning] */\n```', { value: 'a { color: red }', meta: '{1}' }],
  // A notation that marks nothing here is still not shown; a bracket that is no notation stays.
  ['```js\nconst msg = "hi" // [!code word:msg]\nconst a = [!code]\n```', { value: 'const msg = "hi"\nconst a = [!code]', meta: null }],
  ['```md\nwrite `// [!code ++]` after a line\n```', { value: 'write `// [!code ++]` after a line', meta: null }],
])('%s → shown text and marks', (markdown, expected) => {
  expect(code(markdown)).toEqual(expected);
});

test('twoslash: the setup above ---cut--- and below ---cut-after---, and the queries, are not shown', () => {
  const block = [
    '```ts twoslash',
    "import { ref } from 'vue'",
    '// @noErrors',
    '// ---cut---',
    'const count = ref(0)',
    '//    ^?',
    'count.value++ // [!code ++]',
    '// ---cut-after---',
    'export {}',
    '```',
  ].join('\n');
  expect(code(block)).toEqual({ value: 'const count = ref(0)\ncount.value++', meta: 'twoslash ins={2}' });
});

test('without twoslash in the meta, a ---cut--- line is code like any other', () => {
  expect(code('```ts\na\n// ---cut---\nb\n```')).toEqual({ value: 'a\n// ---cut---\nb', meta: null });
});

test('a long line of spaces before a notation-like text stays cheap and unchanged', () => {
  const line = `x${' '.repeat(200_000)}[!code`;
  expect(code(`\`\`\`js\n${line}\n\`\`\``).value).toBe(line);
});

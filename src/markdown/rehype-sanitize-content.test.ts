import type { Root } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { VFile } from 'vfile';
import { expect, test } from 'vitest';
import rehypeSanitizeContent from './rehype-sanitize-content.ts';

// The transformer is synchronous: unified's type also allows the callback form it never uses.
const sanitize = rehypeSanitizeContent() as (tree: Root, file: VFile) => Root;
const sanitized = (tree: Root) => toHtml(sanitize(tree, new VFile()));

test("raw HTML never keeps an id or name unprefixed, even one equal to a heading's id on the page (DOM clobbering of document.body)", () => {
  const tree: Root = {
    type: 'root',
    children: [
      { type: 'element', tagName: 'h2', properties: { id: 'body' }, children: [{ type: 'text', value: 'body' }] },
      { type: 'raw', value: '<img name="body" src="x.png" alt=""><a id="body" name="forms">x</a>' } as unknown as Root['children'][number],
      { type: 'element', tagName: 'a', properties: { href: '#body' }, children: [{ type: 'text', value: '위로' }] },
    ],
  };
  expect(sanitized(tree)).toBe(
    '<h2 id="body">body</h2><img name="user-content-body" src="x.png" alt=""><a id="user-content-body" name="user-content-forms">x</a><a href="#body">위로</a>',
  );
});

test('without raw HTML the Markdown ids are kept as written', () => {
  const tree: Root = { type: 'root', children: [{ type: 'element', tagName: 'h2', properties: { id: 'setup' }, children: [{ type: 'text', value: '설치' }] }] };
  expect(sanitized(tree)).toBe('<h2 id="setup">설치</h2>');
});

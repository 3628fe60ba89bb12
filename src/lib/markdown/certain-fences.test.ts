import type { Nodes } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { describe, expect, test } from 'vitest';
import { certainFenceMask } from './certain-fences.ts';

/** The marked stretches of `body`, as text. */
function marked(body: string): string[] {
  const mask = certainFenceMask(body);
  const out: string[] = [];
  for (let i = 0; i < body.length; i++) {
    if (mask[i] === 0) continue;
    let j = i;
    while (j < body.length && mask[j] === 1) j++;
    out.push(body.slice(i, j));
    i = j;
  }
  return out;
}

const parser = unified().use(remarkParse).use(remarkGfm);

/** The offsets of every inline text the parser reads (paragraphs, headings, table cells). */
function inlineRanges(body: string): [number, number][] {
  const out: [number, number][] = [];
  const walk = (node: Nodes) => {
    if ((node.type === 'paragraph' || node.type === 'heading' || node.type === 'tableCell') && node.position)
      out.push([node.position.start.offset!, node.position.end.offset!]);
    if ('children' in node) for (const child of node.children) walk(child);
  };
  walk(parser.parse(body));
  return out;
}

describe('certainFenceMask', () => {
  test('a fence opened at column 0 is marked from its opening line to its closing line', () => {
    expect(marked('글 [a]\n\n```js [title]\nconst a = [[1]];\n```\n[b]\n~~~~\n]]]\n~~~\n~~~~~ \n끝')).toEqual([
      '```js [title]\nconst a = [[1]];\n```\n',
      '~~~~\n]]]\n~~~\n~~~~~ \n',
    ]);
  });

  test('a fence the body never closes runs to its end', () => {
    expect(marked('a\n```\n[x]\n[y]')).toEqual(['```\n[x]\n[y]']);
  });

  test('```a` opens no fence (a backtick fence has no backtick in its info string); the ``` below it does', () => {
    expect(marked('```a`\n[x]\n```\n')).toEqual(['```\n']);
  });

  test('a column-0 fence after one-line HTML and a blank line is marked', () => {
    expect(marked('<!-- 주석 -->\n<div>\n\n```\n[x]\n```\n')).toEqual(['```\n[x]\n```\n']);
  });

  test.each([
    ['an indented fence (it may belong to a list item)', '1. 설치\n\n   ```sh\n   npm i\n   ```\n\n```\n[x]\n```\n'],
    ['a fence after a list marker', '- ```\n  a\n```\n[x]\n```\n'],
    ['a fence in a block quote', '> ```\n> a\n```\n[x]\n```\n'],
    ['a fence inside an HTML comment', '<!--\n\n```\n-->\n[x]\n```\n'],
    ['a fence inside an HTML block that a list item starts', '- <!--\n```\n-->\n[x]\n```\n'],
    ['a fence after an HTML block whose kind ended, before a blank line', '<!-- a -->\n<!--\n\n```\n-->\n[x]\n```\n'],
  ])('nothing is marked from %s on', (_name, body) => {
    expect(marked(body)).toEqual([]);
  });

  // Adversarial bodies (and the ones above): no character the parser reads as inline text may be marked.
  test.each([
    '<!--\n```\n-->\n[y]\n```',
    '- a\n  ```\n  c\n```\n[y]\n```',
    '   ```\n[y]\n```\n[z]\n```\n[w]',
    '```\n     ```\n```\n[y]\n```',
    '<foo bar\n```\n\n[y]\n```\n[z]',
    '| a |\n| - |\n```\n[x]\n```\n[y]',
    '[a]: /u "x\n```\n"\n[y]',
    '[^1]: <!--\n```\n-->\n[y]',
    '<pre\n```\n\n[y]\n```\n[z]',
    '```\na\n```\n[y]\n```\nb\n```\n[z]',
  ])('the parser reads no marked character as text: %j', (body) => {
    const mask = certainFenceMask(body);
    for (const [from, to] of inlineRanges(body))
      expect(
        mask.subarray(from, to).every((m) => m === 0),
        body.slice(from, to),
      ).toBe(true);
  });

  test('on 1,500 random bodies of fence, HTML, container and text lines, the parser reads no marked character as text', () => {
    const lines = ['```', '````', '~~~', ' ```', '   ```', '    ```', '\t```', '```a`', '```js', '- ```', '> ```', '1. ```', '[^1]: ```'];
    lines.push('<!--', '-->', '<!-- x -->', '<div>', '</div>', '<pre>', '</pre>', '<?', '?>', '<![CDATA[', ']]>', '<foo bar', '- <!--', '  <!--');
    lines.push('', '', '', '[x]', '- [x]', '  [x]', '    [x]', '> [x]', '2. [x]', '| a |', '| - |');
    let seed = 1;
    const random = (n: number) => Math.floor(((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648) * n);
    let marked = 0;
    for (let k = 0; k < 1500; k++) {
      const body = Array.from({ length: 2 + random(10) }, () => lines[random(lines.length)]).join('\n');
      const mask = certainFenceMask(body);
      if (mask.includes(1)) marked++;
      for (const [from, to] of inlineRanges(body))
        if (mask.subarray(from, to).includes(1)) expect.fail(`${JSON.stringify(body)} marks ${JSON.stringify(body.slice(from, to))}`);
    }
    // The check means something only if fences are marked often.
    expect(marked).toBeGreaterThan(150);
  });
});

import rehypeStringify from 'rehype-stringify';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { describe, expect, test } from 'vitest';
import remarkCodeMeta from './remark-code-meta.ts';
import rehypeCodeBlocks from './rehype-code-blocks.ts';
import rehypeScrollTables from './rehype-scroll-tables.ts';
import remarkGfm from 'remark-gfm';

async function render(md: string): Promise<string> {
  const file = await unified()
    .use(remarkParse)
    .use(remarkGfm)
    .use(remarkCodeMeta)
    .use(remarkRehype)
    .use(rehypeCodeBlocks)
    .use(rehypeScrollTables)
    .use(rehypeStringify)
    .process(md);
  return String(file);
}

describe('rehypeCodeBlocks', () => {
  test('title, language label and highlighted lines {2-3}', async () => {
    expect(await render('```js title="app.js" {2-3}\na\nb\nc\nd\n```')).toBe(
      '<figure class="code-block has-title"><figcaption class="code-head"><span class="code-title">app.js</span><span class="code-lang">js</span></figcaption>' +
        '<pre><code class="language-js"><span class="line">a</span>\n<span class="line line-hl">b</span>\n<span class="line line-hl">c</span>\n<span class="line">d</span>\n</code></pre></figure>',
    );
  });

  test('diff blocks mark + and - lines; ins/del marks work in any language', async () => {
    expect(await render('```diff\n same\n+add\n-del\n```')).toContain(
      '<span class="line"> same</span>\n<span class="line line-ins">+add</span>\n<span class="line line-del">-del</span>',
    );
    expect(await render('```ts ins={1} del={2}\nx\ny\n```')).toContain('<span class="line line-ins">x</span>\n<span class="line line-del">y</span>');
  });

  test('lines already split by Shiki keep their span and gain the class', async () => {
    const file = await unified()
      .use(remarkParse)
      .use(remarkCodeMeta)
      .use(remarkRehype)
      .use(() => (tree) => {
        // What Astro's Shiki leaves: pre > code > span.line per line, joined by "\n" text nodes.
        const pre = (tree as import('hast').Root).children[0] as import('hast').Element;
        const code = pre.children[0] as import('hast').Element;
        code.children = [
          {
            type: 'element',
            tagName: 'span',
            properties: { className: ['line'] },
            children: [{ type: 'element', tagName: 'span', properties: { style: 'color:red' }, children: [{ type: 'text', value: 'let a' }] }],
          },
          { type: 'text', value: '\n' },
          { type: 'element', tagName: 'span', properties: { class: 'line' }, children: [{ type: 'text', value: 'let b' }] },
        ];
      })
      .use(rehypeCodeBlocks)
      .use(rehypeStringify)
      .process('```js {2}\nlet a\nlet b\n```');
    expect(String(file)).toContain(
      '<code class="language-js"><span class="line"><span style="color:red">let a</span></span>\n<span class="line line-hl">let b</span></code>',
    );
  });

  test('a block without language or meta gets an empty head; mermaid is left for the diagram script', async () => {
    expect(await render('```\nplain\n```')).toBe(
      '<figure class="code-block"><figcaption class="code-head"></figcaption><pre><code>plain\n</code></pre></figure>',
    );
    expect(await render('```mermaid\ngraph LR\n```')).toBe('<pre><code class="language-mermaid">graph LR\n</code></pre>');
  });

  test('a raw <pre> whose text is not the recorded block is not framed with its meta', async () => {
    const file = await unified()
      .use(remarkParse)
      .use(remarkCodeMeta)
      .use(remarkRehype)
      .use(() => (tree) => {
        (tree as import('hast').Root).children.unshift({ type: 'element', tagName: 'pre', properties: {}, children: [{ type: 'text', value: 'other' }] });
      })
      .use(rehypeCodeBlocks)
      .use(rehypeStringify)
      .process('```js title="a.js"\nx\n```\n\n```sh\ny\n```');
    expect(String(file)).toMatch(/^<pre>other<\/pre>/);
    // …and the fenced blocks after it keep their own frames: the raw <pre> used up no block's record.
    expect(String(file)).toContain(
      '<figure class="code-block has-title"><figcaption class="code-head"><span class="code-title">a.js</span><span class="code-lang">js</span></figcaption>',
    );
    expect(String(file)).toContain(
      '<figcaption class="code-head"><span class="code-lang">sh</span></figcaption><pre><code class="language-sh">y\n</code></pre></figure>',
    );
  });
});

test('rehypeScrollTables wraps each table in a focusable, labelled scroll box', async () => {
  expect(await render('| a | b |\n| - | - |\n| 1 | 2 |')).toMatch(/^<div class="table-scroll" role="region" aria-label="표" tabindex="0"><table>/);
});

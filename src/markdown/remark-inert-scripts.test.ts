import rehypeStringify from 'rehype-stringify';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { expect, test } from 'vitest';
import remarkInertScripts from './remark-inert-scripts.ts';

const render = (md: string) =>
  String(
    unified()
      .use(remarkParse)
      .use(remarkInertScripts)
      .use(remarkRehype, { allowDangerousHtml: true })
      .use(rehypeStringify, { allowDangerousHtml: true })
      .processSync(md),
  );

test('a script block is shown as code, and the rest of the page survives', () => {
  expect(render('<Note>\n<script>alert(1)</script>\n</Note>\n\n## After\n')).toBe(
    '<pre><code class="language-html">&#x3C;Note>\n&#x3C;script>alert(1)&#x3C;/script>\n&#x3C;/Note>\n</code></pre>\n<h2>After</h2>',
  );
});

test('an inline script tag is shown as inline code; other raw HTML is left alone', () => {
  expect(render('Text <script>x()</script> and <kbd>Ctrl</kbd>')).toBe(
    '<p>Text <code>&#x3C;script></code>x()<code>&#x3C;/script></code> and <kbd>Ctrl</kbd></p>',
  );
});

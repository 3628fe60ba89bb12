import rehypeStringify from 'rehype-stringify';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { expect, test } from 'vitest';
import rehypePlainRawCode from './rehype-plain-raw-code.ts';
import rehypeSanitizeContent from './rehype-sanitize-content.ts';

function render(md: string): string {
  return String(
    unified()
      .use(remarkParse)
      .use(remarkRehype, { allowDangerousHtml: true })
      .use(rehypeSanitizeContent)
      .use(rehypePlainRawCode)
      .use(rehypeStringify)
      .processSync(md),
  ).trim();
}

test('a raw <pre> loses the colours of its dark theme, keeps its emphasis and becomes focusable', () => {
  const md = '<pre><code><span style="color:#A6ACCD;">이름? <span style="color:#89DDFF;text-decoration:underline">아니오</span></span></code></pre>';
  expect(render(md)).toBe('<pre tabindex="0"><code><span>이름? <span style="text-decoration:underline">아니오</span></span></code></pre>');
});

test('inline raw <code> loses its colours too', () => {
  expect(render('<p><code style="color:#fff;background-color:#000">npm</code></p>')).toBe('<p><code>npm</code></p>');
});

test("Shiki's blocks keep their colours and their own tabindex", () => {
  const shiki =
    '<pre class="astro-code github-dark" style="background-color:#24292e;color:#e1e4e8" tabindex="0"><code><span style="color:#F97583">const</span></code></pre>';
  expect(render(shiki)).toBe(shiki);
});

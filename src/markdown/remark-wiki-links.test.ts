import rehypeStringify from 'rehype-stringify';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { expect, test } from 'vitest';
import remarkWikiLinks from './remark-wiki-links.ts';
import remarkGfm from 'remark-gfm';
import { dialectPlugins } from '../lib/markdown/dialect.ts';

/** Renders Markdown with a resolver that knows one page and calls every other Markdown link broken. */
function render(markdown: string): string {
  return String(
    unified()
      .use(remarkParse)
      .use(remarkWikiLinks, {
        resolveWiki: (t: string, a?: string) => (t === 'known' ? `/docs/known/${a ? `#${a}` : ''}` : undefined),
        resolveUrl: (url: string) => (url === './known.md' ? '/docs/known/' : undefined),
        titleOfUrl: (url: string) => (url === './known.md' ? '알려진 문서' : undefined),
        brokenUrl: (url: string) => `${url}: 문서가 없습니다`,
      })
      .use(remarkRehype)
      .use(rehypeStringify)
      .processSync(markdown),
  ).trim();
}

test('a resolved [[wiki link]] stays a link: its page URL is not checked again as a content path', () => {
  expect(render('[[known#둘째]]')).toBe('<p><a href="/docs/known/#%EB%91%98%EC%A7%B8" class="wikilink">known § 둘째</a></p>');
});

test('Markdown links resolve to pages, and links to missing documents become marked text', () => {
  expect(render('[가기](./known.md) [없음](./gone.md)')).toBe(
    '<p><a href="/docs/known/">가기</a> <span class="broken-link" title="./gone.md: 문서가 없습니다">없음</span></p>',
  );
});

test("a GitBook page mention shows the page's title; another link titled otherwise keeps its text and title", () => {
  expect(render('[known.md](./known.md "mention") [가기](./known.md "설명")')).toBe(
    '<p><a href="/docs/known/">알려진 문서</a> <a href="/docs/known/" title="설명">가기</a></p>',
  );
});

test('[[https://…]] and [[https://…|label]] are the Markdown links to those URLs (with GFM autolinks on, as on the site), not missing documents', () => {
  const html = unified()
    .use(remarkParse)
    .use(remarkGfm)
    .use(dialectPlugins())
    .use(remarkWikiLinks, { resolveWiki: () => undefined, resolveUrl: () => undefined, brokenUrl: () => undefined })
    .use(remarkRehype)
    .use(rehypeStringify)
    .processSync('[[https://example.com]] [[https://example.com/a?b=1|예시 사이트]] [[없음]]');
  expect(String(html)).toBe(
    '<p><a href="https://example.com">https://example.com</a> <a href="https://example.com/a?b=1">예시 사이트</a> <span class="broken-link" title="[[없음]]: 문서가 없습니다">없음</span></p>',
  );
});

test('raw HTML links go to their page as Markdown links do; external and unknown ones are left as written', () => {
  const html = String(
    unified()
      .use(remarkParse)
      .use(remarkWikiLinks, { resolveUrl: (url: string) => (url === '/guide/known.html#a' ? '/docs/known/#a' : url === 'https://x.org' ? '/oops' : undefined) })
      .use(remarkRehype, { allowDangerousHtml: true })
      .use(rehypeStringify, { allowDangerousHtml: true })
      .processSync(
        '<a target="_blank" href="/guide/known.html#a"\n  class="x">가기</a>\n\n본문 <a href="/guide/gone.html">없음</a> <a href="https://x.org">밖</a>',
      ),
  ).trim();
  expect(html).toBe(
    '<p><a target="_blank" href="/docs/known/#a"\nclass="x">가기</a></p>\n<p>본문 <a href="/guide/gone.html">없음</a> <a href="https://x.org">밖</a></p>',
  );
});

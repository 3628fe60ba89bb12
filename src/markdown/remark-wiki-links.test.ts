import rehypeStringify from 'rehype-stringify';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { expect, test } from 'vitest';
import remarkWikiLinks from './remark-wiki-links.ts';

/** Renders Markdown with a resolver that knows one page and calls every other Markdown link broken. */
function render(markdown: string): string {
  return String(
    unified()
      .use(remarkParse)
      .use(remarkWikiLinks, {
        resolveWiki: (t: string, a?: string) => (t === 'known' ? `/docs/known/${a ? `#${a}` : ''}` : undefined),
        resolveUrl: (url: string) => (url === './known.md' ? '/docs/known/' : undefined),
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

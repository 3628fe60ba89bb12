import rehypeStringify from 'rehype-stringify';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { expect, test } from 'vitest';
import remarkHeadingIds from './remark-heading-ids.ts';
import remarkStripTitle from './remark-strip-title.ts';

const html = (md: string, title?: string) =>
  String(
    unified()
      .use(remarkParse)
      .use(remarkStripTitle, { titleOf: () => title })
      .use(remarkHeadingIds)
      .use(remarkRehype)
      .use(rehypeStringify)
      .processSync(md),
  ).replace(/\n/g, '');

test.each([
  ['no frontmatter title: the leading h1 is the title and leaves the body', '# 제목\n\n본문', undefined, '<p>본문</p>'],
  ['the same title: it leaves the body', '# 제목\n\n본문', '제목', '<p>본문</p>'],
  [
    'another title: the leading h1 is a section (h2) with its anchor',
    '# Different heading\n\n본문',
    '프론트 제목',
    '<h2 id="different-heading">Different heading</h2><p>본문</p>',
  ],
  [
    'every later h1 is an h2',
    '# 제목\n\n본문\n\n# 둘째\n\n> # 인용 속',
    '제목',
    '<p>본문</p><h2 id="둘째">둘째</h2><blockquote><h2 id="인용-속">인용 속</h2></blockquote>',
  ],
])('%s', (_why, md, title, want) => {
  expect(html(md, title)).toBe(want);
});

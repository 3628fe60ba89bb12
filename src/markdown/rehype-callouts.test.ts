import { expect, test } from 'vitest';
import rehypeStringify from 'rehype-stringify';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import rehypeCallouts from './rehype-callouts.ts';

const html = (md: string, options = {}) =>
  String(unified().use(remarkParse).use(remarkRehype).use(rehypeCallouts, options).use(rehypeStringify).processSync(md)).replace(/\n/g, '');

test.each([
  [
    '> [!NOTE]\n> 본문 **강조**',
    '<div class="callout callout-note" data-callout="note" role="note"><p class="callout-title">참고</p><p>본문 <strong>강조</strong></p></div>',
  ],
  ['> [!warning] 같은 줄', '<div class="callout callout-warning" data-callout="warning" role="note"><p class="callout-title">주의</p><p>같은 줄</p></div>'],
  ['> [!TIP]\n>\n> 둘째 문단', '<div class="callout callout-tip" data-callout="tip" role="note"><p class="callout-title">팁</p><p>둘째 문단</p></div>'],
  ['> 그냥 인용', '<blockquote><p>그냥 인용</p></blockquote>'],
  ['> [!UNKNOWN]\n> x', '<blockquote><p>[!UNKNOWN]x</p></blockquote>'],
])('%j', (md, want) => {
  expect(html(md)).toBe(want);
});

test('titles can be replaced (English UI)', () => {
  expect(html('> [!NOTE]\n> x', { titles: { note: 'Note' } })).toContain('<p class="callout-title">Note</p>');
});

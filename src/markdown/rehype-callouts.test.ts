import { describe, expect, test } from 'vitest';
import { h } from 'hastscript';
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
  ['> [!]\n> x', '<blockquote><p>[!]x</p></blockquote>'],
])('%j', (md, want) => {
  expect(html(md)).toBe(want);
});

test('titles can be replaced (English UI)', () => {
  expect(html('> [!NOTE]\n> x', { titles: { note: 'Note' } })).toContain('<p class="callout-title">Note</p>');
});

describe('Obsidian callouts', () => {
  test.each([
    [
      "a title after the marker replaces the kind's title",
      '> [!tip] 나만의 제목\n> 내용',
      '<div class="callout callout-tip" data-callout="tip" role="note"><p class="callout-title">나만의 제목</p><p>내용</p></div>',
    ],
    [
      'a title keeps its inline markup',
      '> [!note] **굵은** 제목\n> 내용',
      '<div class="callout callout-note" data-callout="note" role="note"><p class="callout-title"><strong>굵은</strong> 제목</p><p>내용</p></div>',
    ],
    [
      '- folds the callout closed, with its title as the summary',
      '> [!warning]- 접힌 경고\n> 숨겨진 내용',
      '<details class="callout callout-warning" data-callout="warning"><summary class="callout-title">접힌 경고</summary><p>숨겨진 내용</p></details>',
    ],
    [
      "+ folds it open; without a title the kind's title is the summary",
      '> [!note]+\n> 펼친 내용',
      '<details class="callout callout-note" data-callout="note" open><summary class="callout-title">참고</summary><p>펼친 내용</p></details>',
    ],
    [
      'Obsidian types are drawn as the nearest kind',
      '> [!danger] 위험\n> 내용',
      '<div class="callout callout-caution" data-callout="caution" role="note"><p class="callout-title">위험</p><p>내용</p></div>',
    ],
    [
      "a type of the author's own is a note titled with its name",
      '> [!custom]\n> 내용',
      '<div class="callout callout-note" data-callout="note" role="note"><p class="callout-title">Custom</p><p>내용</p></div>',
    ],
    [
      'a body of several paragraphs stays whole',
      '> [!info] 제목\n> 첫 줄\n> 둘째 줄\n>\n> 다음 문단',
      '<div class="callout callout-note" data-callout="note" role="note"><p class="callout-title">제목</p><p>첫 줄둘째 줄</p><p>다음 문단</p></div>',
    ],
  ])('%s', (_why, md, want) => {
    // `html` drops newlines, so the soft break between the body's lines is not seen here.
    expect(html(md)).toBe(want);
  });
});

test('a blockquote marked as a note embed becomes a callout titled 포함된 문서', () => {
  const processor = unified().use(rehypeCallouts).use(rehypeStringify);
  const tree = processor.runSync(h(null, [h('blockquote', { dataCallout: 'embed' }, [h('p', [h('a', { href: '/docs/b/' }, 'B')])])]));
  expect(processor.stringify(tree)).toBe(
    '<div data-callout="embed" class="callout callout-embed" role="note"><p class="callout-title">포함된 문서</p><p><a href="/docs/b/">B</a></p></div>',
  );
});

test('`> [!embed] [[노트]]`, the block a pasted note embed becomes, is the embed callout titled with its link', () => {
  expect(html('> [!embed] 회의 규칙\n> 10분 전에 모인다.')).toBe(
    '<div class="callout callout-embed" data-callout="embed" role="note"><p class="callout-title">회의 규칙</p><p>10분 전에 모인다.</p></div>',
  );
});

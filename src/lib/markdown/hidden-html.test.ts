import { describe, expect, test } from 'vitest';
import { stripHiddenHtml } from './hidden-html.ts';

describe('stripHiddenHtml blanks what the page does not show, keeping every line', () => {
  test.each([
    ['a block comment', '앞\n<!-- 비밀번호: hunter2 -->\n뒤', '앞\n\n뒤'],
    ['a comment over lines', '앞\n<!--\n비밀\nhunter2 -->\n뒤', '앞\n\n\n\n뒤'],
    ['an inline comment', '앞 <!-- hunter2 --> 뒤', '앞  뒤'],
    ['empty comments as HTML reads them', 'a <!--> b <!---> c', 'a  b  c'],
    ['a comment holding a script', "<!-- <script>alert('comment')</script> 숨은 주석 -->\n보임", '\n보임'],
    ['a script', '<script>alert(1)</script>\n보임', '\n보임'],
    ['a style with attributes, in capitals', '<STYLE media="x">body{display:none}</STYLE >\n보임', '\n보임'],
    ['a style over lines', '<style>\nbody{display:none}\n\n.doc{position:fixed}\n</style>\n보임', '\n\n\n\n\n보임'],
    ['a template', 'a <template><p>숨김</p></template> b', 'a  b'],
    ['an svg script', '<svg><script>alert(7)</script></svg>', '<svg></svg>'],
  ])('%s', (_, markdown, expected) => {
    expect(stripHiddenHtml(markdown)).toBe(expected);
  });

  test.each([
    ['fenced code', '```html\n<!-- 예시 -->\n<script>alert(1)</script>\n```'],
    ['tilde fences', '~~~\n<style>p{}</style>\n~~~'],
    ['inline code', '주석은 `<!-- 이렇게 -->` 씁니다, 스크립트는 `<script>x</script>`.'],
    ['an unclosed inline comment (shown as text)', '화살표 <!-- 는 주석을 엽니다'],
    ['an unclosed script (shown as code)', '<script>\nalert(1)'],
    ['a tag that only starts with a hidden name', '<scripts>x</scripts> <styled>y</styled>'],
    ['comment markers in the frontmatter', '---\ntitle: "<!-- 제목"\n---\n\n본문'],
  ])('leaves %s as written', (_, markdown) => {
    expect(stripHiddenHtml(markdown)).toBe(markdown);
  });

  test('an unclosed comment that opens a line hides the rest of the document, as the page does', () => {
    expect(stripHiddenHtml('보임\n   <!-- 닫히지 않음\n\n# 제목\n본문')).toBe('보임\n   \n\n\n');
  });

  test('a comment after the frontmatter is blanked, the frontmatter kept', () => {
    expect(stripHiddenHtml('---\ntitle: 문서\n---\n\n<!-- 비밀 -->\n본문')).toBe('---\ntitle: 문서\n---\n\n\n본문');
  });

  test('thousands of unclosed openers take one pass (each used to rescan the rest of the text)', () => {
    // Searching for the closer from each of 200,000 openers reads about 10^11 characters; one pass reads 10^6.
    const openers = 'x <!-- <script> <style> <template> '.repeat(40_000);
    expect(stripHiddenHtml(openers)).toBe(openers);
  });
});

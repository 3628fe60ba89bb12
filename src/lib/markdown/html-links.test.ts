import { expect, test } from 'vitest';
import { htmlLinks, rewriteHtmlLinks } from './html-links.ts';

test("htmlLinks: every <a>'s href across lines, quoted or bare, references decoded; other tags and attributes are not links", () => {
  const html = [
    '<a target="_blank" href="/guide/essentials/forms.html"',
    '  class="x">폼</a> <a href=\'./b.md?x=1&amp;y=2\'>b</a> <a href=c.md>c</a>',
    '<link href="/style.css"><area href="/map.html"><a name="top"></a><abbr href="/nope">',
  ].join('\n');
  expect(htmlLinks(html)).toEqual([
    { url: '/guide/essentials/forms.html', index: 0 },
    { url: './b.md?x=1&y=2', index: html.indexOf("<a href='") },
    { url: 'c.md', index: html.indexOf('<a href=c') },
  ]);
  expect(htmlLinks('<p>링크 없음</p>')).toEqual([]);
  const commented = '<!-- <a href="/old.html">옛 링크</a> -->\n<a href="/new.html">';
  expect(htmlLinks(commented)).toEqual([{ url: '/new.html', index: commented.indexOf('<a href="/new') }]);
});

test('rewriteHtmlLinks: the href takes the new address, escaped, and the rest of the tag stays; unknown ones are left', () => {
  const html = '<a target="_blank" href="/guide/x.html#a"\n  class="c">x</a> <a href=\'/gone.html\'>y</a> <a data-href="/z">z</a>';
  const rewritten = rewriteHtmlLinks(html, (url) => (url.startsWith('/guide/') ? `/docs/guide/x/?q="1"&r#a` : undefined));
  expect(rewritten).toBe(
    '<a target="_blank" href="/docs/guide/x/?q=&quot;1&quot;&amp;r#a"\n  class="c">x</a> <a href=\'/gone.html\'>y</a> <a data-href="/z">z</a>',
  );
  expect(rewriteHtmlLinks('<b>굵게</b>', () => '/x')).toBe('<b>굵게</b>');
});

test('a URL is read as the browser reads it: tabs and line breaks inside dropped, controls and spaces at the ends trimmed', () => {
  expect(htmlLinks(`<a href="java&#x09;script:alert(1)">a</a><a href="java\nscript:alert(2)">b</a><a href=" /x.html ">c</a>`).map((l) => l.url)).toEqual([
    'javascript:alert(1)',
    'javascript:alert(2)',
    '/x.html',
  ]);
});

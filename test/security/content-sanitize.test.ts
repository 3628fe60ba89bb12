// Finding 2 of issue 11, at the level of the Markdown processor: Astro's own unified pipeline (Shiki
// included) with Maru's plugins. content-xss.test.ts checks the same fixture in a real build and browser.
import { createMarkdownProcessor } from '@astrojs/markdown-remark';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, test } from 'vitest';
import { dialectPlugins } from '../../src/lib/markdown/dialect.ts';
import { stripFrontmatter } from '../../src/lib/wiki/frontmatter-fence.ts';
import rehypeCallouts from '../../src/markdown/rehype-callouts.ts';
import rehypeSanitizeContent from '../../src/markdown/rehype-sanitize-content.ts';
import remarkHeadingIds from '../../src/markdown/remark-heading-ids.ts';
import remarkInertScripts from '../../src/markdown/remark-inert-scripts.ts';
import { SAFE_STYLE } from '../../src/markdown/sanitize-schema.ts';
import { htmlOffenses } from './html-offenses.ts';

const FIXTURES = new URL('../fixtures/security/content/', import.meta.url);
const xss = stripFrontmatter(readFileSync(new URL('xss.md', FIXTURES), 'utf8'));
const harmless = stripFrontmatter(readFileSync(new URL('harmless.md', FIXTURES), 'utf8'));
/** Each block of the fixture that holds HTML or a link: one known vector. */
const VECTORS = xss.split(/\n{2,}/).filter((b) => /[<]|\]\(/.test(b) && !b.startsWith('#'));

let render: (md: string) => Promise<string>;
beforeAll(async () => {
  // The order of maru.ts: Shiki (Astro's, before user rehype plugins), then the sanitizer, then callouts.
  const processor = await createMarkdownProcessor({
    syntaxHighlight: { type: 'shiki', excludeLangs: ['mermaid'] },
    smartypants: false,
    remarkPlugins: [remarkInertScripts, remarkHeadingIds],
    rehypePlugins: [rehypeSanitizeContent, rehypeCallouts],
  });
  render = async (md) => (await processor.render(md)).code;
});

describe('known XSS vectors render inert', () => {
  test('the fixture holds at least 40 vectors', () => {
    expect(VECTORS.length).toBeGreaterThanOrEqual(40);
  });

  test.each(VECTORS)('%s', async (vector) => {
    expect(htmlOffenses(await render(vector))).toEqual([]);
  });

  test('the whole fixture at once', async () => {
    expect(htmlOffenses(await render(xss))).toEqual([]);
  });

  test.each([
    ['<img src="x" onerror="alert(1)">', '<img src="x">'],
    ['<details open ontoggle="alert(1)"><summary>열림</summary>내용</details>', '<details open><summary>열림</summary>내용</details>'],
    ['<a href="&#106;avascript:alert(1)">링크</a>', '<p><a>링크</a></p>'],
    ['[링크](JaVaScRiPt:alert(1))', '<p><a>링크</a></p>'],
    ['<a href="java\tscript:alert(1)">탭</a>', '<p><a>탭</a></p>'],
    ['<span style="background:url(javascript:alert(1))">글</span>', '<p><span>글</span></p>'],
    ['<img name="getElementById" src="x">', '<img name="user-content-getElementById" src="x">'],
    ['<div id="main">덮어쓰기</div>', '<div id="user-content-main">덮어쓰기</div>'],
    [
      '<a id="top"></a>위\n\n[맨 위로](#top) [없는 곳](#nowhere)',
      '<p><a id="user-content-top"></a>위</p>\n<p><a href="#user-content-top">맨 위로</a> <a href="#nowhere">없는 곳</a></p>',
    ],
    ['<style>body { display: none }</style>\n\n끝', '<p>끝</p>'],
    ['<mark onclick="alert(1)" style="position:fixed">형광펜</mark>', '<p><mark>형광펜</mark></p>'],
    ['<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>', '<p></p><table></table><p></p>'],
  ])('%s → %s', async (input, output) => {
    expect((await render(input)).trim()).toBe(output);
  });

  test('a raw <script> still shows as visible code, in any case', async () => {
    expect(await render('<ScRiPt>alert(1)</ScRiPt>')).toContain('<span style="color:#85E89D">ScRiPt</span>');
    expect(await render('Text <script>x()</script> after')).toBe('<p>Text <code>&#x3C;script></code>x()<code>&#x3C;/script></code> after</p>');
  });
});

describe("harmless HTML and Maru's own rendering survive", () => {
  let html: string;
  beforeAll(async () => {
    html = await render(harmless);
  });

  test.each([
    ['kbd, sub, sup, br', '<p>단축키는 <kbd>Ctrl</kbd>+<kbd>K</kbd>이고 H<sub>2</sub>O와 x<sup>2</sup>도 씁니다.<br>줄바꿈 뒤 글.</p>'],
    ['details and summary', '<details><summary>자세히</summary>\n<p>접힌 내용입니다.</p>\n</details>'],
    ['https and relative images', '<p><img src="https://example.com/logo.png" alt="원격 로고"> <img src="./images/local.png" alt="로컬 그림"></p>'],
    ['a safe colour style', '<span style="color:#d73a49">빨간 글</span>'],
    ['table alignment', '<th align="left">열</th>'],
    ['task lists', '<ul class="contains-task-list">\n<li class="task-list-item"><input type="checkbox" checked disabled> 끝낸 일</li>'],
    [
      'footnote reference, its target id and back link agree',
      '<sup><a href="#user-content-fn-note" id="user-content-fnref-note" data-footnote-ref="" aria-describedby="footnote-label">1</a></sup>',
    ],
    [
      'footnote section',
      '<h2 class="sr-only" id="footnote-label">Footnotes</h2>\n<ol>\n<li id="user-content-fn-note">\n<p>각주 내용. <a href="#user-content-fnref-note" data-footnote-backref="" aria-label="Back to reference 1" class="data-footnote-backref">↩</a></p>',
    ],
    ['callouts', '<div class="callout callout-tip" data-callout="tip" role="note"><p class="callout-title">팁</p>\n<p>콜아웃 본문입니다.</p>\n</div>'],
    [
      'Shiki highlighting',
      '<pre class="astro-code github-dark" style="background-color:#24292e;color:#e1e4e8; overflow-x: auto;" tabindex="0" data-language="ts"><code><span class="line"><span style="color:#F97583">const</span>',
    ],
    ['Mermaid source for the client', '<pre><code class="language-mermaid">graph TD; A-->B;\n</code></pre>'],
    ['heading ids stay unprefixed, so #anchor links land', '<h2 id="둘째-제목">둘째 제목</h2>'],
    [
      'links with allowed schemes',
      '<a href="https://example.com/" title="예시">http 링크</a> <a href="mailto:team@example.com">메일</a> <a href="./other.md">상대 링크</a>',
    ],
  ])('%s', (_what, fragment) => {
    expect(html).toContain(fragment);
  });

  test('an in-page link targets the heading id', () => {
    const href = /<a href="#([^"]+)">아래 제목으로<\/a>/.exec(html)?.[1];
    expect(decodeURIComponent(href ?? '')).toBe('둘째-제목');
  });
});

/** The dialect plugins and the sanitizer, without highlighting: what a migrated page's syntax becomes. */
function dialectProcessor() {
  return createMarkdownProcessor({
    syntaxHighlight: false,
    smartypants: false,
    remarkPlugins: [...dialectPlugins()],
    rehypePlugins: [rehypeSanitizeContent],
  } as Parameters<typeof createMarkdownProcessor>[0]);
}

describe('Obsidian highlights', () => {
  test('==text== reaches the page as <mark> through the sanitizer; == in code and a == b stay as written', async () => {
    const processor = await dialectProcessor();
    const html = (await processor.render('==중요한== 말, a == b, `x ==y==`')).code;
    expect(html).toBe('<p><mark>중요한</mark> 말, a == b, <code>x ==y==</code></p>');
  });
});

describe('template tags from GitBook and Hugo', () => {
  test('an embed, file, figure or ref pointing at script keeps no script URL; a figure keeps no attribute', async () => {
    const processor = await dialectProcessor();
    const md = [
      '{% embed url="javascript:alert(1)" %}',
      '',
      '{% file src="data:text/html,<script>alert(1)</script>" %}',
      '',
      '{{< figure src="javascript:alert(1)" alt="그림" caption="<img src=x onerror=alert(1)>" >}}',
      '',
      '[글]({{< ref "javascript:alert(1)" >}})',
      '',
      '<figure onclick="alert(1)" style="position:fixed"><figcaption onmouseover="alert(1)">캡션</figcaption></figure>',
    ].join('\n');
    const html = (await processor.render(md)).code;
    expect(htmlOffenses(html)).toEqual([]);
    expect(html).toBe(
      [
        '<p><a>javascript:alert(1)</a></p>',
        '<p><a>data:text/html,&#x3C;script>alert(1)&#x3C;/script></a></p>',
        '<p><img alt="그림"></p>',
        '<p class="tag-caption"><em>&#x3C;img src=x onerror=alert(1)></em></p>',
        '<p><a>글</a></p>',
        '<figure><figcaption>캡션</figcaption></figure>',
      ].join('\n'),
    );
  });
});

describe('style attributes keep only safe declarations', () => {
  test.each([
    'color:#F97583',
    'background-color:#24292e;color:#e1e4e8; overflow-x: auto;',
    'color:#79B8FF;--shiki-dark:#E1E4E8;font-style:italic',
    '--shiki-light:var(--shiki-x);',
  ])('allowed: %s', (style) => {
    expect(SAFE_STYLE.test(style)).toBe(true);
  });
  test.each([
    'background:url(javascript:alert(1))',
    'color:red;background-image:url(https://evil.example/x.png)',
    'width:expression(alert(1))',
    'color:red;position:fixed',
    'color:"red"',
    '@import "x"',
  ])('refused: %s', (style) => {
    expect(SAFE_STYLE.test(style)).toBe(false);
  });
});

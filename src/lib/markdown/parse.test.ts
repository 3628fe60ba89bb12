import { describe, expect, test } from 'vitest';
import { countWords, isInternalUrl, parseMarkdown } from './parse.ts';
import { stripMdxCommentText } from '../dialects/docusaurus/remark-mdx-comments.ts';
import { isImportLine } from '../dialects/docusaurus/remark-mdx-imports.ts';
import type { Paragraph, Root } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { unified } from 'unified';
import type { Position } from 'unist';
import remarkObsidianComments from '../dialects/obsidian/remark-obsidian-comments.ts';
import remarkObsidianEmbeds from '../dialects/obsidian/remark-obsidian-embeds.ts';

describe('parseMarkdown', () => {
  test('the leading # title is the h1, not a heading; its ids are kept for links to the page top', () => {
    const md = parseMarkdown('# 설정 참조 {#config-ref}\n\n본문\n\n## resolve.conditions\n');
    expect(md.h1).toBe('설정 참조');
    expect(md.titleAnchors).toEqual(['config-ref', '설정-참조']);
    expect(md.headings).toEqual([
      { depth: 2, text: 'resolve.conditions', anchor: 'resolveconditions', line: 5, aliases: ['resolve-conditions', 'resolve.conditions'] },
    ]);
  });

  test("a heading's own <a id> (GitBook keeps old anchors so) is an id links may use; its text is the heading's", () => {
    expect(parseMarkdown('## 설치 방법 <a href="#install" id="install"></a>\n\n## 옛 제목 <a name=\'old\'></a>\n').headings).toEqual([
      { depth: 2, text: '설치 방법', anchor: '설치-방법', line: 1, aliases: ['install'] },
      { depth: 2, text: '옛 제목', anchor: '옛-제목', line: 3, aliases: ['old'] },
    ]);
  });

  test.each([
    ['## 커스텀 {#custom-id}', { text: '커스텀', anchor: 'custom-id' }],
    ['## `useState` 사용법 {/*usage*/}', { text: 'useState 사용법', anchor: 'usage' }],
    ['## Hello World!', { text: 'Hello World!', anchor: 'hello-world' }],
    ['## 제목 {/* 메모 */} 끝', { text: '제목 끝', anchor: '제목-끝' }],
  ])('heading %j', (line, want) => {
    expect(parseMarkdown(`${line}\n`).headings[0]).toMatchObject(want);
  });

  test('sections split at h2/h3 with their path and text; code and HTML stay out of the text', () => {
    const md = parseMarkdown('서론 문장\n\n## 가\n\n가 본문\n\n```js\nconst x = 1\n```\n\n### 나\n\n나 본문 <b>굵게</b>\n');
    expect(md.sections.map((s) => [s.anchor, s.path, s.text, s.startLine, s.endLine])).toEqual([
      ['', [], '서론 문장', 1, 2],
      ['가', ['가'], '가 본문', 3, 10],
      ['나', ['가', '나'], '나 본문 굵게', 11, 14],
    ]);
  });

  test('the text of an inline script, style or template stays out, as on the page; the text beside it stays in', () => {
    const md = parseMarkdown('앞 <svg><script>alert(7)</script></svg> 가운데 <style media="x">p{}</style><template>숨김</template> 뒤 <b>굵게</b>');
    expect(md.sections[0]!.text).toBe('앞 가운데 뒤 굵게');
  });

  test('VitePress containers, Vue blocks, MDX comments and [[TOC]] are read as the page shows them', () => {
    const body = [
      '<script setup>',
      "import { ref } from 'vue'",
      '</script>',
      '',
      '[[TOC]]',
      '',
      '::: tip 제목',
      '팁 **정리(cleaned up)**됩니다 {/* 숨김 */}',
      ':::',
      '',
      '<ClientOnly>',
      '남는 글',
      '</ClientOnly>',
      '',
    ].join('\n');
    const md = parseMarkdown(body);
    expect(md.sections[0]!.text).toBe('제목 팁 정리(cleaned up)됩니다\n남는 글');
    expect(md.links).toEqual([]);
  });

  test('Docusaurus pages: the MDX imports at the top level are not text; an import in prose or code stays', () => {
    const body = [
      "import Tabs from '@theme/Tabs';",
      'import TabItem from "@theme/TabItem";',
      "import * as Icons from './icons';",
      '',
      '## 설치',
      '',
      '<Tabs>',
      '<TabItem value="npm">npm으로 설치한다</TabItem>',
      '</Tabs>',
      '',
      "import 문은 'from' 뒤에 모듈 이름을 쓴다.",
      '',
      '```js',
      "import Tabs from '@theme/Tabs';",
      '```',
    ].join('\n');
    const md = parseMarkdown(body);
    expect(md.sections.map((s) => [s.anchor, s.text])).toEqual([
      ['', ''],
      ['설치', "npm으로 설치한다\nimport 문은 'from' 뒤에 모듈 이름을 쓴다."],
    ]);
  });

  test.each([
    ["import Tabs from '@theme/Tabs';", true],
    ['import {A, B as C} from "./x"', true],
    ["import * as X from 'y'", true],
    ["import type { T } from 'y';", true],
    ["import './style.css';", true],
    ["import 문은 'from' 뒤에 쓴다", false],
    ['import Tabs from @theme/Tabs', false],
    ["import X from 'a' from 'b'", false],
    ['imports are listed first', false],
  ])('isImportLine(%j) is %s', (line, expected) => {
    expect(isImportLine(line)).toBe(expected);
  });

  test('a long line that starts like an import is judged in linear time', () => {
    const line = `import ${'a '.repeat(400)}`;
    expect(isImportLine(line)).toBe(false);
    expect(isImportLine(`import ${' '.repeat(100_000)}x from 'y'`)).toBe(false);
    expect(parseMarkdown(`import ${'a '.repeat(100_000)}from 'y'`).sections[0]!.text.length).toBeGreaterThan(100_000);
  });

  test('links: wikilinks, relative and site-absolute URLs and in-page anchors with lines; external URLs and a bare # are not collected', () => {
    const md = parseMarkdown('[[id#절|라벨]] [a](./a.md) [b](/guide/b#x)\n\n[c](https://x.dev) [d](#local) [e](mailto:a@b.c) [f](#)\n\n[r]: ../r.md\n');
    expect(md.links).toEqual([
      { kind: 'wiki', target: 'id', anchor: '절', label: '라벨', line: 1 },
      { kind: 'url', target: './a.md', line: 1 },
      { kind: 'url', target: '/guide/b#x', line: 1 },
      { kind: 'url', target: '#local', line: 3 },
      { kind: 'url', target: '../r.md', line: 5 },
    ]);
  });

  test("headings in a note embed box (`> [!embed]`) are not the page's: left out of headings and sections, its text in the section around it", () => {
    const md = parseMarkdown('## 안건\n\n> [!embed] [[회의 규칙]]\n> ## 시간\n>\n> 10분 전에 모인다.\n\n> [!note]\n> ## 메모 제목\n');
    expect(md.headings.map((h) => h.text)).toEqual(['안건', '메모 제목']);
    expect(md.sections.map((s) => s.anchor)).toEqual(['', '안건', '메모-제목']);
    expect(md.sections[1]!.text).toContain('[!embed] [[회의 규칙]] 시간 10분 전에 모인다.');
  });

  test('htmlAnchors: ids and <a name> written as raw HTML anywhere, block or inline, but not in code', () => {
    const md = parseMarkdown('<a id="factory-ajv"></a>\n### `ajv`\n\n글 <a name="paths"></a> 속\n\n<div id="notes">\n\n메모\n\n</div>\n\n`<a id="code">`\n');
    expect(md.htmlAnchors).toEqual(['factory-ajv', 'paths', 'notes']);
    expect(parseMarkdown('# 제목\n\n글\n').htmlAnchors).toBeUndefined();
  });

  test('images: Markdown and raw <img>, local ones only, with lines', () => {
    const md = parseMarkdown('![a](./a.png)\n\n<img src="/images/b.png" alt="b">\n\n![c](https://x.dev/c.png)\n');
    expect(md.images).toEqual([
      { url: './a.png', line: 1 },
      { url: '/images/b.png', line: 3 },
    ]);
  });

  test('imagesWithoutAlt: raw <img> with no alt attribute, unless marked decorative', () => {
    const md = parseMarkdown(
      [
        '<img src="./a.png">',
        '<img src="./b.png" alt="">',
        '<img alt src="./c.png">',
        '<img src="https://x.dev/d.png"\n  width="10">',
        '<img src="./e.png" role="presentation">',
        '<img src="./f.png" aria-hidden="true">',
        '<img src="./g.png" data-alt="x">',
        '![](./h.png)',
      ].join('\n\n'),
    );
    expect(md.imagesWithoutAlt).toEqual([
      { url: './a.png', line: 1 },
      { url: 'https://x.dev/d.png', line: 7 },
      { url: './g.png', line: 14 },
    ]);
  });

  test('CJK-friendly emphasis: Korean bold next to punctuation is bold, so its text has no asterisks', () => {
    expect(parseMarkdown('**문자 종류가 같은 덩어리(run)**로 나눕니다').sections[0]!.text).toBe('문자 종류가 같은 덩어리(run)로 나눕니다');
  });
});

test.each([
  ['./a.md', true],
  ['/guide/', true],
  ['guide', true],
  ['#anchor', false],
  ['https://x.dev', false],
  ['//cdn.x/a.js', false],
  ['', false],
])('isInternalUrl(%j) is %s', (url, want) => {
  expect(isInternalUrl(url)).toBe(want);
});

test('countWords counts Hangul and Latin words alike', () => {
  expect(countWords('한국어 문장 and English words 2개')).toBe(6);
});

test('stripMdxCommentText: comments go from prose lines, code fences and inline code keep theirs, line count stays', () => {
  const md = ['앞 {/* 메모 */} 뒤', '`{/* 코드 */}` 그대로 {/*x*/}', '```jsx', '{/* 코드 블록 */}', '```', '{/*<!-- eslint -->*/}'].join('\n');
  expect(stripMdxCommentText(md)).toBe(['앞  뒤', '`{/* 코드 */}` 그대로', '```jsx', '{/* 코드 블록 */}', '```', ''].join('\n'));
});

describe('Obsidian embeds and block ids', () => {
  test('an image embed is an image (looked up by its name), not a link; a note embed stays a link to the note', () => {
    const md = parseMarkdown('![[diagram.png]]\n\n![[attachments/그림 1.png|300]]\n\n![[두번째 노트#섹션 하나]]\n\n문장 속 ![[노트]] 도\n');
    expect(md.images).toEqual([
      { url: 'diagram.png', line: 1, embed: 'diagram.png' },
      { url: 'attachments/%EA%B7%B8%EB%A6%BC%201.png', line: 3, embed: 'attachments/그림 1.png' },
    ]);
    expect(md.links).toEqual([
      { kind: 'wiki', target: '두번째 노트', anchor: '섹션 하나', line: 5 },
      { kind: 'wiki', target: '노트', line: 7 },
    ]);
    expect(md.sections[0]!.text).not.toContain('!');
  });

  test('a paragraph ending in ^block-id is named by it; the marker leaves the text', () => {
    const md = parseMarkdown('첫 문단 ^first-block\n\n- 목록\n\n^list-id\n\n비용은 2^10 이다\n');
    expect(md.blockIds).toEqual(['^first-block', '^list-id']);
    expect(md.sections[0]!.text).toBe('첫 문단\n목록\n비용은 2^10 이다');
  });

  test('a paragraph of 20,000 picture embeds is read in one pass, each at its own line', () => {
    // The plugin alone, on the text node the parser would make: the parser's own time is not what this measures.
    const value = '![[a.png]]\n'.repeat(20_000);
    const tree: Root = { type: 'root', children: [{ type: 'paragraph', children: [{ type: 'text', value, position: at(3) }] }] };
    const started = performance.now();
    unified().use(remarkObsidianEmbeds).runSync(tree);
    expect(performance.now() - started).toBeLessThan(5000);
    const images = (tree.children[0] as Paragraph).children.filter((c) => c.type === 'image');
    expect([images.length, images[0]!.position?.start.line, images.at(-1)!.position?.start.line]).toEqual([20_000, 3, 20_002]);
  });
});

describe('Obsidian comments', () => {
  test('%%comments%% leave the section text, the links and the headings; %% in code stays', () => {
    const md = parseMarkdown('앞 %%비밀번호 hunter2%% 뒤 `%%코드%%`\n\n%%\n## 숨은 제목\n\n[[숨은 링크]]\n%%\n\n## 보이는 제목 %%메모%%\n\n본문\n');
    expect(md.sections.map((s) => [s.anchor, s.text])).toEqual([
      ['', '앞 뒤 %%코드%%'],
      ['보이는-제목', '본문'],
    ]);
    expect(md.links).toEqual([]);
  });

  test('350,000 comments in one text node are cut in one pass', () => {
    const tree: Root = { type: 'root', children: [{ type: 'paragraph', children: [{ type: 'text', value: '%%a'.repeat(350_000), position: at(1) }] }] };
    const started = performance.now();
    unified().use(remarkObsidianComments).runSync(tree, '%%');
    expect(performance.now() - started).toBeLessThan(5000);
    // The marks pair up in order: each `a` after a closing one stays.
    expect(toString(tree)).toBe('a'.repeat(175_000));
  });
});

/** A position at the start of `line`, as the parser gives a paragraph's first text node. */
function at(line: number): Position {
  return { start: { line, column: 1, offset: 0 }, end: { line, column: 1, offset: 0 } };
}

test('Obsidian highlights: the search text holds the words without ==; a heading anchor too', () => {
  const md = parseMarkdown('==하이라이트== 텍스트와 a == b\n\n## ==중요== 제목\n');
  expect(md.sections.map((s) => [s.anchor, s.path, s.text])).toEqual([
    ['', [], '하이라이트 텍스트와 a == b'],
    ['중요-제목', ['중요 제목'], ''],
  ]);
});

test('[[https://…]] and [[https://…|label]] are external links: no wiki link to a missing document, the label or URL in the text', () => {
  const md = parseMarkdown('[[https://example.com]] 와 [[https://example.com/a|라벨]], [[ftp://x.test/a.zip|파일]], [[없는 문서]]\n');
  expect(md.links).toEqual([{ kind: 'wiki', target: '없는 문서', line: 1 }]);
  expect(md.sections[0]!.text).toBe('https://example.com 와 라벨, 파일, [[없는 문서]]');
});

test('a [[document]] link after a [[ftp://…]] in its paragraph is reported at its own line (it was the first line of the body)', () => {
  // Not https: GFM's autolinks (which an https URL becomes first) leave the text after them without positions at all.
  const md = parseMarkdown('# 제목\n\n[[ftp://x.test/a.zip|파일]]\n[[javascript:alert(1)]]\n본문\n[[없는 문서]]\n');
  expect(md.links).toEqual([
    { kind: 'wiki', target: 'javascript:alert(1)', line: 4 },
    { kind: 'wiki', target: '없는 문서', line: 6 },
  ]);
});

describe('one h1 per page', () => {
  test('a leading h1 that differs from the frontmatter title is a section with an anchor; every heading goes one level down, keeping its nesting', () => {
    const md = parseMarkdown('# Different heading\n\n본문\n\n## 둘째\n\n# 셋째\n', undefined, '프론트 제목');
    expect(md.h1).toBeUndefined();
    expect(md.headings.map((h) => [h.depth, h.text, h.anchor, h.line])).toEqual([
      [2, 'Different heading', 'different-heading', 1],
      [3, '둘째', '둘째', 5],
      [2, '셋째', '셋째', 7],
    ]);
    expect(md.sections.map((s) => [s.anchor, s.text])).toEqual([
      ['', ''],
      ['different-heading', '본문'],
      ['둘째', ''],
      ['셋째', ''],
    ]);
  });

  test('a leading h1 equal to the title stays the title, out of the headings', () => {
    const md = parseMarkdown('# 제목\n\n본문\n', undefined, '제목');
    expect([md.h1, md.headings]).toEqual(['제목', []]);
  });
});

test("inlineTags: Obsidian's #tags in text, outside code and links; digits alone, or a number with a Korean particle, are none", () => {
  const md = parseMarkdown(
    '회의 #weekly 와 #project/alpha/, (#배포) 그리고 #123 #2024년 #2를\n\n`#code` [#링크](x) C# a#b\n\n## 제목 #태그\n\n```\n#fenced\n```\n',
  );
  expect(md.inlineTags).toEqual(['weekly', 'project/alpha', '배포', '2024년', '태그']);
  expect(parseMarkdown('태그 없는 글\n').inlineTags).toBeUndefined();
});

test('raw HTML links inside the wiki are links, on the line of their tag; external, commented and code ones are not', () => {
  const md = parseMarkdown(
    [
      '# 제목',
      '',
      '<div class="next">',
      '<a target="_blank" href="/guide/essentials/forms.html"',
      '  >폼</a> <a href="https://vuejs.org">밖</a>',
      '</div>',
      '',
      '본문 <a href="./b.md#usage">b</a> <!-- <a href="./old.md">옛</a> -->',
      '',
      '```html',
      '<a href="./code.md">코드</a>',
      '```',
    ].join('\n'),
  );
  expect(md.links).toEqual([
    { kind: 'url', target: '/guide/essentials/forms.html', line: 4 },
    { kind: 'url', target: './b.md#usage', line: 8 },
  ]);
});

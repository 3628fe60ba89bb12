import { describe, expect, test } from 'vitest';
import { documentText, hitSnippet, SECTION_TEXT_CHARS, sectionProse, sectionTextsOf, snippetText } from './snippet.ts';
import type { SearchDocument } from './index-schema.ts';

test.each([
  [
    'a link keeps its words, not its URL',
    '설정은 [MCP 설정 가이드](https://example.com/mcp-setup) 참고. <https://example.com/raw> 끝',
    '설정은 MCP 설정 가이드 참고. 끝',
  ],
  [
    'bare URLs and reference definitions go',
    '문서: https://maru.example/docs/a 보기\n\n[ref]: https://example.com "t"\n\n[참고][ref] 끝',
    '문서: 보기 참고 끝',
  ],
  [
    'a name that starts with a dot keeps the space before it',
    '모두 `src/lib`에 있다. `.astro` 파일과 `.env` 파일 (설정) 끝 .',
    '모두 src/lib에 있다. .astro 파일과 .env 파일 (설정) 끝.',
  ],
  ['underscores inside a name stay', '`claude_desktop_config.json` 파일의 __굵게__ 와 _기울임_', 'claude_desktop_config.json 파일의 굵게 와 기울임'],
  [
    'inline code stays as text: tags, underscores and URLs in it are not Markdown',
    '`<select>` 안의 `<option>`, `dist/_wiki/` 폴더, 하위 경로(예: `https://x.example/maru/`), `/<repo>/pr-<번호>/` 아래',
    '<select> 안의 <option>, dist/_wiki/ 폴더, 하위 경로(예: https://x.example/maru/), /<repo>/pr-<번호>/ 아래',
  ],
  [
    'an underscore in a path outside code stays; emphasis after a bracket goes',
    '빌드가 dist/_wiki/ 아래에 (_강조_) 쓴다',
    '빌드가 dist/_wiki/ 아래에 (강조) 쓴다',
  ],
  ['thematic breaks and table rules go', '위\n\n---\n\n| 이름 | 값 |\n| --- | :---: |\n| a | b |\n\n***\n\n아래', '위 이름 값 a b 아래'],
  ['callout markers go, their text stays', '> [!TIP]\n> 미리보기를 먼저 보세요.\n\n> [!WARNING]- 접힘\n> 조심', '미리보기를 먼저 보세요. 접힘 조심'],
  [
    'container fences and admonition markers go, their titles stay',
    ':::info 참고\n반응성 API는 코어다.\n:::\n\n::::tip\n예를 들어\n::::\n\n:::danger[주의]\n지우지 마세요.\n:::\n\n!!! note "메모"\n    들여 쓴 본문',
    '참고 반응성 API는 코어다. 예를 들어 주의 지우지 마세요. "메모" 들여 쓴 본문',
  ],
  ['code blocks and frontmatter go', '---\nid: a\ntitle: A\n---\n\n앞\n\n```ts\nconst x_y = 1;\n```\n\n뒤', '앞 뒤'],
  ['lists, headings and task boxes lose their marks', '## 단계\n\n1. 설치\n- [x] 빌드\n* 배포', '단계 설치 빌드 배포'],
  ['Obsidian highlights keep their words; a == b and == in code stay', '==하이라이트== 텍스트, a == b, `x ==y==`', '하이라이트 텍스트, a == b, x ==y=='],
  [
    'Obsidian picture embeds leave their alt text, not their name or size; block ids go; 2^10 stays',
    '흐름은 ![[diagram.png|300]] 과 ![[attachments/a.webp|구성도]] 에 있다. ^block-one\n\n비용은 2^10 이다\n\n^list-id',
    '흐름은 과 구성도 에 있다. 비용은 2^10 이다',
  ],
  [
    'GitBook, Jekyll and Hugo tag lines go, what they hold stays; highlight and ::: mermaid blocks are code',
    '{% hint style="info" %}\nVPN이 필요합니다.\n{% endhint %}\n\n{{< tab "macOS" >}}\nbrew를 씁니다.\n{{< /tab >}}\n{{/* 메모 */}}\n\n{% highlight go %}\n# 주석\n{% endhighlight %}\n\n::: mermaid\ngraph TD; A-->B\n:::\n\n[설치]({{< ref "setup.md" >}}) 끝',
    'VPN이 필요합니다. brew를 씁니다. 설치 끝',
  ],
  [
    'a pipe escaped in code in a table row reads as the page shows it; elsewhere code keeps its backslash',
    '| 문법 | 뜻 |\n| --- | --- |\n| `![[그림.png\\|300]]` | 폭 |\n\n`grep "a\\|b"` 끝',
    '문법 뜻 ![[그림.png|300]] 폭 grep "a\\|b" 끝',
  ],
])('snippetText: %s', (_name, markdown, want) => {
  expect(snippetText(markdown)).toBe(want);
});

test('snippetText: a wikilink reads as its own text, else the linked title, else the target as written', () => {
  const titles: Record<string, string> = { 'search-tokenizer': '한국어 토크나이저', deploy: '배포 가이드' };
  const markdown = '[[search-tokenizer]] 참고, [[deploy|배포 문서]] 와 [[deploy#롤백]], 없는 [[nowhere]] 끝';
  expect(snippetText(markdown, (target) => titles[target])).toBe('한국어 토크나이저 참고, 배포 문서 와 배포 가이드, 없는 nowhere 끝');
  expect(snippetText(markdown)).toBe('search-tokenizer 참고, 배포 문서 와 deploy, 없는 nowhere 끝');
  // A note embed reads as its link does.
  expect(snippetText('포함: ![[deploy]] 끝', (target) => titles[target])).toBe('포함: 배포 가이드 끝');
});

test.each([
  ['![[', '![[a.png]] 끝', '끝'],
  ['[[', '[[a]] 끝', 'a 끝'],
  ['![[a|', '![[a.png|그림]] 끝', '그림 끝'],
  ['[a](', '[a](x) 끝', 'a 끝'],
  ['![a](', '![a](x.png) 끝', 'a 끝'],
  // Blank lines before a line's marker: a callout, a reference definition, a table rule, a quote, a list item.
  ['\n', '> [!TIP] 팁 끝', '팁 끝'],
  ['\n', '[ref]: https://x.example\n\n끝', '끝'],
  ['\n', '| 표 |\n| --- |\n| 끝 |', '표 끝'],
  ['\n', '> 인용 끝', '인용 끝'],
  ['\n', '- 항목 끝', '항목 끝'],
])('snippetText: a megabyte of %j is read in one pass (the MCP server cuts snippets per request)', (unit, tail, want) => {
  const markdown = unit.repeat(Math.ceil(2 ** 20 / unit.length)) + '\n\n' + tail;
  const started = performance.now();
  const text = snippetText(markdown);
  expect(performance.now() - started).toBeLessThan(5000);
  expect(text.endsWith(want)).toBe(true);
});

describe('hitSnippet', () => {
  const document: SearchDocument = {
    id: 'a',
    title: 'A',
    project: 'p',
    category: 'c',
    tags: [],
    aliases: [],
    updatedAt: '',
    url: '/docs/a/',
    summary: '요약 토크나이저 설명',
    sections: [
      { anchor: '', heading: '', depth: 1, line: 1, terms: 2 },
      { anchor: '설정', heading: '설정', depth: 2, line: 7, terms: 4 },
      { anchor: '세부', heading: '세부', depth: 3, line: 11, terms: 2 },
      { anchor: '다음', heading: '다음', depth: 2, line: 15, terms: 1 },
    ],
  };
  const md =
    '---\nid: a\n---\n\n리드 문단이다.\n\n## 설정\n\n토크나이저는 **한글**을 [자른다](https://x.example/).\n\n### 세부\n\n`a_b` 값.\n\n## 다음\n\n끝.\n';
  const text = documentText(document, md);

  test('the snippet text is each section’s own prose, cleaned, without its heading', () => {
    expect(text).toEqual(['리드 문단이다.', '토크나이저는 한글을 자른다.', 'a_b 값.', '끝.']);
  });
  test('texts kept for the same bytes are reused without decoding again; other bytes are decoded and cut anew', () => {
    const doc = { ...document, sections: [...document.sections] };
    const bytes = Buffer.from(md, 'utf8');
    let decoded = 0;
    const decode = (b: Buffer) => () => (decoded++, b.toString('utf8'));
    const first = sectionTextsOf(doc, bytes, decode(bytes));
    expect([0, 1, 2, 3].map((i) => first.at(i))).toEqual(text);
    expect(sectionTextsOf(doc, bytes, decode(bytes))).toBe(first);
    expect(decoded).toBe(1);
    // A new build's bytes for the same document object: never the old texts.
    const changed = Buffer.from(md.replace('리드 문단이다.', '새 리드.'), 'utf8');
    expect(sectionTextsOf(doc, changed, decode(changed)).at(0)).toBe('새 리드.');
    expect(decoded).toBe(2);
  });
  test('the prose the section ranking counts keeps words, drops marks (the build stores its counts)', () => {
    expect(sectionProse(document, md)).toEqual(['리드 문단이다.', '토크나이저는 한글을 자른다.', 'ab 값.', '끝.']);
  });
  test('the ranked prose reads links, pictures and wikilinks as their words, a bracket in link text included', () => {
    const lead = { sections: [{ line: 0 }] };
    expect(sectionProse(lead, '![출처: [원문](https://a.example)](a.png) 과 [[doc#절|라벨]] 과 [[doc]] 과 [글](b.md)')).toEqual([
      '출처: 원문 과 라벨 과 doc 과 글',
    ]);
    // An unclosed `[` or `[[` is a word like any other, and the next paragraph's link still reads as its text.
    expect(sectionProse(lead, '앞 [x\n\n[[y 뒤\n\n[링크](c.md)')).toEqual(['앞 [x [[y 뒤 링크']);
  });
  test('a long section keeps its first SECTION_TEXT_CHARS characters, cut at a space', () => {
    const long = documentText({ sections: [{ line: 1 }] }, `${'가나다 '.repeat(400)}끝`)[0]!;
    expect(long.length).toBe(SECTION_TEXT_CHARS - 1);
    expect(long.endsWith('가나다')).toBe(true);
  });
  test('uses the best section and its subsections without its heading, highlighting terms', () => {
    expect(hitSnippet(document, '설정', ['토크'], text, 160)).toEqual({ text: '토크나이저는 한글을 자른다. 세부 a_b 값.', highlights: [[0, 2]] });
  });
  test('uses the lead for anchor ""', () => {
    expect(hitSnippet(document, '', ['리드'], text, 160)).toEqual({ text: '리드 문단이다.', highlights: [[0, 2]] });
  });
  test('looks through the whole document when the best section has no matching word', () => {
    expect(hitSnippet(document, '', ['자른'], text, 160)).toEqual({
      text: '리드 문단이다. 설정 토크나이저는 한글을 자른다. 세부 a_b 값. 다음 끝.',
      highlights: [[23, 25]],
    });
  });
  test('falls back to the summary without the text', () => {
    expect(hitSnippet(document, '설정', ['토크'], undefined, 160)).toEqual({ text: '요약 토크나이저 설명', highlights: [[3, 5]] });
  });
});

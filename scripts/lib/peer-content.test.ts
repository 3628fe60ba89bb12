import { describe, expect, it } from 'vitest';
import { toPeerMarkdown } from './peer-content.ts';

describe('toPeerMarkdown', () => {
  it('keeps a title and the other frontmatter keys as they are', () => {
    expect(toPeerMarkdown('a.md', '---\ntitle: 빠르게 시작하기\nauthor: kim\n---\n\n본문\n')).toBe('---\ntitle: 빠르게 시작하기\nauthor: kim\n---\n\n본문\n');
  });

  it('adds a title from the first heading outside code, else from the file name', () => {
    expect(toPeerMarkdown('x/y.md', '```md\n# 코드 속 제목\n```\n\n# 진짜 제목\n')).toBe(
      '---\ntitle: "진짜 제목"\n---\n```md\n# 코드 속 제목\n```\n\n# 진짜 제목\n',
    );
    expect(toPeerMarkdown('errors/377.md', '---\ndate: 2024-01-01\n---\n본문만 있다.\n')).toBe('---\ntitle: "377"\ndate: 2024-01-01\n---\n본문만 있다.\n');
  });

  it('removes MDX component tags and keeps what they hold', () => {
    const md = '---\ntitle: t\n---\n<Intro>\n\n소개 문단.\n\n</Intro>\n\n<CodeStep step={1}>루트 컴포넌트</CodeStep>와 <InlineToc />\n';
    expect(toPeerMarkdown('a.md', md)).toBe('---\ntitle: t\n---\n\n\n소개 문단.\n\n\n\n루트 컴포넌트와 \n');
  });

  it('removes a component tag whose attributes span lines and hold > inside braces', () => {
    const md = '---\ntitle: t\n---\n<TeamMember\n  name="Kim"\n  onPick={() => a > b}\n>\n소개\n</TeamMember>\n';
    expect(toPeerMarkdown('a.md', md)).toBe('---\ntitle: t\n---\n\n소개\n\n');
  });

  it('drops JSX attributes from HTML tags and keeps the others', () => {
    const md = '---\ntitle: t\n---\n<div style={{display: \'flex\'}} class="row">\n칸\n</div>\n';
    expect(toPeerMarkdown('a.md', md)).toBe('---\ntitle: t\n---\n<div class="row">\n칸\n</div>\n');
  });

  it('removes MDX comments on lines of their own, not those inside a heading', () => {
    const md = '---\ntitle: t\n---\n{/* See HomeContent.js */}\n## 데이터 가져오기 {/*data-fetching*/}\n';
    expect(toPeerMarkdown('a.md', md)).toBe('---\ntitle: t\n---\n## 데이터 가져오기 {/*data-fetching*/}\n');
  });

  it('breaks {{ and }} in prose and inline code, never in fenced code', () => {
    const md = '---\ntitle: t\n---\n`{{` 와 `}}` 는 {{객체}}\n\n```jsx\n<ul style={{ color: "red" }}>\n```\n';
    expect(toPeerMarkdown('a.md', md)).toBe('---\ntitle: t\n---\n`{ {` 와 `} }` 는 { {객체} }\n\n```jsx\n<ul style={{ color: "red" }}>\n```\n');
  });

  it('leaves tags inside inline code and fenced code alone', () => {
    const md = '---\ntitle: t\n---\n부트스트랩 `<Script>` 경로\n\n~~~\n<Sandpack>\n~~~\n';
    expect(toPeerMarkdown('a.md', md)).toBe(md);
  });

  it('turns pictures that are not on the web into their alt text', () => {
    const md =
      '---\ntitle: t\n---\n![트랙](/images/perf.webp) ![웹](https://react.dev/a.png)\n<img src="../images/x.png" alt="시작 코드" /> <img src="https://x.dev/y.png">\n';
    expect(toPeerMarkdown('a.md', md)).toBe('---\ntitle: t\n---\n트랙 ![웹](https://react.dev/a.png)\n시작 코드 <img src="https://x.dev/y.png">\n');
  });
});

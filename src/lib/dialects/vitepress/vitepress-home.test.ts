import { expect, test } from 'vitest';
import { DEFAULT_CATEGORIES } from '../../wiki/config.ts';
import { toSourceDocument } from '../../wiki/document.ts';
import { vitepressHome } from './vitepress-home.ts';

const HOME = `---
layout: home
hero:
  name: Maru Docs
  text: 팀 지식을 한 빌드로
  tagline: 사람은 웹에서, AI는 MCP로
  actions:
    - theme: brand
      text: 시작하기
      link: /guide/getting-started
    - theme: alt
      text: GitHub
      link: https://github.com/example/maru
features:
  - icon: 📝
    title: 마크다운 그대로
    details: Git의 문서를 옮기지 않고 씁니다.
  - title: 검색
    details: "한국어 검색과\\n조사 처리"
    link: /search/
---
`;

test('a VitePress home page shows its hero and features, titled by the hero name', () => {
  const { doc, problems } = toSourceDocument({ path: 'index.md', text: HOME, mtime: '2026-01-02T03:04:05.000Z' }, [...DEFAULT_CATEGORIES]);
  expect(problems).toEqual([]);
  expect(doc!.title).toBe('Maru Docs');
  expect(doc!.body).toBe(
    [
      '',
      '',
      '**팀 지식을 한 빌드로**',
      '',
      '사람은 웹에서, AI는 MCP로',
      '',
      '- [시작하기](/guide/getting-started)',
      '- [GitHub](https://github.com/example/maru)',
      '',
      '- **마크다운 그대로**: Git의 문서를 옮기지 않고 씁니다.',
      '- **[검색](/search/)**: 한국어 검색과 조사 처리',
      '',
    ].join('\n'),
  );
  expect(doc!.summary).toBe('팀 지식을 한 빌드로: 사람은 웹에서, AI는 MCP로');
  // Internal links are checked and resolved like the body's (an external one is no wiki link).
  expect(doc!.markdown.links.map((l) => [l.target, l.line])).toEqual([
    ['/guide/getting-started', 7],
    ['/search/', 11],
  ]);
});

test('the body stays first and keeps its line numbers; a frontmatter title wins over the hero name', () => {
  const text = `---\ntitle: 홈\nlayout: home\nhero:\n  name: X\nfeatures:\n  - title: A\n---\n\n## 소개\n\n본문\n`;
  const { doc } = toSourceDocument({ path: 'index.md', text, mtime: '2026-01-02T03:04:05.000Z' }, [...DEFAULT_CATEGORIES]);
  expect(doc!.title).toBe('홈');
  expect(doc!.body).toBe('\n## 소개\n\n본문\n\n- **A**\n');
  expect(doc!.markdown.headings.map((h) => [h.text, h.line])).toEqual([['소개', 2]]);
  // The site renders the file's text, so it is told what was drawn after the body (withDrawnMarkdown in src/lib/wiki/document.ts).
  expect(doc!.drawnMarkdown).toBe('- **A**');
});

test('other layouts, and values that are not text, add nothing', () => {
  expect(vitepressHome({ layout: 'doc', hero: { name: 'X' } })).toBeUndefined();
  expect(vitepressHome({ layout: 'home', hero: { name: 7, actions: 'x' }, features: [null, 'a', { title: ['x'] }] })).toBeUndefined();
  expect(vitepressHome({ layout: 'home', hero: { name: 'X' } })).toEqual({ markdown: '', title: 'X', summary: undefined });
  expect(vitepressHome({ layout: 'home', features: [{ title: 'A', link: 'javascript:alert(1) x' }] })).toEqual({
    markdown: '- **A**',
    title: undefined,
    summary: undefined,
  });
});

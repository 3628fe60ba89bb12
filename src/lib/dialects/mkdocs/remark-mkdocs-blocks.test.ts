import { describe, expect, test } from 'vitest';
import { parseMarkdown } from '../../markdown/parse.ts';

// How the site renders these blocks is in test/fixtures/markdown/site-mkdocs-blocks; this is what search and checks read.
describe('MkDocs admonitions and content tabs', () => {
  test('the body is section text, not code, and its links keep their lines', () => {
    const md = parseMarkdown(
      [
        '## 설치',
        '',
        '!!! note "설치 전에"',
        '    Node 22가 필요하다.',
        '',
        '    [배포 안내](./deploy.md)를 먼저 읽는다.',
        '',
        '=== "macOS"',
        '',
        '    [[brew-guide]]로 설치한다.',
        '',
        '끝.',
      ].join('\n'),
    );
    expect(md.sections.map((s) => [s.anchor, s.text])).toEqual([
      ['', ''],
      // As an Obsidian callout's: the marker and wikilinks are read from the text by the index (snippet.ts).
      ['설치', '[!note] 설치 전에 Node 22가 필요하다. 배포 안내를 먼저 읽는다.\nmacOS\n[[brew-guide]]로 설치한다.\n끝.'],
    ]);
    expect(md.links.map((l) => [l.target, l.line])).toEqual([
      ['./deploy.md', 6],
      ['brew-guide', 10],
    ]);
  });

  test('in a list item, with a tab indent and CRLF line endings', () => {
    const text = ['- 항목', '', '    !!! tip', '        팁 본문 [링크](./a.md)', '', '!!! warning "탭"', '\t탭으로 들여쓴 본문'].join('\r\n');
    const md = parseMarkdown(text);
    expect(md.sections[0]!.text).toBe('항목 [!tip] 팁 본문 링크\n[!warning] 탭 탭으로 들여쓴 본문');
    expect(md.links.map((l) => [l.target, l.line])).toEqual([['./a.md', 4]]);
  });

  test('inside a quote the block stays as written; a line that only starts with !!! is text', () => {
    expect(parseMarkdown('> !!! note\n>     인용 안\n\n!!!는 느낌표다.\n').sections[0]!.text).toBe('!!! note 인용 안\n!!!는 느낌표다.');
  });

  test('blocks nested deeper than eight levels stay as written: each level parses what it holds once more', () => {
    const deep = Array.from({ length: 100 }, (_, i) => `${'    '.repeat(i)}!!! note "수준 ${i}"`).join('\n');
    const text = parseMarkdown(`${deep}\n${'    '.repeat(100)}맨 안쪽`).sections[0]!.text;
    expect(text).toContain('[!note] 수준 7');
    expect(text).not.toContain('[!note] 수준 8');
    expect(text).toContain('수준 8');
  });
});

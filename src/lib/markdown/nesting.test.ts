import { describe, expect, test } from 'vitest';
import {
  findDeepNesting,
  findDenseParagraph,
  findLongDelimiterRun,
  findManyHeadings,
  MAX_BRACKET_DEPTH,
  MAX_NESTING,
  MAX_PARAGRAPH_BRACKETS,
  MAX_PARAGRAPH_DELIMITERS,
} from './nesting.ts';

describe('findDeepNesting', () => {
  test.each([
    ['quotes past the limit', `# 제목\n\n${'>'.repeat(5000)} 인용\n`, { line: 3, depth: 5000 }],
    ['spaced quotes', `${'> '.repeat(101)}x`, { line: 1, depth: 101 }],
    ['compact list items', `${'- '.repeat(5000)}item`, { line: 1, depth: 5000 }],
    ['ordered and mixed markers', `${'1. > * '.repeat(34)}x`, { line: 1, depth: 102 }],
    ['list items nested by indentation', Array.from({ length: 102 }, (_, i) => `${'  '.repeat(i)}- 항목 ${i}`).join('\n'), { line: 101, depth: 101 }],
    ['footnote definitions on one line', `본문[^a]\n\n${'[^a]: '.repeat(5000)}x`, { line: 3, depth: 5000 }],
    ['footnote definitions nested by indentation', Array.from({ length: 1000 }, (_, i) => `${'    '.repeat(i)}[^a]:`).join('\n'), { line: 51, depth: 101 }],
  ])('%s are found on their line', (_name, body, expected) => {
    expect(findDeepNesting(body)).toEqual(expected);
  });

  test.each([
    ['the limit itself', `${'>'.repeat(MAX_NESTING)} 인용`],
    ['a long thematic break', '- '.repeat(500)],
    ['text that only starts like a marker', `${'-'.repeat(500)} ${'1.5 '.repeat(200)} ${'*강조* '.repeat(200)}`],
    ['many footnote definitions, one per line', Array.from({ length: 300 }, (_, i) => `[^${i}]: 설명 [^${i}] 참조`).join('\n')],
    ['footnote calls that are not definitions', `${'[^a] '.repeat(500)}\n${'[^a]'.repeat(500)}`],
    ['an empty body', ''],
  ])('%s passes', (_name, body) => {
    expect(findDeepNesting(body)).toBeUndefined();
  });
});

describe('findLongDelimiterRun', () => {
  test('a run of * or _ longer than 100 outside code is found on its line', () => {
    expect(findLongDelimiterRun(`# 제목\n\n${'*'.repeat(20000)}x${'*'.repeat(20000)}\n`)).toEqual({ line: 3, char: '*', length: 20000 });
    expect(findLongDelimiterRun(`이름: ${'_'.repeat(101)}`)).toEqual({ line: 1, char: '_', length: 101 });
  });

  test('runs up to 100, runs inside fenced code, and bold text pass', () => {
    expect(findLongDelimiterRun(`이름: ${'_'.repeat(100)}\n\n${'*'.repeat(100)}`)).toBeUndefined();
    expect(findLongDelimiterRun(`\`\`\`text\n${'*'.repeat(500)}\n\`\`\`\n\n~~~~\n${'_'.repeat(500)}\n\`\`\`\n~~~~\n`)).toBeUndefined();
    expect(findLongDelimiterRun('**굵게** 그리고 __밑줄__ '.repeat(1000))).toBeUndefined();
  });

  test('a line that only looks like a fence hides nothing: ```a` is a code span, an indented fence may end with its list item', () => {
    expect(findLongDelimiterRun(`\`\`\`a\`\n${'*'.repeat(4000)}x${'*'.repeat(4000)}\n\`\`\`\n`)).toEqual({ line: 2, char: '*', length: 4000 });
    expect(findLongDelimiterRun(`- a\n  \`\`\`\n  b\n${'_'.repeat(101)}\n\`\`\``)).toEqual({ line: 4, char: '_', length: 101 });
  });

  test('a fence that never closes keeps the rest of the file as code, as the parser does', () => {
    expect(findLongDelimiterRun(`\`\`\`\n${'*'.repeat(500)}`)).toBeUndefined();
  });
});

describe('findDenseParagraph', () => {
  const images = (n: number, between = '') => `${`![${between}`.repeat(n)}a${`${between}](x)`.repeat(n)}`;
  const alternating = (n: number) => `${'_a *a '.repeat(n / 4)}x${' b* b_'.repeat(n / 4)}`;

  test.each([
    ['nested images', `# 제목\n\n${images(3000)}`, { line: 3, kind: 'brackets', count: 3000 }],
    ['nested links with spaces between', `[ `.repeat(150) + 'a' + ' ](x)'.repeat(150), { line: 1, kind: 'brackets', count: 150 }],
    ['nested images across the lines of one quoted paragraph', images(500, '\n> '), { line: 101, kind: 'brackets', count: 500 }],
    ['brackets whose ] sits in code', `${'![`]`'.repeat(200)}a${'](x)'.repeat(200)}`, { line: 1, kind: 'brackets', count: 200 }],
    ['brackets whose ] sits in a tag attribute', `${'![<a title="]">'.repeat(200)}a${'](x)'.repeat(200)}`, { line: 1, kind: 'brackets', count: 200 }],
    ['brackets whose ] sits in a link title', `${'![![y](z "]")'.repeat(200)}a${'](x)'.repeat(200)}`, { line: 1, kind: 'brackets', count: 201 }],
    ['brackets whose ] sits in a comment', `${'![<!-- ] -->'.repeat(200)}a${'](x)'.repeat(200)}`, { line: 1, kind: 'brackets', count: 200 }],
    ['alternating emphasis openers and closers', alternating(6000), { line: 1, kind: 'delimiters', count: 6000 }],
    ['emphasis across the lines of one paragraph', '*a\n_a\n'.repeat(300) + 'x', { line: 501, kind: 'delimiters', count: 600 }],
    ['strikethrough', `${'~~a '.repeat(3000)}x${' b~~'.repeat(3000)}`, { line: 1, kind: 'delimiters', count: 6000 }],
    ['*, _ and ~ mixed', `${'*a _a ~a '.repeat(200)}x`, { line: 1, kind: 'delimiters', count: 600 }],
    ['labels that are no links', `# 제목\n\n${'[a] '.repeat(20000)}`, { line: 3, kind: 'bracketCount', count: 40000 }],
    ['closing brackets alone', 'a]'.repeat(1001), { line: 1, kind: 'bracketCount', count: 1001 }],
    ['Obsidian embeds across the lines of one paragraph', '![[a.png]] ![[b.png]]\n'.repeat(300), { line: 126, kind: 'bracketCount', count: 2400 }],
    ['links one paragraph holds', '[링크](/a) [[위키 링크]] [^1] '.repeat(1000), { line: 1, kind: 'bracketCount', count: 8000 }],
    ['brackets in code spans', '`]` '.repeat(1001), { line: 1, kind: 'bracketCount', count: 1001 }],
    [
      'brackets in a fenced block that may belong to a list item',
      `1. 예시\n\n   ~~~\n${'   [1]\n'.repeat(600)}   ~~~`,
      { line: 504, kind: 'bracketCount', count: 1200 },
    ],
    [
      'brackets in a fence that only looks fenced (```a` is a code span)',
      `\`\`\`a\`\n${'[1]\n'.repeat(600)}`,
      { line: 502, kind: 'bracketCount', count: 1200 },
    ],
  ])('%s are found on the line where the paragraph crosses the limit', (_name, body, expected) => {
    expect(findDenseParagraph(body)).toEqual(expected);
  });

  test.each([
    ['the bracket limit itself', images(MAX_BRACKET_DEPTH)],
    ['the delimiter limit itself', alternating(MAX_PARAGRAPH_DELIMITERS)],
    ['the bracket count limit itself', 'a]'.repeat(MAX_PARAGRAPH_BRACKETS)],
    ['125 links of each kind in one paragraph', '[링크](/a) [[위키 링크]] [^1] '.repeat(125)],
    ['escaped brackets', '\\[a\\] '.repeat(5000)],
    ['the same brackets in paragraphs of their own', '[a] [[b]] ![[c.png]]\n\n'.repeat(5000)],
    ['brackets in fenced code', `글\n\`\`\`json\n${'[[1, 2], [3]]\n'.repeat(500)}\`\`\`\n~~~\n${']'.repeat(5000)}\n~~~\n`],
    ['a long list of links with code in every item', '* [`onClick`](https://example.com): [`MouseEvent` 핸들러](#mouse) 함수입니다.\n'.repeat(500)],
    ['dense emphasis split into paragraphs', `${'**굵게** _기울임_ ~~취소~~ '.repeat(60)}\n\n`.repeat(100)],
    ['snake_case names, list markers and arithmetic', `${'max_result_chars * 2 '.repeat(2000)}\n${'* 항목\n'.repeat(2000)}`],
    ['an empty body', ''],
  ])('%s passes', (_name, body) => {
    expect(findDenseParagraph(body)).toBeUndefined();
  });
});

describe('findManyHeadings', () => {
  test('names the line of the heading past the limit and counts every heading line', () => {
    const body = ['# 하나', '', '본문', '## 둘', '둘째 제목', '---', '### 셋'].join('\n');
    // Four headings: '# 하나', '## 둘', '둘째 제목' underlined by '---', '### 셋'.
    expect(findManyHeadings(body, 4)).toBeUndefined();
    expect(findManyHeadings(body, 3)).toEqual({ line: 7, count: 4 });
  });

  test('a `# comment` in fenced code is no heading', () => {
    const body = ['```bash', '# 설치', '# 빌드', '```', '# 진짜 제목'].join('\n');
    expect(findManyHeadings(body, 1)).toBeUndefined();
    expect(findManyHeadings(`${body}\n## 둘째`, 1)).toEqual({ line: 6, count: 2 });
  });

  test('an indented heading line counts, however deep: an MkDocs block parses its indented body as Markdown', () => {
    const body = ['!!! note', '    ## 블록 안 제목', '', '    !!! tip', `${' '.repeat(24)}### 깊은 제목`].join('\n');
    expect(findManyHeadings(body, 1)).toEqual({ line: 5, count: 2 });
  });
});

import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { lineAsWritten } from '../wiki/include-files.ts';
import {
  expandIncludes,
  includeCandidates,
  includeLines,
  MAX_INCLUDED_CHARS,
  MAX_INCLUDES,
  type FindNote,
  type IncludedFile,
  type ReadIncluded,
} from './includes.ts';

test('include lines of VitePress, mdBook (in code too), GitBook, Jekyll and MkDocs are found with their lines and parts', () => {
  const md = [
    '<!--@include: ./parts/basics.md-->', //         1
    '<!-- @include: @/snippets/a.md{3,10} -->',
    '```rust',
    '{{#include ../listings/main.rs:2:5}}', //      4
    '```',
    '{% include "../.gitbook/includes/notice.md" %}',
    '{% include_relative _parts/setup.md %}',
    '--8<-- "docs/abbreviations.md"', //            8
    '```md',
    '<!--@include: ./example.md-->',
    '```',
    '{% include nav.html %}', //                    12: a Jekyll template, not a file pasted in
    '본문에 쓴 <!--@include: ./x.md--> 는 줄 전체가 아니다',
    '  <!--@include: ./parts/basics.md#usage-->', // 14
    '{{#include main.rs:setup}}',
    '--8<-- "parts/long.md:3"',
  ].join('\n');
  expect(includeLines(md)).toEqual([
    { line: 1, path: './parts/basics.md', tool: 'VitePress', indent: '', inCode: false },
    { line: 2, path: '@/snippets/a.md', tool: 'VitePress', part: { from: 3, to: 10 }, indent: '', inCode: false },
    { line: 4, path: '../listings/main.rs', tool: 'mdBook', part: { from: 2, to: 5 }, indent: '', inCode: true },
    { line: 6, path: '../.gitbook/includes/notice.md', tool: 'GitBook', indent: '', inCode: false },
    { line: 7, path: '_parts/setup.md', tool: 'Jekyll', indent: '', inCode: false },
    { line: 8, path: 'docs/abbreviations.md', tool: 'MkDocs', indent: '', inCode: false },
    { line: 14, path: './parts/basics.md', tool: 'VitePress', part: { region: 'usage' }, indent: '  ', inCode: false },
    { line: 15, path: 'main.rs', tool: 'mdBook', part: { anchor: 'setup' }, indent: '', inCode: false },
    { line: 16, path: 'parts/long.md', tool: 'MkDocs', part: { from: 3 }, indent: '', inCode: false },
  ]);
});

test('a long line is read in one pass and is never an include line', () => {
  expect(includeLines(`<!-- @include: ${'a'.repeat(200_000)}`)).toEqual([]);
  expect(includeLines('plain text without any\n')).toEqual([]);
});

test('paths count from the including file, / and @/ from the content root, MkDocs from the project; none lead out of the folder', () => {
  expect(includeCandidates({ tool: 'VitePress', path: './parts/a.md' }, 'guide/intro.md')).toEqual(['guide/parts/a.md']);
  expect(includeCandidates({ tool: 'VitePress', path: '@/parts/a.md' }, 'guide/intro.md')).toEqual(['parts/a.md']);
  expect(includeCandidates({ tool: 'GitBook', path: '../.gitbook/includes/a.md' }, 'guide/intro.md')).toEqual(['.gitbook/includes/a.md']);
  expect(includeCandidates({ tool: 'MkDocs', path: 'docs/includes/abbr.md' }, 'guide/intro.md')).toEqual([
    'docs/includes/abbr.md',
    'includes/abbr.md',
    'guide/docs/includes/abbr.md',
  ]);
  expect(includeCandidates({ tool: 'Jekyll', path: '../../secret.md' }, 'guide/intro.md')).toEqual([]);
  expect(includeCandidates({ tool: 'mdBook', path: '..\\..\\etc\\passwd' }, 'a.md')).toEqual([]);
});

/** A folder of files in memory. */
function folder(files: Record<string, string>): ReadIncluded & { asked: string[] } {
  const asked: string[] = [];
  const read = (path: string): IncludedFile => {
    asked.push(path);
    return path in files ? { text: files[path]! } : { missing: true };
  };
  return Object.assign(read, { asked });
}

describe('expandIncludes', () => {
  test("a VitePress part is pasted without its frontmatter, and the lines after it keep their place in the span's count", () => {
    const read = folder({ 'guide/parts/setup.md': '---\ntitle: 조각\n---\n## 설치\n\n`npm ci`를 실행합니다.\n' });
    const r = expandIncludes('# 시작\n\n<!--@include: ./parts/setup.md-->\n\n끝.', 'guide/intro.md', read);
    expect(r.text).toBe('# 시작\n\n## 설치\n\n`npm ci`를 실행합니다.\n\n끝.');
    expect(r.spans).toEqual([{ start: 3, end: 5, line: 3 }]);
    expect(r.problems).toEqual([]);
  });

  test('line ranges, VitePress regions and mdBook anchors paste only their lines; anchor marker lines are left out', () => {
    const read = folder({
      'a.md': '하나\n둘\n셋\n넷\n',
      'b.md': '앞\n<!-- #region usage -->\n쓰는 법\n<!-- #endregion usage -->\n뒤\n',
      'main.rs': 'use x;\n// ANCHOR: setup\nfn setup() {\n    // ANCHOR: inner\n    run();\n    // ANCHOR_END: inner\n}\n// ANCHOR_END: setup\n',
    });
    const md = [
      '<!--@include: ./a.md{2,3}-->',
      '<!--@include: ./a.md{,1}-->',
      '<!--@include: ./b.md#usage-->',
      '```rust',
      '{{#include main.rs:setup}}',
      '```',
      '--8<-- "a.md:4"',
      '{{#include a.md:2}}',
    ].join('\n');
    expect(expandIncludes(md, 'page.md', read).text.split('\n')).toEqual([
      '둘',
      '셋',
      '하나',
      '쓰는 법',
      '```rust',
      'fn setup() {',
      '    run();',
      '}',
      '```',
      '넷',
      '둘',
    ]);
  });

  test('an include in a list item keeps its indentation; one inside code pastes code and follows no include line in it', () => {
    const read = folder({ 'step.md': '첫째 줄\n\n둘째 줄', 'nested.md': '<!--@include: ./step.md-->' });
    expect(expandIncludes('- 단계\n\n  <!--@include: ./step.md-->', 'p.md', read).text).toBe('- 단계\n\n  첫째 줄\n\n  둘째 줄');
    expect(expandIncludes('```md\n{{#include nested.md}}\n```', 'p.md', read).text).toBe('```md\n<!--@include: ./step.md-->\n```');
  });

  test('include lines inside included Markdown are followed, and all lines pasted are counted at the outer line', () => {
    const read = folder({ 'a.md': 'A1\n<!--@include: ./b.md-->\nA3', 'b.md': 'B1\nB2' });
    const r = expandIncludes('앞\n<!--@include: ./a.md-->\n뒤', 'p.md', read);
    expect(r.text).toBe('앞\nA1\nB1\nB2\nA3\n뒤');
    expect(r.spans).toEqual([{ start: 2, end: 5, line: 2 }]);
    expect(r.pasted).toEqual(['a.md', 'b.md']);
  });

  test('a loop, a missing file, a missing region and a path out of the folder leave the line as written, with a problem at it', () => {
    const read = folder({ 'a.md': 'A\n<!--@include: ./b.md-->', 'b.md': 'B\n<!--@include: ./a.md-->', 'c.md': '내용' });
    const md = ['<!--@include: ./a.md-->', '<!--@include: ./none.md-->', '<!--@include: ./c.md#nowhere-->', '{% include_relative ../../up.md %}'].join('\n');
    const r = expandIncludes(md, 'p.md', read);
    expect(r.text.split('\n')).toEqual(['A', 'B', '<!--@include: ./a.md-->', ...md.split('\n').slice(1)]);
    expect(r.problems.map((p) => [p.line, p.message])).toEqual([
      [1, 'VitePress include(./a.md)가 자기 자신을 다시 포함해 펼치지 않았습니다 (p.md → a.md → b.md → a.md)'],
      [2, 'VitePress include(./none.md)의 파일이 없습니다'],
      [3, 'VitePress include(./c.md)의 #region nowhere을(를) 찾지 못해 펼치지 않았습니다'],
      [4, 'Jekyll include(../../up.md)가 콘텐츠 폴더 밖을 가리켜 펼치지 않았습니다'],
    ]);
  });

  test('a file that refuses to be read is named with the reason, and nothing else is asked for it', () => {
    const read: ReadIncluded = (path) => (path === '.env' ? { refused: '숨은 파일' } : { missing: true });
    expect(expandIncludes('{{#include .env}}', 'p.md', read).problems).toEqual([
      {
        line: 1,
        message: 'mdBook include(.env)를 펼치지 않았습니다 (숨은 파일)',
        hint: '내용을 이 문서에 옮겨 쓰거나 콘텐츠 폴더 안의 보통 파일을 가리키세요',
      },
    ]);
  });

  test('a document follows at most MAX_INCLUDES include lines and pastes MAX_INCLUDED_CHARS characters; the rest stay as written, reported once', () => {
    const many = Array.from({ length: MAX_INCLUDES + 5 }, () => '<!--@include: ./x.md-->').join('\n');
    const r = expandIncludes(many, 'p.md', folder({ 'x.md': 'x' }));
    expect(r.text.split('\n').filter((l) => l === 'x')).toHaveLength(MAX_INCLUDES);
    expect(r.problems.map((p) => [p.line, p.message])).toEqual([
      [MAX_INCLUDES + 1, `VitePress include(./x.md)부터는 펼치지 않았습니다: 한 문서의 include 줄이 ${MAX_INCLUDES}개를 넘습니다`],
    ]);
    const missing = folder({});
    expandIncludes(Array.from({ length: 10_000 }, (_, i) => `<!--@include: ./none-${i}.md-->`).join('\n'), 'p.md', missing);
    expect(missing.asked).toHaveLength(MAX_INCLUDES);
    const big = 'y'.repeat(MAX_INCLUDED_CHARS / 4 + 1);
    const four = expandIncludes('<!--@include: ./big.md-->\n'.repeat(4), 'p.md', folder({ 'big.md': big }));
    expect(four.text.split('\n').filter((l) => l === big)).toHaveLength(3);
    expect(four.problems.map((p) => p.line)).toEqual([4]);
  });

  test('text without include lines comes back as it is, and nothing is read', () => {
    const read = folder({});
    const md = '# 제목\n\n```md\n<!--@include: ./a.md-->\n```\n';
    expect(expandIncludes(md, 'p.md', read)).toEqual({ text: md, spans: [], problems: [], pasted: [] });
    expect(read.asked).toEqual([]);
  });
});

test('any folder of files that include each other (loops, ranges, fences, missing files) expands in bounds, and its line map adds up', () => {
  const LINES = [
    '<!--@include: ./a.md-->',
    '<!--@include: ./b.md{2,}-->',
    '  <!--@include: ./c.md#r-->',
    '{{#include a.md:1:2}}',
    '--8<-- "b.md"',
    '{% include_relative none.md %}',
    '```',
    '<!-- #region r -->',
    '<!-- #endregion r -->',
    '---',
    '글',
    '',
  ];
  const text = fc.array(fc.constantFrom(...LINES), { maxLength: 12 }).map((l) => l.join('\n'));
  fc.assert(
    fc.property(text, text, text, text, (page, a, b, c) => {
      const read = folder({ 'a.md': a, 'b.md': b, 'c.md': c });
      const r = expandIncludes(page, 'p.md', read);
      const written = page.split('\n').length;
      const out = r.text.split('\n').length;
      expect(out).toBe(written + r.spans.reduce((n, s) => n + s.end - s.start, 0));
      const back = Array.from({ length: out }, (_, i) => lineAsWritten(r.spans, i + 1));
      expect(back.every((line, i) => line >= 1 && line <= written && (i === 0 || line >= back[i - 1]!))).toBe(true);
      expect(r.text.length).toBeLessThanOrEqual(page.length + MAX_INCLUDED_CHARS + MAX_INCLUDES * 4);
    }),
    { numRuns: 300, seed: 20261203 },
  );
});

describe('Obsidian note embeds alone on their line', () => {
  const notes: Record<string, string> = {
    'notes/회의 규칙.md':
      '---\ntags: [규칙]\n# 설정 주석\n---\n# 회의 규칙\n\n## 시간\n\n10분 전에 모인다.\n\n### 예외\n\n급한 일\n\n## 기록\n\n```md\n## 코드 안의 제목\n```\n\n기록은 위키에.\n',
    'notes/초안.md': '---\nstatus: draft\n---\n아직 쓰는 중',
  };
  const find: FindNote = (name) => Object.keys(notes).find((p) => p.endsWith(`/${name}.md`));
  const read = folder(notes);

  test('are found, with a section; pictures and block embeds are not include lines (a PDF is one the folder has no note for)', () => {
    const md = ['![[회의 규칙]]', '  ![[회의 규칙#시간|시간 규칙]]', '![[그림.png]]', '![[문서.pdf]]', '![[회의 규칙#^abc123]]', '앞 글 ![[회의 규칙]]'].join(
      '\n',
    );
    expect(includeLines(md)).toEqual([
      { line: 1, path: '회의 규칙', tool: 'Obsidian', indent: '', inCode: false, embed: '회의 규칙' },
      { line: 2, path: '회의 규칙', tool: 'Obsidian', part: { heading: '시간' }, indent: '  ', inCode: false, embed: '회의 규칙#시간|시간 규칙' },
      { line: 4, path: '문서.pdf', tool: 'Obsidian', indent: '', inCode: false, embed: '문서.pdf' },
    ]);
  });

  test("paste the note's body (or one section, to the next heading of its level) into an embed callout titled with the link", () => {
    expect(expandIncludes('![[회의 규칙#시간]]', 'a.md', read, find).text.split('\n')).toEqual([
      '> [!embed] [[회의 규칙#시간]]',
      '> ## 시간',
      '>',
      '> 10분 전에 모인다.',
      '>',
      '> ### 예외',
      '>',
      '> 급한 일',
      '',
    ]);
    const whole = expandIncludes('![[회의 규칙]]', 'a.md', read, find).text;
    expect(whole.startsWith('> [!embed] [[회의 규칙]]\n> # 회의 규칙\n')).toBe(true);
    expect(whole).toContain('> ## 코드 안의 제목\n');
    expect(whole).not.toContain('설정 주석');
  });

  test('a note that is not there stays the link box without a word; a draft or a missing section stays it with a warning', () => {
    const r = expandIncludes(['![[없는 노트]]', '![[초안]]', '![[회의 규칙#없는 섹션]]', '![[문서.pdf]]'].join('\n'), 'a.md', read, find);
    expect(r.spans).toEqual([]);
    expect(r.problems.map((p) => [p.line, p.message])).toEqual([
      [2, '노트 임베드 ![[초안]]는 초안이라 펼치지 않았습니다'],
      [3, '노트 임베드 ![[회의 규칙#없는 섹션]]의 #없는 섹션을(를) 찾지 못해 펼치지 않았습니다'],
    ]);
  });
});

test('an included note with long runs of spaces, # and empty lines is read: a heading looked for, the body pasted', () => {
  const spaces = ' '.repeat(100_000);
  const note = `# 제목${spaces}x\n## 둘${spaces}#${spaces}y\n${'\n'.repeat(100_000)}끝${'\n'.repeat(100_000)}`;
  const find: FindNote = () => 'n.md';
  const r = expandIncludes('![[n#없는 제목]]\n![[n]]', 'a.md', folder({ 'n.md': note }), find);
  expect(r.problems).toHaveLength(1);
  expect(r.text.endsWith('> 끝\n')).toBe(true);
});

test('Docusaurus partials: a Markdown file imported by a capitalised name is pasted where its tag stands alone on a line', () => {
  const md = [
    "import Setup from './_setup.mdx';",
    "import Shared from '@site/docs/shared/_note.md'",
    "import Tabs from '@theme/Tabs';",
    '',
    '# 설치',
    '',
    '<Setup />',
    '',
    '  <Shared/>',
    '<Tabs />',
    '```mdx',
    '<Setup />',
    '```',
  ].join('\n');
  expect(includeLines(md).map((l) => [l.line, l.tool, l.path, l.indent])).toEqual([
    [7, 'Docusaurus', './_setup.mdx', ''],
    [9, 'Docusaurus', '@site/docs/shared/_note.md', '  '],
  ]);
  expect(includeCandidates({ tool: 'Docusaurus', path: '@site/docs/shared/_note.md' }, 'guide/install.md')).toEqual([
    'docs/shared/_note.md',
    'shared/_note.md',
    'guide/docs/shared/_note.md',
  ]);
  const read = folder({ 'guide/_setup.mdx': '---\nsidebar_position: 1\n---\n`npm ci`를 실행합니다.\n', 'shared/_note.md': '공유 메모' });
  expect(expandIncludes(md, 'guide/install.md', read).text.split('\n').slice(6, 9)).toEqual(['`npm ci`를 실행합니다.', '', '  공유 메모']);
});

test('a Logseq page embed in a block pastes the page into that list item, under its bullet', () => {
  const read = folder({ 'pages/회의___규칙.md': '- 10분 전에 모인다\n\t- 늦으면 알린다' });
  const find: FindNote = (name) => (name === '회의/규칙' ? 'pages/회의___규칙.md' : undefined);
  expect(includeLines('\t- {{embed [[회의/규칙]]}}')).toEqual([
    { line: 1, path: '회의/규칙', tool: 'Logseq', indent: '\t  ', lead: '\t- ', inCode: false, embed: '회의/규칙' },
  ]);
  expect(expandIncludes('- 앞\n\t- {{embed [[회의/규칙]]}}\n- 뒤', 'journals/a.md', read, find).text.split('\n')).toEqual([
    '- 앞',
    '\t- > [!embed] [[회의/규칙]]',
    '\t  > - 10분 전에 모인다',
    '\t  > \t- 늦으면 알린다',
    '- 뒤',
  ]);
});

describe('a draft is never pasted, by any include syntax, wherever the line stands (issue 42)', () => {
  const files: Record<string, string> = {
    'draft.md': '---\nstatus: draft\n---\n초안 비밀 문장',
    'commented.md': '---\nstatus: draft  # 아직 쓰는 중\n---\n초안 비밀 문장',
    'hugo.md': '+++\ndraft = true\n+++\n초안 비밀 문장',
    'capital.md': '---\ndraft: True\n---\n초안 비밀 문장',
    'jekyll.md': '---\npublished: false\n---\n초안 비밀 문장',
    'broken.md': '---\ntitle: [닫히지 않음\n---\n초안 비밀 문장',
    'fine.md': '---\ntitle: 공개\n---\n공개 문장',
  };
  const read = folder(files);
  const find: FindNote = (name) => (`${name}.md` in files ? `${name}.md` : undefined);
  const lines = (name: string): [string, string][] => [
    ['VitePress', `<!--@include: ./${name}.md-->`],
    ['mdBook', `{{#include ${name}.md}}`],
    ['mdBook in a code block', `\`\`\`md\n{{#include ${name}.md}}\n\`\`\``],
    ['mdBook rustdoc_include in a code block, a line range', `\`\`\`\n{{#rustdoc_include ${name}.md:1:9}}\n\`\`\``],
    ['GitBook', `{% include "${name}.md" %}`],
    ['Jekyll', `{% include_relative ${name}.md %}`],
    ['MkDocs', `--8<-- "${name}.md"`],
    ['Obsidian', `![[${name}]]`],
    ['Docusaurus', `import Part from './${name}.md';\n\n<Part />`],
    ['Logseq', `- {{embed [[${name}]]}}`],
  ];

  test.each(['draft', 'commented', 'hugo', 'capital', 'jekyll'].flatMap((name) => lines(name).map(([tool, line]) => [name, tool, line])))(
    '%s.md through %s: not pasted, a warning at the line',
    (_, __, line) => {
      const r = expandIncludes(line, 'page.md', read, find);
      expect(r.text).not.toContain('초안 비밀 문장');
      expect(r.problems).toHaveLength(1);
      expect(r.problems[0]!.message).toMatch(/는 초안이라 펼치지 않았습니다$/);
    },
  );

  test('a frontmatter that cannot be read is not pasted either; a published file still is, in code or not', () => {
    const broken = expandIncludes('```md\n{{#include broken.md}}\n```', 'page.md', read, find);
    expect(broken.text).not.toContain('초안 비밀 문장');
    expect(broken.problems.map((p) => p.message)).toEqual(['mdBook include(broken.md)의 frontmatter를 읽을 수 없어 초안인지 알 수 없으므로 펼치지 않았습니다']);
    expect(expandIncludes('```md\n{{#include fine.md}}\n```', 'page.md', read, find).text).toContain('공개 문장');
    expect(expandIncludes('<!--@include: ./fine.md-->', 'page.md', read, find).text).toBe('공개 문장');
  });
});

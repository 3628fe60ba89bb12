import { describe, expect, test } from 'vitest';
import { DEFAULT_CATEGORIES } from './config.ts';
import { summaryText, toSourceDocument } from './document.ts';

const cats = [...DEFAULT_CATEGORIES];
const raw = (path: string, text: string, extra = {}) => ({ path, text, mtime: '2026-01-02T03:04:05.000Z', ...extra });

describe('toSourceDocument defaults', () => {
  test('plain Markdown without frontmatter gets id, title, project, category and dates', () => {
    const { doc, problems } = toSourceDocument(raw('learn/Thinking In React.md', '# 리액트로 사고하기\n\n본문 문장입니다.\n\n## 1단계\n\n내용'), cats);
    expect(problems).toEqual([]);
    expect(doc).toMatchObject({
      id: 'learn/thinking-in-react',
      title: '리액트로 사고하기',
      project: 'learn',
      category: 'reference',
      tags: [],
      status: 'published',
      updatedAt: '2026-01-02T03:04:05.000Z',
      createdAt: '2026-01-02T03:04:05.000Z',
      summary: '본문 문장입니다.',
    });
    expect(doc!.markdown.headings).toEqual([{ depth: 2, text: '1단계', anchor: '1단계', line: 5, aliases: ['_1단계'] }]);
  });

  test('a file at the root belongs to the "general" project and is titled by its name', () => {
    const { doc } = toSourceDocument(raw('notes.md', '본문'), cats);
    expect(doc).toMatchObject({ id: 'notes', project: 'general', title: 'notes' });
  });

  test('Git dates win over mtime; frontmatter wins over Git', () => {
    const git = { gitUpdatedAt: '2026-05-01T00:00:00.000Z', gitCreatedAt: '2026-04-01T00:00:00.000Z' };
    expect(toSourceDocument(raw('a.md', 'x', git), cats).doc).toMatchObject({ updatedAt: '2026-05-01T00:00:00.000Z', createdAt: '2026-04-01T00:00:00.000Z' });
    const fm = '---\nupdated_at: 2026-11-30\ncreated_at: 2026-10-01\n---\nx';
    expect(toSourceDocument(raw('a.md', fm, git), cats).doc).toMatchObject({ updatedAt: '2026-11-30T00:00:00.000Z', createdAt: '2026-10-01T00:00:00.000Z' });
  });

  test('tags and aliases written as one comma-separated string are several names', () => {
    const { doc } = toSourceDocument(raw('a.md', '---\ntitle: T\ntags: 배포, 운영 ,CI\naliases: 배포 안내\n---\n본문'), cats);
    expect(doc).toMatchObject({ tags: ['배포', '운영', 'CI'], aliases: ['배포 안내'] });
  });

  test('frontmatter fields, aliases as a single string, unknown keys kept', () => {
    const text =
      '---\nid: my-doc\ntitle: 제목\nproject: search\ncategory: decision\ntags: [검색, Korean]\naliases: 별칭\nowner: 검색팀\nauthor: kim\n---\n본문';
    const { doc } = toSourceDocument(raw('x/y.md', text), cats);
    expect(doc).toMatchObject({
      id: 'my-doc',
      title: '제목',
      project: 'search',
      category: 'decision',
      tags: ['검색', 'Korean'],
      aliases: ['별칭'],
      owner: '검색팀',
      extra: { author: 'kim' },
    });
  });

  test('react.dev style explicit heading ids are honoured and stripped', () => {
    const { doc } = toSourceDocument(raw('a.md', '## 일반 변수로 충분하지 않은 경우 {/*when-a-regular-variable*/}\n\n## 두 번째 {#second}\n'), cats);
    expect(doc!.markdown.headings.map((h) => [h.text, h.anchor])).toEqual([
      ['일반 변수로 충분하지 않은 경우', 'when-a-regular-variable'],
      ['두 번째', 'second'],
    ]);
  });

  test('drafts are parsed with status draft', () => {
    expect(toSourceDocument(raw('a.md', '---\nstatus: draft\n---\nx'), cats).doc?.status).toBe('draft');
  });
});

describe('toSourceDocument problems', () => {
  test('every invalid field is reported with its line, and the rest still parses', () => {
    const text = '---\ntitle: 좋은 제목\ntags: {a: 1}\nupdated_at: 2026-02-30\ncategory: concepts\nstatus: live\n---\n본문';
    const { doc, problems } = toSourceDocument(raw('docs/a.md', text), cats);
    expect(problems.map((p) => `${p.line} ${p.field}`)).toEqual(['3 tags', '4 updated_at', '5 category', '6 status']);
    expect(doc?.title).toBe('좋은 제목');
  });

  test('a field left empty is absent, and a number or true/false where text is meant is that text, as other tools read them', () => {
    const text = [
      '---',
      'title: 123',
      'id: 42',
      'tags: [2024, 회의, true, null]',
      'aliases: 7',
      'category:',
      'summary: ""',
      'order: "2"',
      'related: []',
      '---',
      '본문',
    ].join('\n');
    const { doc, problems } = toSourceDocument(raw('notes/a.md', text), cats);
    expect(problems).toEqual([]);
    expect(doc).toMatchObject({ title: '123', id: '42', tags: ['2024', '회의', 'true'], aliases: ['7'], category: 'reference', order: 2, related: [] });
    expect(toSourceDocument(raw('notes/b.md', '---\ntags:\naliases:\n---\n본문'), cats).problems).toEqual([]);
    // Obsidian writes a tag with `#` in text; pasted into frontmatter it is the same tag.
    expect(toSourceDocument(raw('notes/c.md', '---\ntags: ["#배포", "C#", 배포]\n---\n본문'), cats).doc!.tags).toEqual(['배포', 'C#']);
  });

  test('an unreadable file is one problem, not a crash', () => {
    expect(toSourceDocument({ path: 'a.md', readError: 'EACCES', mtime: '2026-01-01T00:00:00.000Z' }, cats).problems[0]).toMatchObject({
      line: 1,
      field: 'file',
      message: '파일을 읽을 수 없습니다 (EACCES)',
    });
  });
});

describe('structure from the folder', () => {
  test.each([
    ['guides/setup.md', '', 'guide', 'folder'],
    ['team/decisions/adr-1.md', '', 'decision', 'folder'],
    ['learn/intro.md', '', 'reference', 'default'],
    ['guides/setup.md', 'category: policy\n', 'policy', 'frontmatter'],
  ])('%s %j → category %s from %s', (path, fm, category, source) => {
    const { doc } = toSourceDocument(raw(path, `---\n${fm}title: T\n---\n본문`), cats);
    expect([doc!.category, doc!.categorySource]).toEqual([category, source]);
  });

  test.each([
    ['order: 2\n', 2],
    ['sidebar_position: 3\n', 3],
    ['nav_order: "4"\n', 4],
    ['order: 1\nsidebar_position: 9\n', 1],
    ['', undefined],
  ])('%j gives order %s', (fm, order) => {
    expect(toSourceDocument(raw('a/b.md', `---\n${fm}title: T\n---\n본문`), cats).doc!.order).toBe(order);
  });

  test.each([
    ['draft: true\n', 'draft'],
    ['published: false\n', 'draft'],
    ['draft: false\n', 'published'],
    ['draft: true\nstatus: published\n', 'published'],
    ['', 'published'],
  ])('%j (Docusaurus and Hugo drafts, Jekyll unpublished pages) gives status %s', (fm, status) => {
    expect(toSourceDocument(raw('a/b.md', `---\n${fm}title: T\n---\n본문`), cats).doc!.status).toBe(status);
  });

  test('a derived summary reads as the page does: no Obsidian, MDX, Hugo or Liquid syntax', () => {
    const obsidian =
      '이 문서는 [[회의 노트/2024-01-02 주간회의]]와 [[두번째 노트|별칭 링크]]로 연결된다.\n![[diagram.png]]\n[!note] 메모 제목\n콜아웃 내용입니다.';
    expect(summaryText(obsidian)).toBe('이 문서는 2024-01-02 주간회의와 별칭 링크로 연결된다.\n메모 제목\n콜아웃 내용입니다.');
    expect(summaryText("import Tabs from '@theme/Tabs';\nimport TabItem from '@theme/TabItem';\n도움말 내용.")).toBe('도움말 내용.');
    expect(summaryText('{{< figure src="/img/a.png" >}}\n{{% notice tip %}}\nHugo notice\n{{% /notice %}}\n{% raw %}본문')).toBe('Hugo notice\n본문');
    const { doc } = toSourceDocument(raw('a/b.md', "import Tabs from '@theme/Tabs';\n\n# 소개\n\n[[설치 안내|설치]]부터 읽으세요."), cats);
    expect(doc!.summary).toBe('설치부터 읽으세요.');
  });

  test('a summary cut from the first paragraph is marked derived; a written one is not', () => {
    expect(toSourceDocument(raw('a/b.md', '첫 문단입니다.'), cats).doc).toMatchObject({ summary: '첫 문단입니다.', summarySource: 'derived' });
    expect(toSourceDocument(raw('a/b.md', '---\ndescription: 설명\n---\n첫 문단'), cats).doc).toMatchObject({ summary: '설명', summarySource: 'frontmatter' });
  });

  test('a folder README without a heading is titled by its folder', () => {
    expect(toSourceDocument(raw('learn/README.md', '본문'), cats).doc!.title).toBe('learn');
  });

  test("a file name's hyphens between letters read as spaces, as a GitHub wiki titles its pages; dates and versions keep them", () => {
    const titles = ['Release-Process.md', 'ops/배포-절차.md', 'blog/2024-01-15.md', 'react-18-upgrade.md', 'a b-c.md', 'team-guide/README.md'];
    expect(titles.map((path) => toSourceDocument(raw(path, '본문'), cats).doc!.title)).toEqual([
      'Release Process',
      '배포 절차',
      '2024-01-15',
      'react-18-upgrade',
      'a b-c',
      'team guide',
    ]);
  });
});

test('toSourceDocument refuses a run of 20,000 asterisks, which the parser would chew on for minutes, naming the line', () => {
  const { doc, problems } = toSourceDocument(raw('notes/stars.md', `---\ntitle: 별\n---\n${'*'.repeat(20000)}x${'*'.repeat(20000)}\n`), cats);
  expect(doc).toBeUndefined();
  expect(problems).toEqual([
    {
      path: 'notes/stars.md',
      line: 4,
      field: 'content',
      message: '* 문자가 20000개 이어져 있습니다 (최대 100개: 더 길면 Markdown 해석이 멈춘 것처럼 느려집니다)',
      hint: '코드 블록(```)에 넣거나 줄이세요',
      severity: 'error',
    },
  ]);
});

describe('toSourceDocument refuses Markdown nested too deeply', () => {
  test('5,000 quote levels are an error naming the file line, found before parsing', () => {
    const { doc, problems } = toSourceDocument(raw('notes/q.md', `---\ntitle: 인용\n---\n# 인용\n${'>'.repeat(5000)} 깊다\n`), cats);
    expect(doc).toBeUndefined();
    expect(problems).toEqual([
      {
        path: 'notes/q.md',
        line: 5,
        field: 'content',
        message: '인용(>), 목록, 각주 정의가 5000단계로 중첩되어 있습니다 (최대 100단계)',
        hint: '중첩을 100단계 이하로 줄이세요',
        severity: 'error',
      },
    ]);
  });

  test('more than 5,000 headings in one document are an error naming the line of the 5,001st', () => {
    const { doc, problems } = toSourceDocument(raw('notes/h.md', `---\ntitle: 제목들\n---\n${'## a\n'.repeat(6000)}`), cats);
    expect(doc).toBeUndefined();
    expect(problems).toEqual([
      {
        path: 'notes/h.md',
        line: 5004,
        field: 'content',
        message: '제목(#)이 6000개 있습니다 (한 문서에 최대 5000개: 더 많으면 문서 해석이 멈춘 것처럼 느려집니다)',
        hint: '문서를 여러 개로 나누세요',
        severity: 'error',
      },
    ]);
    expect(toSourceDocument(raw('notes/h.md', `---\ntitle: 제목들\n---\n${'## a\n'.repeat(5000)}`), cats).doc).toBeDefined();
    // In an MkDocs admonition's indented body they are headings too (80,000 of them took 12.7 s there before this).
    const block = toSourceDocument(raw('notes/h.md', `---\ntitle: 제목들\n---\n!!! note\n${'    ## a\n'.repeat(6000)}`), cats);
    expect(block.doc).toBeUndefined();
    expect(block.problems.map((p) => [p.line, p.message])).toEqual([
      [5005, '제목(#)이 6000개 있습니다 (한 문서에 최대 5000개: 더 많으면 문서 해석이 멈춘 것처럼 느려집니다)'],
    ]);
  });

  test('more than 2,000 formulas in one document are an error naming the line of the 2,001st; dollars in prose never count', () => {
    const lines = (n: number) => Array.from({ length: n }, (_, i) => `$x_{${i}}$ 식`).join('\n\n');
    const { doc, problems } = toSourceDocument(raw('notes/m.md', `---\ntitle: 수식들\n---\n${lines(2500)}\n`), cats);
    expect(doc).toBeUndefined();
    expect(problems).toEqual([
      {
        path: 'notes/m.md',
        line: 4004,
        field: 'content',
        message: '수식($…$)이 2500개 있습니다 (한 문서에 최대 2000개: 더 많으면 페이지를 그리는 데 몇 초씩 걸립니다)',
        hint: '문서를 여러 개로 나누거나, 수식이 아닌 달러 기호는 \\$로 쓰세요',
        severity: 'error',
      },
    ]);
    expect(toSourceDocument(raw('notes/m.md', `---\ntitle: 수식들\n---\n${lines(2000)}\n`), cats).doc).toBeDefined();
    expect(toSourceDocument(raw('notes/m.md', `---\ntitle: 달러\n---\n${'$5 and $10 '.repeat(3000)}\n`), cats).doc).toBeDefined();
  });

  test('5,000 list levels are refused at once instead of parsed for half a minute', () => {
    const started = performance.now();
    expect(toSourceDocument(raw('l.md', `${'- '.repeat(5000)}item`), cats).problems).toMatchObject([{ path: 'l.md', line: 1, field: 'content' }]);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  test('footnote definitions nested by indentation are refused on the line that crosses the limit', () => {
    const body = Array.from({ length: 1000 }, (_, i) => `${'    '.repeat(i)}[^a]: 각주`).join('\n');
    expect(toSourceDocument(raw('notes/fn.md', `---\ntitle: 각주\n---\n본문[^a]\n\n${body}\n`), cats).problems).toEqual([
      {
        path: 'notes/fn.md',
        line: 56,
        field: 'content',
        message: '인용(>), 목록, 각주 정의가 101단계로 중첩되어 있습니다 (최대 100단계)',
        hint: '중첩을 100단계 이하로 줄이세요',
        severity: 'error',
      },
    ]);
  });
});

describe('toSourceDocument refuses paragraphs the parser would chew on for minutes', () => {
  test('3,000 nested images are an error naming the line, found before parsing', () => {
    const images = `${'!['.repeat(3000)}a${'](x)'.repeat(3000)}`;
    const { doc, problems } = toSourceDocument(raw('notes/img.md', `---\ntitle: 그림\n---\n# 그림\n\n${images}\n`), cats);
    expect(doc).toBeUndefined();
    expect(problems).toEqual([
      {
        path: 'notes/img.md',
        line: 6,
        field: 'content',
        message: '한 문단 안에서 링크·이미지의 [ 괄호가 3000단계로 중첩되어 있습니다 (최대 100단계: 더 깊으면 Markdown 해석이 멈춘 것처럼 느려집니다)',
        hint: '중첩을 줄이거나, 글자로 쓴 괄호는 \\[ 처럼 이스케이프하세요',
        severity: 'error',
      },
    ]);
  });

  test('3,000 emphasis openers then 3,000 closers in one paragraph are an error naming the line', () => {
    const emphasis = `${'_a *a\n'.repeat(1500)}x${'\nb* b_'.repeat(1500)}`;
    const { doc, problems } = toSourceDocument(raw('notes/em.md', `---\ntitle: 강조\n---\n${emphasis}\n`), cats);
    expect(doc).toBeUndefined();
    expect(problems).toEqual([
      {
        path: 'notes/em.md',
        line: 254,
        field: 'content',
        message: '한 문단에 강조·취소선 기호(*, _, ~)가 6000묶음 있습니다 (최대 500묶음: 더 많으면 Markdown 해석이 멈춘 것처럼 느려집니다)',
        hint: '빈 줄로 문단을 나누거나, 글자로 쓴 기호는 \\* 처럼 이스케이프하세요',
        severity: 'error',
      },
    ]);
  });
  test('20,000 picture embeds in one paragraph (7 s to parse) are an error naming the line where it passes 1,000 brackets', () => {
    const embeds = `${'![[a.png]] '.repeat(10)}\n`.repeat(2000);
    const started = performance.now();
    const { doc, problems } = toSourceDocument(raw('notes/embeds.md', `---\ntitle: 그림\n---\n# 그림\n\n${embeds}`), cats);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(doc).toBeUndefined();
    expect(problems).toEqual([
      {
        path: 'notes/embeds.md',
        line: 31,
        field: 'content',
        message: '한 문단에 [ ] 괄호가 80000개 있습니다 (최대 1000개: 더 많으면 Markdown 해석이 멈춘 것처럼 느려집니다)',
        hint: '빈 줄로 문단을 나누거나, 코드는 코드 블록(```)에 넣고, 글자로 쓴 괄호는 \\[ 처럼 이스케이프하세요',
        severity: 'error',
      },
    ]);
  });
});

describe('tags', () => {
  test('invisible characters and decomposed Hangul do not make look-alike tags', () => {
    const zeroWidth = ['배\u200B포', '\uFEFF배포', '배포\u2060', '\u200C배포\u200D', '배포'.normalize('NFD'), ' 배포 ', '\u200B'];
    const text = `---\ntags: [${zeroWidth.map((t) => JSON.stringify(t)).join(', ')}, 롤백]\n---\n본문`;
    expect(toSourceDocument(raw('a.md', text), cats).doc!.tags).toEqual(['배포', '롤백']);
  });
});

test('a formula over the drawing budget (a macro that multiplies its text) is a warning naming file and line; the document is kept', () => {
  const bomb = `\\def\\z{${'a'.repeat(1000)}}\\def\\y{${'\\z'.repeat(10)}}\\def\\x{${'\\y'.repeat(10)}}${'\\x'.repeat(9)}`;
  const text = `---\ntitle: 수식\n---\n본문 $x^2$입니다.\n\n$$\n${bomb}\n$$\n\n인라인 $${bomb}$도.\n`;
  const { doc, problems } = toSourceDocument(raw('notes/math.md', text), cats);
  expect(doc?.title).toBe('수식');
  const warning = (line: number) => ({
    path: 'notes/math.md',
    line,
    field: 'math',
    message: '수식이 그리기 예산을 넘어 TeX 원문 그대로 보입니다: 수식을 펼치면 토큰이 50,000개를 넘습니다 (매크로가 글자를 불립니다)',
    hint: '수식을 여러 개로 나누거나, 글자를 불리는 \\def·\\newcommand 매크로를 줄이세요',
    severity: 'warning',
  });
  expect(problems).toEqual([warning(6), warning(10)]);
});

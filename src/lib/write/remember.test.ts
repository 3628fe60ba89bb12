import { describe, expect, test } from 'vitest';
import {
  checkFields,
  frontmatterOf,
  isSafeContentPath,
  renderNewDocument,
  renderUpdatedDocument,
  rememberId,
  similarDocuments,
  splitLeadingTitle,
  summaryFromBody,
  titleAndBody,
  titleFromBody,
} from './remember.ts';

const CATEGORIES = ['guide', 'reference'];

describe('titles and summaries from the body', () => {
  test.each([
    ['# 배포 전 캐시 무효화\n\n본문', '배포 전 캐시 무효화'],
    ['본문 첫 줄이 제목이 된다\n둘째 줄', '본문 첫 줄이 제목이 된다'],
    ['\n\n- **목록**으로 시작', '목록으로 시작'],
    [`${'가'.repeat(100)}`, `${'가'.repeat(79)}…`],
  ])('%j → %j', (body, title) => {
    expect(titleFromBody(body)).toBe(title);
  });

  test('the summary is the first paragraph that is not a heading, on one line', () => {
    expect(summaryFromBody('# 제목\n\n첫 문단은\n두 줄이다.\n\n둘째 문단')).toBe('첫 문단은 두 줄이다.');
  });

  test('a leading heading equal to the title is dropped from the body, another one is kept', () => {
    expect(titleAndBody('# 제목\n\n본문\n', '제목', 'new')).toEqual({ title: '제목', body: '본문\n' });
    expect(titleAndBody('# 다른 제목\n\n본문\n', '제목', 'new')).toEqual({ title: '제목', body: '# 다른 제목\n\n본문\n' });
  });

  test('identifiers in a heading keep their underscores, in the title and in the id made from it', () => {
    const content = '# `MAX_RESULT_CHARS` 설정\n\nMCP 결과 상한은 `MAX_RESULT_CHARS` 상수(25_000)이고 node_modules 밖에 있다. 2*3*4 = 24.';
    expect(titleAndBody(content, undefined, 'new')).toEqual({
      title: 'MAX_RESULT_CHARS 설정',
      body: 'MCP 결과 상한은 `MAX_RESULT_CHARS` 상수(25_000)이고 node_modules 밖에 있다. 2*3*4 = 24.',
    });
    expect(rememberId('MAX_RESULT_CHARS 설정', undefined)).toBe('max_result_chars-설정');
    expect(summaryFromBody(content)).toBe('MCP 결과 상한은 MAX_RESULT_CHARS 상수(25_000)이고 node_modules 밖에 있다. 2*3*4 = 24.');
  });

  test.each([
    ['# **굵은** 제목과 [링크](https://example.com)', '굵은 제목과 링크'],
    ['# 설정 파일 {#config}', '설정 파일'],
    ['# snake_case_name과 `__init__.py`', 'snake_case_name과 __init__.py'],
    ['```sh\n# 주석이지 제목이 아니다\n```\n\n# 진짜 제목', '진짜 제목'],
    ['한국어**강조**는 지운다', '한국어강조는 지운다'],
    ['a\\*b\\* 이스케이프', 'a*b* 이스케이프'],
  ])('title of %j is %j', (body, title) => {
    expect(titleFromBody(body)).toBe(title);
  });

  test('the same content gives the same title and body on create and on update', () => {
    const content = '# 롤백 메모\n\n롤백은 이전 dist 폴더를 다시 올리면 된다.';
    const saved = { title: '롤백 메모', body: '롤백은 이전 dist 폴더를 다시 올리면 된다.' };
    expect(titleAndBody(content, undefined, 'new')).toEqual(saved);
    expect(titleAndBody(content, undefined, 'update')).toEqual(saved);
    expect(titleAndBody('머리말 없이 고친 본문', undefined, 'update')).toEqual({ title: undefined, body: '머리말 없이 고친 본문' });
  });

  test('only an opening # heading is split off, and the next line keeps its indentation', () => {
    expect(splitLeadingTitle('# 제목\n\n    들여쓴 코드\n')).toEqual({ title: '제목', rest: '    들여쓴 코드\n' });
    expect(splitLeadingTitle('본문\n\n# 제목\n')).toBeUndefined();
    expect(splitLeadingTitle('## 둘째 단계\n')).toBeUndefined();
  });
});

describe('paths and fields that could leave the content folder', () => {
  test.each([
    ['search/a.md', true],
    ['search/sub/한글.md', true],
    ['../a.md', false],
    ['search/../../a.md', false],
    ['/etc/a.md', false],
    ['C:/a.md', false],
    ['search\\a.md', false],
    ['search//a.md', false],
    ['./a.md', false],
    ['search/a.txt', false],
    ['a\0.md', false],
  ])('%j is safe: %s', (path, safe) => {
    expect(isSafeContentPath(path)).toBe(safe);
  });

  test('every bad field is reported at once, with what to do', () => {
    expect(checkFields({ title: ' ', project: '../etc', category: 'note', id: '../x' }, CATEGORIES)).toEqual([
      'title is empty and the content has no heading to take it from. Pass a title.',
      'project "../etc" is not a valid project name: use letters, digits, "-" and "_" only (no "/", "..", or absolute paths), e.g. "search".',
      'id "../x" is not a valid document id: use lowercase letters, digits, Korean, "-" and "/"-separated segments only (no "..", no leading "/"), e.g. "deploy-rollback-lesson".',
      'category "note" is not allowed. Use one of: guide, reference.',
    ]);
    expect(checkFields({ title: '제목', project: 'search', category: 'guide', id: '검색/메모' }, CATEGORIES)).toEqual([]);
    expect(checkFields({ title: '제목', project: '/abs', category: 'guide', id: '/abs' }, CATEGORIES)).toHaveLength(2);
  });

  test.each([
    ['a,b', 'tags[0] "a,b" holds a comma: each tag is one item of the list. Pass ["a","b"] as separate tags.'],
    ['배포、롤백', 'tags[0] "배포、롤백" holds a comma: each tag is one item of the list. Pass ["배포","롤백"] as separate tags.'],
    ['#x', 'tags[0] "#x" starts with "#": a tag is written without it. Pass "x".'],
    [' x ', 'tags[0] " x " has spaces at its start or end: tags match exactly. Pass "x".'],
    [
      '배\u200B포',
      'tags[0] "배\u200B포" contains an invisible character (U+200B): it would look like "배포" but match no document tagged so. Write the tag without it.',
    ],
    [
      '\uFEFFmcp',
      'tags[0] "\uFEFFmcp" contains an invisible character (U+FEFF): it would look like "mcp" but match no document tagged so. Write the tag without it.',
    ],
  ])('the tag %j is refused by name, with the tag to pass instead', (tag, message) => {
    expect(checkFields({ title: '제목', tags: [tag] }, CATEGORIES)).toEqual([message]);
  });

  test('tags that are one phrase, or hold an emoji sequence, pass', () => {
    expect(checkFields({ title: '제목', tags: ['배포 롤백', 'c#', '👩‍💻', '👍🏽', 'node.js'] }, CATEGORIES)).toEqual([]);
  });

  test('a title that is not one line, blank tags, and a title without id characters are refused by name', () => {
    expect(checkFields({ title: '첫 줄\n둘째 줄', tags: ['배포', ' ', ''] }, CATEGORIES)).toEqual([
      'title contains a line break: a title is one line of text (it is shown in lists). Pass it without line breaks.',
      'tags[1] is empty (" "): a tag needs at least one character other than spaces. Remove it or write the tag.',
      'tags[2] is empty (""): a tag needs at least one character other than spaces. Remove it or write the tag.',
    ]);
    expect(checkFields({ title: '!!!', id: rememberId('!!!', undefined), idFromTitle: true }, CATEGORIES)).toEqual([
      'title "!!!" has no letters or digits to make a document id from. Pass id, e.g. "deploy-rollback-lesson".',
    ]);
    expect(checkFields({ title: '탭\t제목' }, CATEGORIES)).toEqual([
      'title contains a control character (U+0009): a title is one line of text (it is shown in lists). Pass it without line breaks.',
    ]);
    expect(checkFields({ title: '', id: '', idFromTitle: true }, CATEGORIES)).toEqual([
      'title is empty and the content has no heading to take it from. Pass a title.',
    ]);
  });
});

describe('file text', () => {
  test('a new document gets newDocument-style frontmatter plus external_id', () => {
    const text = renderNewDocument({
      title: '캐시 무효화',
      project: 'operations',
      category: 'guide',
      tags: ['배포', 'cdn'],
      id: '캐시-무효화',
      externalId: 'learn-1',
      body: 'CDN을 비운다.\n',
      date: '2026-11-30',
    });
    expect(text.split('\n')).toEqual([
      '---',
      'id: 캐시-무효화',
      'title: 캐시 무효화',
      'project: operations',
      'category: guide',
      'tags: [배포, cdn]',
      'created_at: 2026-11-30',
      'updated_at: 2026-11-30',
      'summary: CDN을 비운다.',
      'external_id: learn-1',
      '---',
      '',
      'CDN을 비운다.',
      '',
    ]);
  });

  test('an update replaces the body and the given fields and keeps every other key', () => {
    const before =
      '---\nid: a\ntitle: 옛 제목\n# 손으로 단 주석\naliases: [별칭]\ncreated_at: 2026-01-02\nupdated_at: 2026-01-02\nexternal_id: k\n---\n\n옛 본문\n';
    const front = frontmatterOf(before)!;
    const text = renderUpdatedDocument(front, { tags: ['새'], body: '새 본문', date: '2026-11-30' });
    expect(text.split('\n')).toEqual([
      '---',
      'id: a',
      'title: 옛 제목',
      '# 손으로 단 주석',
      'aliases: [별칭]',
      'created_at: 2026-01-02',
      'updated_at: 2026-11-30',
      'external_id: k',
      'tags: [새]',
      'summary: 새 본문',
      '---',
      '',
      '새 본문',
      '',
    ]);
    expect(frontmatterOf('no frontmatter')).toBeUndefined();
  });

  test('without a date, updated_at is left as it is', () => {
    const front = 'id: a\ntitle: 제목\nupdated_at: 2026-01-02\nsummary: 본문\n';
    expect(renderUpdatedDocument(front, { body: '본문\n' })).toBe(`---\n${front}---\n\n본문\n`);
  });
});

describe('near-duplicates', () => {
  const docs = [
    { id: 'deploy', title: '배포', text: '배포 스크립트는 빌드 후 CDN 캐시를 비우고 새 인덱스를 올린다. 롤백은 이전 빌드로 되돌린다.' },
    { id: 'search', title: '검색', text: '검색은 조사를 떼고 bigram으로 띄어쓰기 차이를 흡수한다.' },
    { id: 'tokens', title: '토큰', text: '토크나이저는 한글과 라틴 문자를 나눈다.' },
  ];

  test('the same text is found with similarity 1, unrelated text not at all', () => {
    expect(similarDocuments(docs[0]!.text, docs, 0.8)).toEqual([{ id: 'deploy', title: '배포', similarity: 1 }]);
    expect(similarDocuments('점심 메뉴 고르는 법', docs, 0.8)).toEqual([]);
    expect(similarDocuments('anything', [], 0.8)).toEqual([]);
  });
});

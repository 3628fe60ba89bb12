import { describe, expect, test } from 'vitest';
import {
  checkFields,
  frontmatterOf,
  isSafeContentPath,
  renderNewDocument,
  renderUpdatedDocument,
  similarDocuments,
  stripLeadingTitle,
  summaryFromBody,
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
    expect(stripLeadingTitle('# 제목\n\n본문\n', '제목')).toBe('본문\n');
    expect(stripLeadingTitle('# 다른 제목\n\n본문\n', '제목')).toBe('# 다른 제목\n\n본문\n');
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

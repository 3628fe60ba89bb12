import { expect, test } from 'vitest';
import { DEFAULT_CATEGORIES } from '../wiki/config.ts';
import { toSourceDocument } from '../wiki/document.ts';

// The dialects' frontmatter as a document's fields (dates, order), through the one parse of a file.
const cats = [...DEFAULT_CATEGORIES];
const raw = (path: string, text: string, extra = {}) => ({ path, text, mtime: '2026-01-02T03:04:05.000Z', ...extra });

test('dates other generators write: Jekyll and Hugo date, Hugo lastmod, Jekyll last_modified_at, Docusaurus last_update', () => {
  const git = { gitUpdatedAt: '2026-05-01T00:00:00.000Z', gitCreatedAt: '2026-04-01T00:00:00.000Z' };
  const dated = (fm: string, extra = {}) => toSourceDocument(raw('blog/post.md', `---\ntitle: T\n${fm}---\n본문`, extra), cats);
  // A Jekyll post's date (with its ` +0900` offset) is when it was written; Git's first commit is only the migration.
  expect(dated('date: 2023-05-01 10:00:00 +0900\n', git).doc).toMatchObject({ createdAt: '2023-05-01T01:00:00.000Z', updatedAt: '2026-05-01T00:00:00.000Z' });
  // Without Git history the page's date beats the file's copy time.
  expect(dated('date: 2023-05-01\n').doc).toMatchObject({ createdAt: '2023-05-01T00:00:00.000Z', updatedAt: '2023-05-01T00:00:00.000Z' });
  expect(dated('date: 2023-05-01\nlastmod: 2024-02-03T04:05:06+09:00\n', git).doc).toMatchObject({
    createdAt: '2023-05-01T00:00:00.000Z',
    updatedAt: '2024-02-02T19:05:06.000Z',
  });
  expect(dated('last_modified_at: 2024-06-07\n', git).doc!.updatedAt).toBe('2024-06-07T00:00:00.000Z');
  // A Jekyll post without a date is dated by its file name; its date field wins.
  const post = (fm: string) => toSourceDocument(raw('blog/_posts/2023-05-01-first-post.md', `---\ntitle: T\n${fm}---\n본문`, git), cats).doc!.createdAt;
  expect(post('')).toBe('2023-05-01T00:00:00.000Z');
  expect(post('date: 2023-06-01\n')).toBe('2023-06-01T00:00:00.000Z');
  expect(toSourceDocument(raw('blog/2023-05-01-not-a-post.md', '본문', git), cats).doc!.createdAt).toBe('2026-04-01T00:00:00.000Z');
  // The React blog writes its dates with slashes.
  expect(dated('date: 2021/06/08\n', git).doc!.createdAt).toBe('2021-06-08T00:00:00.000Z');
  expect(dated('date: 2021.6.8\n', git).doc!.createdAt).toBe('2021-06-08T00:00:00.000Z');
  expect(dated('last_update:\n  date: 2024-06-08\n  author: kim\n', git).doc!.updatedAt).toBe('2024-06-08T00:00:00.000Z');
  // Maru's own fields win.
  expect(dated('date: 2023-05-01\nlastmod: 2024-01-01\ncreated_at: 2022-01-01\nupdated_at: 2025-01-01\n', git).doc).toMatchObject({
    createdAt: '2022-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
  });
});

test('a foreign date that is no date is a warning naming its field, and Git dates are used', () => {
  const git = { gitUpdatedAt: '2026-05-01T00:00:00.000Z', gitCreatedAt: '2026-04-01T00:00:00.000Z' };
  const { doc, problems } = toSourceDocument(raw('blog/post.md', '---\ntitle: T\ndate: 다음 주\nlastmod: 2024-02-30\n---\n본문', git), cats);
  expect(doc).toMatchObject({ createdAt: '2026-04-01T00:00:00.000Z', updatedAt: '2026-05-01T00:00:00.000Z' });
  expect(problems.map((p) => [p.severity, p.line, p.field, p.message])).toEqual([
    ['warning', 3, 'date', '"다음 주"은(는) 날짜로 읽을 수 없어 작성일로 쓰지 않았습니다'],
    ['warning', 4, 'lastmod', '"2024-02-30"은(는) 날짜로 읽을 수 없어 수정일로 쓰지 않았습니다'],
  ]);
});

test("Wiki.js's dateCreated is the date written, and its date the last edit", () => {
  const { doc, problems } = toSourceDocument(
    raw('guides/a.md', '---\ntitle: T\ndate: 2024-03-01T10:00:00.000Z\ndateCreated: 2023-12-01T00:00:00.000Z\neditor: markdown\n---\n본문'),
    cats,
  );
  expect(problems).toEqual([]);
  expect([doc!.createdAt, doc!.updatedAt]).toEqual(['2023-12-01T00:00:00.000Z', '2024-03-01T10:00:00.000Z']);
});

test('a Hugo page with TOML frontmatter: title, tags, description, dates and weight as its order', () => {
  const text =
    '+++\ntitle = "배포 절차"\ndate = 2024-01-15T10:00:00+09:00\nlastmod = 2024-02-01\ntags = ["배포", "운영"]\ndescription = "배포하는 방법"\nweight = 3\n+++\n\n## 단계\n';
  const { doc, problems } = toSourceDocument(raw('posts/deploy.md', text), cats);
  expect(problems).toEqual([]);
  expect(doc).toMatchObject({
    title: '배포 절차',
    tags: ['배포', '운영'],
    summary: '배포하는 방법',
    order: 3,
    createdAt: '2024-01-15T01:00:00.000Z',
    updatedAt: '2024-02-01T00:00:00.000Z',
    bodyLine: 9,
  });
});

test('position fields: Docusaurus sidebar_position before Just the Docs nav_order before Hugo weight', () => {
  const order = (fm: string) => toSourceDocument(raw('guides/a.md', `---\ntitle: T\n${fm}---\n본문`), cats).doc!.order;
  expect(order('weight: 7\nnav_order: 5\nsidebar_position: 3\n')).toBe(3);
  expect(order('weight: 7\nnav_order: 5\n')).toBe(5);
  expect(order('weight: 7\n')).toBe(7);
  expect(order('weight: heavy\n')).toBeUndefined();
});

test("the last edit: Hugo's lastmod before Jekyll's last_modified_at before Docusaurus's last_update, read no further than the one used", () => {
  const { doc, problems } = toSourceDocument(
    raw('guides/a.md', '---\ntitle: T\nlastmod: 2024-02-01\nlast_modified_at: 다음 주\nlast_update:\n  date: 2024-03-01\n---\n본문'),
    cats,
  );
  expect(doc!.updatedAt).toBe('2024-02-01T00:00:00.000Z');
  // The unread field is not checked: the page's date came from lastmod.
  expect(problems).toEqual([]);
});

test("with Wiki.js's dateCreated unreadable, the page's date is not taken for when it was written", () => {
  const git = { gitUpdatedAt: '2026-05-01T00:00:00.000Z', gitCreatedAt: '2026-04-01T00:00:00.000Z' };
  const { doc, problems } = toSourceDocument(raw('guides/a.md', '---\ntitle: T\ndate: 2024-03-01\ndateCreated: 어제\n---\n본문', git), cats);
  expect([doc!.createdAt, doc!.updatedAt]).toEqual(['2024-03-01T00:00:00.000Z', '2024-03-01T00:00:00.000Z']);
  expect(problems.map((p) => [p.line, p.field, p.message])).toEqual([[4, 'dateCreated', '"어제"은(는) 날짜로 읽을 수 없어 작성일로 쓰지 않았습니다']]);
});

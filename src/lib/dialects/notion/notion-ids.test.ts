import { expect, test } from 'vitest';
import { toSourceDocument, type SourceDocument } from '../../wiki/document.ts';
import { shortenNotionIds, withoutNotionId } from './notion-ids.ts';

const ID = '0123456789abcdef0123456789abcdef';
const doc = (path: string, text = '본문입니다.\n'): SourceDocument =>
  toSourceDocument({ path, text, mtime: '2026-12-01T00:00:00.000Z' }, ['guide', 'reference']).doc!;

test("names lose Notion's page id, other names stay as they are", () => {
  expect(withoutNotionId(`회의록 ${ID}.md`)).toBe('회의록.md');
  expect(withoutNotionId(`팀 위키 ${ID}`)).toBe('팀 위키');
  expect(withoutNotionId('release 2026.md')).toBe('release 2026.md');
  expect(withoutNotionId(`${ID}.md`)).toBe(`${ID}.md`);
});

test("a Notion page's id, project and title come without page ids; two pages of one name keep theirs, and the folders lose theirs", () => {
  const docs = shortenNotionIds([
    doc(`팀 위키 ${ID}.md`),
    doc(`팀 위키 ${ID}/온보딩 ${'f'.repeat(32)}.md`),
    doc(`팀 위키 ${ID}/회의록 ${'1'.repeat(32)}.md`),
    doc(`팀 위키 ${ID}/회의록 ${'2'.repeat(32)}.md`),
    doc('plain/page.md'),
  ]);
  expect(docs.map((d) => [d.id, d.project, d.title])).toEqual([
    ['팀-위키', 'general', '팀 위키'],
    ['팀-위키/온보딩', '팀-위키', '온보딩'],
    [`팀-위키/회의록-${'1'.repeat(32)}`, '팀-위키', '회의록'],
    [`팀-위키/회의록-${'2'.repeat(32)}`, '팀-위키', '회의록'],
    ['plain/page', 'plain', 'page'],
  ]);
});

test('an id written in the frontmatter, or one another document already has, is never taken', () => {
  const docs = shortenNotionIds([doc(`a/노트 ${ID}.md`, '---\nid: kept\n---\n본문.\n'), doc(`b/노트 ${ID}.md`), doc('b/노트.md')]);
  expect(docs.map((d) => d.id)).toEqual(['kept', `b/노트-${ID}`, 'b/노트']);
});

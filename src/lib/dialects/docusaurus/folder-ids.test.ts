import { expect, test } from 'vitest';
import { toSourceDocument, type SourceDocument } from '../../wiki/document.ts';
import { qualifyFolderIds } from './folder-ids.ts';
import { formatProblem } from '../../wiki/problems.ts';

const CATEGORIES = ['guide', 'reference'];
const doc = (path: string, frontmatter: string): SourceDocument =>
  toSourceDocument({ path, text: `---\n${frontmatter}\n---\n본문입니다.\n`, mtime: '2026-12-01T00:00:00.000Z' }, CATEGORIES).doc!;

test("a plain id written in several folders takes each file's folder, as Docusaurus reads it, with a warning naming the new id", () => {
  const { docs, problems } = qualifyFolderIds([
    doc('guides/intro.md', 'id: intro\ntitle: 가이드'),
    doc('API Docs/v2/intro.md', 'title: API\nid: intro'),
    doc('guides/setup.md', 'id: setup'),
    doc('intro-root.md', 'id: other'),
  ]);
  expect(docs.map((d) => d.id)).toEqual(['guides/intro', 'api-docs/v2/intro', 'setup', 'other']);
  expect(problems.map((p) => `${p.severity} ${formatProblem(p, 'wiki')}`)).toEqual([
    'warning wiki/guides/intro.md:2 id: id "intro"를 다른 폴더의 문서도 써서, Docusaurus처럼 폴더를 붙인 "guides/intro"로 씁니다. 링크와 related에는 새 id를 쓰세요. 원래 id를 지키려면 위키 전체에서 겹치지 않는 id로 바꾸세요.',
    'warning wiki/API Docs/v2/intro.md:3 id: id "intro"를 다른 폴더의 문서도 써서, Docusaurus처럼 폴더를 붙인 "api-docs/v2/intro"로 씁니다. 링크와 related에는 새 id를 쓰세요. 원래 id를 지키려면 위키 전체에서 겹치지 않는 id로 바꾸세요.',
  ]);
});

test('ids of one folder, ids from file paths and ids with a folder are left for the duplicate check', () => {
  const docs = [
    doc('a/one.md', 'id: same'),
    doc('a/two.md', 'id: same'),
    doc('b/intro.md', 'title: 경로에서'),
    doc('c/intro.md', 'title: 경로에서'),
    doc('d/x.md', 'id: team/x'),
    doc('e/x.md', 'id: team/x'),
  ];
  const { docs: out, problems } = qualifyFolderIds(docs);
  expect(out.map((d) => d.id)).toEqual(['same', 'same', 'b/intro', 'c/intro', 'team/x', 'team/x']);
  expect(problems).toEqual([]);
});

test('a file at the root keeps its id; the ones in folders take theirs', () => {
  const { docs } = qualifyFolderIds([doc('intro.md', 'id: intro'), doc('guides/intro.md', 'id: intro')]);
  expect(docs.map((d) => d.id)).toEqual(['intro', 'guides/intro']);
});

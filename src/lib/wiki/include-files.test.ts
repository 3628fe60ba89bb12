import { expect, test } from 'vitest';
import type { ReadIncluded } from '../markdown/includes.ts';
import { buildWiki } from './pipeline.ts';
import { lineAsWritten, problemsAsWritten, withIncludes, withoutPartials } from './include-files.ts';
import type { RawFile } from './document.ts';

const MTIME = '2026-12-01T00:00:00.000Z';
const file = (path: string, text: string): RawFile => ({ path, text, mtime: MTIME });
const nothingOnDisk: ReadIncluded = () => ({ missing: true });

test('the body is expanded, the frontmatter never; spans and problems are lines of the whole file', () => {
  const page = file('guide/a.md', '---\ntitle: 가\n---\n# 가\n\n<!--@include: ./part.md-->\n<!--@include: ./none.md-->\n끝\n');
  const [out] = withIncludes([page, file('guide/part.md', '조각 1\n조각 2\n')], nothingOnDisk);
  expect(out!.text).toBe('---\ntitle: 가\n---\n# 가\n\n조각 1\n조각 2\n<!--@include: ./none.md-->\n끝\n');
  expect(out!.included).toEqual({
    spans: [{ start: 6, end: 7, line: 6 }],
    sources: ['guide/part.md'],
    problems: [
      {
        path: 'guide/a.md',
        line: 7,
        field: 'content',
        message: 'VitePress include(./none.md)의 파일이 없습니다',
        hint: '파일 경로를 고치세요 (경로는 이 문서가 있는 폴더에서 셉니다)',
        severity: 'warning',
      },
    ],
  });
});

test('a file of the folder is pasted as given (the text about to be built), others are read; files without include lines are the same objects', () => {
  const asked: string[] = [];
  const read: ReadIncluded = (path) => (asked.push(path), path === 'code/main.rs' ? { text: 'fn main() {}\n' } : { missing: true });
  const plain = file('plain.md', '# 그냥\n');
  const files = [file('a.md', '<!--@include: ./b.md-->\n\n```rust\n{{#include code/main.rs}}\n```\n'), file('b.md', '방금 고친 글'), plain];
  const out = withIncludes(files, read);
  expect(out[0]!.text).toBe('방금 고친 글\n\n```rust\nfn main() {}\n```\n');
  expect(asked).toEqual(['code/main.rs']);
  expect(out[2]).toBe(plain);
});

test('lineAsWritten puts pasted lines on their include line and shifts the lines after', () => {
  const spans = [
    { start: 3, end: 6, line: 3 },
    { start: 9, end: 9, line: 6 },
  ];
  expect([1, 2, 3, 6, 7, 8, 9, 10].map((l) => lineAsWritten(spans, l))).toEqual([1, 2, 3, 3, 4, 5, 6, 7]);
});

test("a broken link in pasted text is reported at the include line, one after it at its own line, and the include's problems are added", () => {
  const files = withIncludes(
    [
      file('a.md', '# 가\n\n<!--@include: ./part.md-->\n\n[없는 문서](./nowhere.md)\n<!--@include: ./gone.md-->\n'),
      file('part.md', '# 조각\n\n첫 줄\n\n[또 없는 문서](./missing.md)\n'),
    ],
    nothingOnDisk,
  );
  const wiki = buildWiki(files, { categories: ['concept'], base: '/' });
  expect(wiki.problems.filter((p) => p.path === 'a.md').map((p) => [p.line, p.field, p.severity])).toEqual([
    [3, 'link', 'error'],
    [5, 'link', 'error'],
    [6, 'content', 'warning'],
  ]);
  // The part is a page of its own too, with its own lines.
  expect(wiki.problems.filter((p) => p.path === 'part.md').map((p) => p.line)).toEqual([5]);
  expect(
    wiki.documents
      .find((d) => d.source.id === 'a')!
      .source.markdown.sections.map((s) => s.text)
      .join(' '),
  ).toContain('첫 줄');
});

test('problemsAsWritten moves the other place of a problem too', () => {
  const files = [{ ...file('a.md', ''), included: { spans: [{ start: 2, end: 5, line: 2 }], problems: [], sources: [] } }];
  const moved = problemsAsWritten(
    [{ path: 'b.md', line: 1, field: 'id', message: '{see}', hint: '', severity: 'error', see: { path: 'a.md', line: 7 } }],
    files,
  );
  expect(moved[0]!.see).toEqual({ path: 'a.md', line: 4 });
});

test('a _partial pasted into a page is no page of its own; one nobody pastes, and a pasted file without the _, stay pages', () => {
  const files = withIncludes(
    [
      file('guide/install.md', "import Setup from './_setup.mdx';\nimport Note from './_note.md';\n\n<Setup />\n\n<Note />\n\n<!--@include: ./shared.md-->\n"),
      file('guide/_note.md', '메모'),
      file('guide/_unused.md', '아무도 넣지 않는 조각'),
      file('guide/shared.md', '공유'),
    ],
    (path) => (path === 'guide/_setup.mdx' ? { text: '설치 조각' } : { missing: true }),
  );
  const out = withoutPartials(files, [
    { path: 'guide/_setup.mdx', reason: 'mdx' },
    { path: 'README.md', reason: 'repo-meta' },
  ]);
  expect(out.files.map((f) => f.path)).toEqual(['guide/install.md', 'guide/_unused.md', 'guide/shared.md']);
  expect(out.skipped).toEqual([
    { path: 'README.md', reason: 'repo-meta' },
    { path: 'guide/_note.md', reason: 'partial' },
    { path: 'guide/_setup.mdx', reason: 'partial' },
  ]);
  expect(out.files[0]!.text).toContain('설치 조각\n\n메모\n\n공유');
});

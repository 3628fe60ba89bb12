import { expect, test } from 'vitest';
import { formatProblem } from './problems.ts';
import { skippedFileWarnings } from './skipped-files.ts';

test('each skipped file is one warning naming it and why', () => {
  const lines = skippedFileWarnings([
    { path: 'docs/api/client.mdx', reason: 'mdx' },
    { path: 'link.md', reason: 'symlink' },
    { path: 'escape.md', reason: 'outside' },
    { path: 'README.md', reason: 'repo-meta' },
    { path: '_Sidebar.md', reason: 'wiki-chrome' },
  ]).map((p) => `${p.severity} ${formatProblem(p, 'wiki')}`);
  expect(lines).toEqual([
    'warning wiki/docs/api/client.mdx:1 file: .mdx 파일은 읽지 않아 문서에 싣지 않았습니다. 문서로 쓰려면 확장자를 .md로 바꾸세요 (<Note> 같은 MDX 컴포넌트와 {/* */} 주석은 .md에서도 읽습니다).',
    'warning wiki/link.md:1 file: 심볼릭 링크는 따라가지 않아 문서에 싣지 않았습니다. 링크 대신 파일을 직접 두세요.',
    'warning wiki/escape.md:1 file: 콘텐츠 폴더 밖이나 없는 파일을 가리키는 심볼릭 링크라 읽지 않았습니다. 콘텐츠 폴더 안에 파일을 직접 두세요.',
    'warning wiki/README.md:1 file: 콘텐츠 폴더 맨 위의 저장소 안내 파일이라 문서에 싣지 않았습니다. 문서로 보이게 하려면 하위 폴더로 옮기세요.',
    'warning wiki/_Sidebar.md:1 file: GitHub 위키의 사이드바·머리글·바닥글 파일이라 문서에 싣지 않았습니다. Maru는 사이드바를 문서 목록으로 만듭니다. 문서로 보이게 하려면 파일 이름 앞의 _를 빼세요.',
  ]);
});

test("a table of contents' warning names the tools that write one, as the dialects give them", () => {
  const book = { path: 'SUMMARY.md', reason: 'book-summary' } as const;
  expect(skippedFileWarnings([book], ['GitBook·mdBook', 'Docsify']).map((p) => formatProblem(p, 'wiki'))).toEqual([
    'wiki/SUMMARY.md:1 file: GitBook·mdBook·Docsify의 목차 파일이라 문서에 싣지 않았습니다. 사이드바는 폴더와 문서로 만들고, 문서 순서는 이 목차를 따릅니다 (frontmatter의 order가 있으면 그것이 먼저입니다).',
  ]);
  expect(skippedFileWarnings([book])[0]?.message).toBe('목차 파일이라 문서에 싣지 않았습니다');
});

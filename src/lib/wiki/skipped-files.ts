import type { Problem } from './problems.ts';

/** A file in the content folder that looks like a document but is not read, and why. */
export interface SkippedFile {
  /** Content path relative to the content root, `/`-separated. */
  path: string;
  /** `mdx`: an `.mdx` file; `symlink`: a link to a file inside the folder; `outside`: a link out of it or to nothing; `repo-meta`: README.md and the like at the root; `wiki-chrome`: GitHub wiki's `_Sidebar.md`, `_Header.md`, `_Footer.md`; `book-summary`: a book's table of contents (a dialect's `tableOfContents`); `partial`: a `_name.md` or `_name.mdx` another page pastes in. */
  reason: 'mdx' | 'symlink' | 'outside' | 'repo-meta' | 'wiki-chrome' | 'book-summary' | 'partial';
}

const TEXT: Record<Exclude<SkippedFile['reason'], 'book-summary'>, [string, string]> = {
  mdx: ['.mdx 파일은 읽지 않아 문서에 싣지 않았습니다', '문서로 쓰려면 확장자를 .md로 바꾸세요 (<Note> 같은 MDX 컴포넌트와 {/* */} 주석은 .md에서도 읽습니다)'],
  symlink: ['심볼릭 링크는 따라가지 않아 문서에 싣지 않았습니다', '링크 대신 파일을 직접 두세요'],
  outside: ['콘텐츠 폴더 밖이나 없는 파일을 가리키는 심볼릭 링크라 읽지 않았습니다', '콘텐츠 폴더 안에 파일을 직접 두세요'],
  'repo-meta': ['콘텐츠 폴더 맨 위의 저장소 안내 파일이라 문서에 싣지 않았습니다', '문서로 보이게 하려면 하위 폴더로 옮기세요'],
  'wiki-chrome': [
    'GitHub 위키의 사이드바·머리글·바닥글 파일이라 문서에 싣지 않았습니다',
    'Maru는 사이드바를 문서 목록으로 만듭니다. 문서로 보이게 하려면 파일 이름 앞의 _를 빼세요',
  ],
  partial: ['다른 문서에 끼워 넣는 조각(_로 시작하는 파일)이라 따로 싣지 않았습니다', '따로 보이게 하려면 파일 이름 앞의 _를 빼세요'],
};

/** What a skipped file is, in a few words (`README.md은(는) 사이트에 싣지 않는 파일입니다 (저장소 안내 파일)`). */
const KIND: Record<SkippedFile['reason'], string> = {
  mdx: '.mdx 파일',
  symlink: '심볼릭 링크',
  outside: '콘텐츠 폴더 밖을 가리키는 심볼릭 링크',
  'repo-meta': '콘텐츠 폴더 맨 위의 저장소 안내 파일',
  'book-summary': '목차 파일',
  'wiki-chrome': '위키의 사이드바·머리글·바닥글 파일',
  partial: '다른 문서에 끼워 넣는 조각',
};

/** What a skipped file is, for messages about links to it. */
export function skippedFileKind(file: SkippedFile): string {
  return KIND[file.reason];
}

/** Why a table of contents is no page, naming the tools that write one (`tools`: the dialects' names for them). */
function bookSummaryText(tools: readonly string[]): [string, string] {
  return [
    `${tools.length ? `${tools.join('·')}의 ` : ''}목차 파일이라 문서에 싣지 않았습니다`,
    '사이드바는 폴더와 문서로 만들고, 문서 순서는 이 목차를 따릅니다 (frontmatter의 order가 있으면 그것이 먼저입니다)',
  ];
}

/**
 * One warning per skipped file, naming it and why, so nothing is left out without a word. `tocTools` names the tools
 * whose tables of contents are skipped (the dialects' `tableOfContents`), for that warning.
 */
export function skippedFileWarnings(skipped: readonly SkippedFile[], tocTools: readonly string[] = []): Problem[] {
  return skipped.map(({ path, reason }) => {
    const [message, hint] = reason === 'book-summary' ? bookSummaryText(tocTools) : TEXT[reason];
    return { path, line: 1, field: 'file', message, hint, severity: 'warning' };
  });
}

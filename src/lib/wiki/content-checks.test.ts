import { describe, expect, test } from 'vitest';
import { contentWarnings, fileLinkHref, linkedFiles } from './content-checks.ts';
import { buildWiki } from './pipeline.ts';

const MTIME = '2026-01-01T00:00:00.000Z';
const attachments = ['attachments/diagram.png', 'notes/local.png'];

function problemsOf(files: Record<string, string>) {
  const raw = Object.entries(files).map(([path, text]) => ({ path, text, mtime: MTIME }));
  const wiki = buildWiki(raw, { categories: ['reference'], base: '/', attachments, fileExists: (path) => attachments.includes(path) });
  return wiki.problems.map((p) => [p.severity, `${p.path}:${p.line}`, p.field, p.message]);
}

describe('missing images: Obsidian embeds are looked up as Obsidian does', () => {
  test('embeds of files anywhere in the folder are neither broken links nor missing images', () => {
    expect(problemsOf({ 'notes/page.md': '# 쪽\n\n![[diagram.png]]\n\n![[diagram.png|300]]\n\n![[attachments/diagram.png]]\n\n![[local.png]]\n' })).toEqual([]);
  });

  test('a missing embedded image is a warning with file and line, as a missing Markdown image is', () => {
    expect(problemsOf({ 'notes/page.md': '---\ntitle: 쪽\n---\n![[없는 그림.png]]\n\n![](./없는.png)\n' })).toEqual([
      ['warning', 'notes/page.md:4', 'image', '그림 없는 그림.png이(가) 콘텐츠 폴더에 없습니다'],
      ['warning', 'notes/page.md:6', 'image', '그림 ./없는.png이(가) 콘텐츠 폴더에 없습니다'],
    ]);
  });
});

describe('unreadable images', () => {
  test('an image or embed whose file is there but is not a picture is a warning naming file, line and image, not an error', () => {
    const raw = [{ path: 'notes/page.md', mtime: MTIME, text: '---\ntitle: 쪽\n---\n![[diagram.png]]\n\n![흐름](./local.png)\n\n![[없는 그림.png]]\n' }];
    const unreadable = new Set(['attachments/diagram.png', 'notes/local.png']);
    const wiki = buildWiki(raw, {
      categories: ['reference'],
      base: '/',
      attachments,
      fileExists: (path) => attachments.includes(path),
      imageStatus: (path) => (unreadable.has(path) ? 'unreadable' : attachments.includes(path) ? 'ok' : 'missing'),
    });
    expect(wiki.problems.map((p) => [p.severity, `${p.path}:${p.line}`, p.field, p.message, p.hint])).toEqual([
      [
        'warning',
        'notes/page.md:4',
        'image',
        '그림 diagram.png을(를) 읽을 수 없습니다 (빈 파일이거나 깨졌거나 그림 파일이 아닙니다; 페이지에는 대체 텍스트가 보입니다)',
        '그림을 다시 내보내 저장하거나 올바른 파일로 바꾸세요',
      ],
      [
        'warning',
        'notes/page.md:6',
        'image',
        '그림 ./local.png을(를) 읽을 수 없습니다 (빈 파일이거나 깨졌거나 그림 파일이 아닙니다; 페이지에는 대체 텍스트가 보입니다)',
        '그림을 다시 내보내 저장하거나 올바른 파일로 바꾸세요',
      ],
      ['warning', 'notes/page.md:8', 'image', '그림 없는 그림.png이(가) 콘텐츠 폴더에 없습니다', '그림 파일을 문서 옆에 두거나 경로를 고치세요'],
    ]);
  });
});

describe('empty documents', () => {
  test('an empty file, frontmatter only, or a title only are warnings naming the file; a title with a section is not', () => {
    const raw = Object.entries({
      'empty.md': '',
      'fm-only.md': '---\ntitle: 프론트매터만\nsummary: 요약만 있음\n---\n  \n\t\n',
      'title-only.md': '---\nsummary: 제목뿐\n---\n# 제목뿐\n',
      'other-heading.md': '---\ntitle: 제목\nsummary: 다른 제목\n---\n# 다른 제목\n',
    }).map(([path, text]) => ({ path, text, mtime: MTIME }));
    const wiki = buildWiki(raw, { categories: ['reference'], base: '/' });
    const empty = contentWarnings(wiki, { staleAfterDays: 10_000, now: MTIME }).filter((p) => p.field === 'content');
    expect(empty.map((p) => `${p.path}:${p.line} ${p.message}`)).toEqual([
      'empty.md:1 본문이 비어 있습니다 (페이지에는 "비어 있는 문서"라고만 보입니다)',
      'fm-only.md:5 본문이 비어 있습니다 (페이지에는 "비어 있는 문서"라고만 보입니다)',
      'title-only.md:4 본문이 비어 있습니다 (페이지에는 "비어 있는 문서"라고만 보입니다)',
    ]);
  });
});

describe('links to files that are not documents', () => {
  const files = ['notes/data.csv', 'files/보고서 1.pdf', 'notes/page.md'];
  const raw = [
    {
      path: 'notes/page.md',
      mtime: MTIME,
      text: '---\ntitle: 쪽\n---\n[데이터](./data.csv)\n\n[보고서](/files/보고서%201.pdf#page=2)\n\n[없음](./gone.pdf)\n',
    },
  ];
  const wiki = buildWiki(raw, { categories: ['reference'], base: '/wiki/', attachments: files, fileExists: (path) => files.includes(path) });

  test('a linked file the folder lacks is a warning naming file and line', () => {
    expect(wiki.problems.map((p) => [p.severity, `${p.path}:${p.line}`, p.field, p.message])).toEqual([
      ['warning', 'notes/page.md:8', 'link', '링크한 파일 ./gone.pdf이(가) 콘텐츠 폴더에 없습니다'],
    ]);
  });

  test('the files that are there are the ones the site copies, and their links point at the copies', () => {
    const docs = wiki.documents.map((d) => d.source);
    expect(linkedFiles(docs, wiki.resolver, new Set(files))).toEqual(['files/보고서 1.pdf', 'notes/data.csv']);
    expect(fileLinkHref('./data.csv', 'notes/page.md', new Set(files), '/wiki/')).toBe('/wiki/_files/notes/data.csv');
    expect(fileLinkHref('/files/보고서%201.pdf#page=2', 'notes/page.md', new Set(files), '/')).toBe('/_files/files/%EB%B3%B4%EA%B3%A0%EC%84%9C%201.pdf#page=2');
    expect(fileLinkHref('./gone.pdf', 'notes/page.md', new Set(files), '/')).toBeUndefined();
  });
});

describe('linked files a browser would open as a page of the site are not published', () => {
  const files = ['notes/page.md', 'notes/evil.html', 'notes/diagram.svg', 'notes/feed.XML', 'notes/run.js', 'notes/표.XLSX', 'notes/noext'];
  const links = ['./evil.html', './diagram.svg', './feed.XML', './run.js', './표.XLSX', './noext'];
  const raw = [{ path: 'notes/page.md', mtime: MTIME, text: `---\ntitle: 쪽\n---\n${links.map((l, i) => `[파일 ${i}](${l})`).join('\n\n')}\n` }];
  const wiki = buildWiki(raw, { categories: ['reference'], base: '/', attachments: files, fileExists: (path) => files.includes(path) });

  test('each is a warning naming file, line and link; a spreadsheet is published', () => {
    // `.html` and extensionless links name documents (VitePress and wiki habits): they are broken links, never copied.
    expect(wiki.problems.map((p) => [p.severity, `${p.path}:${p.line}`, p.message])).toEqual([
      ['error', 'notes/page.md:4', './evil.html이(가) 가리키는 문서가 없습니다'],
      ['error', 'notes/page.md:14', './noext이(가) 가리키는 문서가 없습니다'],
      ...['./diagram.svg', './feed.XML', './run.js'].map((l) => [
        'warning',
        `notes/page.md:${4 + 2 * links.indexOf(l)}`,
        `링크한 파일 ${l}은(는) 사이트에 올리지 않는 형식입니다`,
      ]),
    ]);
    expect(
      linkedFiles(
        wiki.documents.map((d) => d.source),
        wiki.resolver,
        new Set(files),
      ),
    ).toEqual(['notes/표.XLSX']);
    expect(fileLinkHref('./evil.html', 'notes/page.md', new Set(files), '/')).toBeUndefined();
    expect(fileLinkHref('./run.js', 'notes/page.md', new Set(files), '/')).toBeUndefined();
    expect(fileLinkHref('./표.XLSX', 'notes/page.md', new Set(files), '/')).toBe('/_files/notes/%ED%91%9C.XLSX');
  });
});

describe('files outside the content folder', () => {
  // `notes/local.png` and `attachments/diagram.png` are the folder's files (see `attachments` above).
  test('a picture or linked file whose path climbs out of the folder is missing, even when a file of that name is inside', () => {
    expect(
      problemsOf({ 'page.md': '---\ntitle: 쪽\n---\n![밖](../notes/local.png)\n\n![[../attachments/diagram.png]]\n\n[밖의 표](../../notes/local.png)\n' }),
    ).toEqual([
      // The embed is looked up among the folder's files, as Obsidian does: `..` cannot lead it out (it finds attachments/diagram.png).
      ['warning', 'page.md:4', 'image', '그림 ../notes/local.png이(가) 콘텐츠 폴더에 없습니다'],
      ['warning', 'page.md:8', 'link', '링크한 파일 ../../notes/local.png이(가) 콘텐츠 폴더에 없습니다'],
    ]);
    expect(fileLinkHref('../../notes/local.png', 'notes/page.md', new Set(attachments), '/')).toBeUndefined();
    // Inside the folder `..` still works as written.
    expect(fileLinkHref('../notes/local.png', 'notes/page.md', new Set(attachments), '/')).toBe('/_files/notes/local.png');
  });

  test('a linked file the scan did not list (a symbolic link, a folder, a pipe) is a warning, not a silent dead link', () => {
    const raw = [{ path: 'page.md', mtime: MTIME, text: '---\ntitle: 쪽\n---\n[링크](./link.csv)\n\n[폴더](./folder.csv)\n' }];
    // `fileExists` says yes, as `existsSync` does for a symbolic link or a folder: the site would copy neither.
    const wiki = buildWiki(raw, { categories: ['reference'], base: '/', attachments: ['data.csv'], fileExists: () => true });
    expect(wiki.problems.map((p) => [p.severity, `${p.path}:${p.line}`, p.message])).toEqual([
      ['warning', 'page.md:4', '링크한 파일 ./link.csv이(가) 콘텐츠 폴더에 없습니다'],
      ['warning', 'page.md:6', '링크한 파일 ./folder.csv이(가) 콘텐츠 폴더에 없습니다'],
    ]);
  });
});

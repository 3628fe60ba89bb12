import { describe, expect, test } from 'vitest';
import { toSourceDocument } from './document.ts';
import { createLinkResolver, findHeading, pathCandidates, resolveLinks, splitFragment } from './links.ts';

const doc = (path: string, text: string) => toSourceDocument({ path, text, mtime: '2026-01-01T00:00:00.000Z' }, ['reference']).doc!;

const docs = [
  doc('guide/config.md', '# 설정 {#config}\n\n## resolve.conditions\n\n## 커스텀 {#custom}\n'),
  doc('guide/index.md', '# 시작하기\n'),
  doc('guide/dep-pre-bundling.md', '# 사전 번들링\n'),
  doc('Spring/spring_03_jsp.md', '# JSP\n'),
  doc('api/README.md', '# API\n'),
];
const resolver = createLinkResolver(docs);
const target = (url: string, from = 'guide/index.md') => {
  const r = resolver.url(url, from);
  return { id: r.doc?.id, anchor: r.anchor, heading: r.heading?.anchor, isDocLink: r.isDocLink };
};

describe('resolver.url: what authors meant', () => {
  test.each([
    ['./config.md', 'guide/index.md', 'guide/config'],
    ['./config', 'guide/index.md', 'guide/config'],
    ['config', 'guide/index.md', 'guide/config'],
    ['/guide/config', 'api/README.md', 'guide/config'],
    ['/guide/config.html', 'api/README.md', 'guide/config'],
    ['../guide/', 'api/README.md', 'guide'],
    ['/guide/', 'api/README.md', 'guide'],
    ['../api', 'guide/index.md', 'api/readme'],
    // Written from the repository root rather than from the file (ko-cs-study does this).
    ['Spring/spring_03_jsp.md', 'Spring/spring_03_servlet,jsp,mvc.md', 'spring/spring_03_jsp'],
  ])('%s from %s → %s', (url, from, id) => {
    expect(target(url, from).id).toBe(id);
  });

  test('a missing .md or extensionless target is a broken document link; files with other extensions are not documents', () => {
    expect(target('./ghost.md')).toEqual({ id: undefined, anchor: undefined, heading: undefined, isDocLink: true });
    expect(target('./ghost')).toMatchObject({ id: undefined, isDocLink: true });
    expect(target('./diagram.png')).toMatchObject({ id: undefined, isDocLink: false });
    expect(target('/files/report.pdf')).toMatchObject({ isDocLink: false });
  });

  test('a link to another site is never a document link, so the page keeps it as a link (it showed as a broken one)', () => {
    // What `[GitHub](https://github.com/foo)` and `[[https://github.com/foo|GitHub]]` hand the site's resolver.
    expect(
      ['https://github.com/foo', 'https://ok.example/', 'HTTP://EXAMPLE.COM/a', 'tel:+82-2-123', 'mailto:a@b', '//cdn.example/x'].map((u) => target(u)),
    ).toEqual(Array(6).fill({ id: undefined, anchor: undefined, heading: undefined, isDocLink: false }));
  });

  test('anchors under other slug rules land on the heading; text fragments are never anchors', () => {
    expect(target('./config#resolve-conditions')).toMatchObject({ id: 'guide/config', anchor: 'resolve-conditions', heading: 'resolveconditions' });
    expect(target('./config#resolveconditions')).toMatchObject({ heading: 'resolveconditions' });
    expect(target('./config#CUSTOM')).toMatchObject({ heading: 'custom' });
    expect(target('./config#:~:text=conditions')).toEqual({ id: 'guide/config', anchor: undefined, heading: undefined, isDocLink: true });
    expect(resolver.url('./config#:~:text=conditions', 'guide/index.md').fragment).toBe(':~:text=conditions');
  });
});

test.each([
  ['', {}],
  ['a%20b', { anchor: 'a b', fragment: 'a%20b' }],
  [':~:text=foo', { fragment: ':~:text=foo' }],
  ['sec:~:text=foo', { anchor: 'sec', fragment: 'sec:~:text=foo' }],
])('splitFragment(%j)', (hash, want) => {
  expect(splitFragment(hash)).toEqual(want);
});

test('pathCandidates: as written, with an extension, then the folder landing pages', () => {
  expect(pathCandidates('guide/config')).toEqual([
    'guide/config.md',
    'guide/config.markdown',
    'guide/config.mdx',
    'guide/config/index.md',
    'guide/config/_index.md',
    'guide/config/README.md',
    'guide/config/readme.md',
  ]);
  expect(pathCandidates('guide/config.md')).toEqual(['guide/config.md']);
});

test('findHeading matches the id, an alias, then ignoring case and Unicode normal form, then the heading text', () => {
  const headings = [{ depth: 2, text: '한글 제목', anchor: '한글-제목', line: 1, aliases: ['alias'] }];
  expect(findHeading(headings, 'alias')?.anchor).toBe('한글-제목');
  expect(findHeading(headings, '한글-제목'.normalize('NFD'))?.anchor).toBe('한글-제목');
  expect(findHeading(headings, 'nope')).toBeUndefined();
  // Obsidian's [[note#Heading text]]: the heading's text as written stands for its id.
  expect(findHeading(headings, '한글 제목')?.anchor).toBe('한글-제목');
});

describe('resolveLinks: problems per policy', () => {
  const from = doc('guide/links.md', '[a](./ghost.md)\n\n[b](./config#nope)\n\n[c](./config#config)\n\n[d](./config#resolve-conditions)\n\n[[없는 문서]]\n');
  const all = createLinkResolver([...docs, from]);

  test('default: a missing document is an error, a missing heading a warning; a link to the title id is fine', () => {
    const r = resolveLinks(from, all);
    expect(r.problems.map((p) => [p.severity, p.field, p.line, p.message])).toEqual([
      ['error', 'link', 1, './ghost.md이(가) 가리키는 문서가 없습니다'],
      ['warning', 'anchor', 3, './config#nope의 제목 "nope"이(가) guide/config 문서에 없습니다'],
      ['error', 'link', 9, '[[없는 문서]]이(가) 가리키는 문서가 없습니다'],
    ]);
    expect(r.links).toEqual([{ id: 'guide/config' }, { id: 'guide/config' }, { id: 'guide/config', anchor: 'resolveconditions' }]);
  });

  test('brokenLinks: warn and brokenAnchors: error swap the severities', () => {
    const r = resolveLinks(from, all, { brokenLinks: 'warn', brokenAnchors: 'error' });
    expect(r.problems.map((p) => p.severity)).toEqual(['warning', 'error', 'warning']);
  });
});

describe('anchors written as raw HTML, and links to a place on the same page', () => {
  const server = doc('ref/server.md', '# Server\n\n<a id="factory-ajv"></a>\n### `ajv`\n\n<a name="Paths"></a>\n\n## 사용법\n');
  const from = doc(
    'ref/hooks.md',
    '# Hooks\n\n[a](./server.md#factory-ajv)\n\n[b](./server.md#paths)\n\n[c](#onClose)\n\n[d](#ghost)\n\n[e](#ONCLOSE)\n\n## onClose\n\n[f](#:~:text=x)\n',
  );
  const all = createLinkResolver([server, from]);

  test('a link to `<a id>` or `<a name>` on another page is no broken anchor, and points at the id the page carries', () => {
    expect(all.url('./server.md#factory-ajv', 'ref/hooks.md')).toMatchObject({ htmlId: 'user-content-factory-ajv', isDocLink: true });
    // HTML ids are case-sensitive, but authors link to them in another case; the id as written is the one linked.
    expect(all.url('./server.md#paths', 'ref/hooks.md').htmlId).toBe('user-content-Paths');
    expect(all.url('./server.md#사용법', 'ref/hooks.md')).toMatchObject({ heading: { anchor: '사용법' } });
    expect(all.url('./server.md#사용법', 'ref/hooks.md').htmlId).toBeUndefined();
  });

  test('`#anchor` names its own page: checked, resolved under other slug rules, a text fragment left alone', () => {
    expect(all.url('#ONCLOSE', 'ref/hooks.md')).toMatchObject({ samePage: true, doc: { id: 'ref/hooks' }, heading: { anchor: 'onclose' } });
    expect(all.url('#:~:text=x', 'ref/hooks.md')).toEqual({ isDocLink: false });
    const r = resolveLinks(from, all);
    expect(r.problems.map((p) => [p.severity, p.line, p.message])).toEqual([['warning', 9, '#ghost의 제목 "ghost"이(가) ref/hooks 문서에 없습니다']]);
  });
});

test('thousands of links into one long document are checked without rescanning its headings for each', () => {
  const headings = Array.from({ length: 4900 }, (_, i) => `## 제목 ${i}\n`).join('\n');
  const links = Array.from({ length: 100 }, (_, p) => Array.from({ length: 100 }, (_, i) => `[x](#없는-${p * 100 + i}) [y](#제목-${i})`).join(' ')).join(
    '\n\n',
  );
  const big = doc('big.md', `# 큰 문서\n\n${headings}\n\n${links}\n`);
  const started = performance.now();
  const r = resolveLinks(big, createLinkResolver([big]));
  // Not a speed target: a bound far above what it takes now (under a second), far below the 12 s it took before.
  expect(performance.now() - started).toBeLessThan(5_000);
  expect(r.problems).toHaveLength(10_000);
  expect(r.problems[0]!.message).toBe('#없는-0의 제목 "없는-0"이(가) big 문서에 없습니다');
});

describe('Obsidian block references', () => {
  const note = doc('note.md', '# 노트\n\n중요한 문단 ^block-ref\n');
  const from = doc('from.md', '[[노트#^block-ref]]\n\n[[노트#^gone]]\n');
  const all = createLinkResolver([note, from]);

  test('[[note#^block-id]] links to the paragraph; a block id the note lacks is a warning naming the ids it has', () => {
    const r = resolveLinks(from, all);
    expect(r.links).toEqual([{ id: 'note', anchor: '^block-ref' }, { id: 'note' }]);
    expect(r.problems.map((p) => [p.severity, p.field, p.line, p.message, p.hint])).toEqual([
      ['warning', 'anchor', 3, '[[노트#^gone]]의 블록 "^gone"이(가) note 문서에 없습니다', '있는 블록 id를 쓰세요: ^block-ref'],
    ]);
  });
});

test('a link to the address another generator published a page at (Jekyll permalink and redirect_from, Docusaurus slug, Hugo url and path aliases) finds the page', () => {
  const pages = [
    doc('_docs/setup.md', '---\npermalink: /guides/setup/\nredirect_from: [/old-setup.html]\n---\n# 설치\n'),
    doc('docs/intro.md', '---\nslug: /intro-page\n---\n# 소개\n'),
    doc('docs/other.md', '---\nslug: rel-page\n---\n# 상대\n'),
    doc('docs/hugo.md', '---\nurl: /hugo/page/\naliases: ["/old/hugo/", "휴고 별칭"]\n---\n# 휴고\n'),
    doc('blog/post.md', '---\npermalink: /:year/:title/\n---\n# 패턴\n'),
  ];
  const all = createLinkResolver(pages);
  const found = (url: string) => all.url(url, 'docs/other.md').doc?.id;
  expect(['/guides/setup/', '/old-setup.html', '/intro-page', 'rel-page', '/docs/rel-page/', '/hugo/page', '/old/hugo/index.html'].map(found)).toEqual([
    '_docs/setup',
    '_docs/setup',
    'docs/intro',
    'docs/other',
    'docs/other',
    'docs/hugo',
    'docs/hugo',
  ]);
  expect(['/2026/x/', '/nope/', '/휴고 별칭'].map(found)).toEqual([undefined, undefined, undefined]);
});

describe('links other wikis write', () => {
  const pages = [doc('Installation-Guide.md', '설치합니다.\n\n## Node 버전\n'), doc('Release-Process.md', '## 승인\n'), doc('guides/setup.md', '# 준비\n')];
  const from = doc(
    'Home.md',
    [
      '[[설치 안내|Installation Guide]]',
      '',
      '[[승인 절차|Release Process#승인]]',
      '',
      '[[Release Process|없는 문서]]',
      '',
      '[[없는 문서|또 없는 문서]]',
      '',
      '[홈](/)',
      '',
      '[준비](/docs/guides/setup)',
      '',
      '[없음](/docs/ghost)',
    ].join('\n'),
  );
  const all = createLinkResolver([...pages, from]);

  test("a GitHub wiki's [[Link text|Page name]] links to the page its second part names, when its first names none", () => {
    const r = resolveLinks(from, all);
    expect(r.links.slice(0, 3)).toEqual([{ id: 'installation-guide' }, { id: 'release-process', anchor: '승인' }, { id: 'release-process' }]);
    expect(r.problems.map((p) => [p.line, p.message])).toEqual([
      [7, '[[없는 문서|또 없는 문서]]이(가) 가리키는 문서가 없습니다'],
      [13, '/docs/ghost이(가) 가리키는 문서가 없습니다'],
    ]);
  });

  test("a link to the site's root is its home page, never a broken link; ../ from a folder too", () => {
    expect(all.url('/', 'Home.md')).toEqual({ home: true, isDocLink: true });
    expect(all.url('../', 'guides/setup.md')).toEqual({ home: true, isDocLink: true });
    expect(all.url('../ghost', 'guides/setup.md')).toEqual({ isDocLink: true });
    // A folder whose root has a landing page links there instead.
    expect(createLinkResolver([...pages, doc('index.md', '# 홈\n')]).url('/', 'Home.md').doc?.id).toBe('index');
  });

  test("Docusaurus's /docs/ route prefix is read as the content folder when the path as written names nothing", () => {
    expect(all.url('/docs/guides/setup', 'Home.md').doc?.id).toBe('guides/setup');
    expect(createLinkResolver([doc('docs/a.md', '# A\n'), doc('a.md', '# 루트 A\n')]).url('/docs/a', 'x.md').doc?.id).toBe('docs/a');
  });

  test("a language first (Wiki.js's /en/…, Docusaurus's /ko/docs/…) is read the same way; a folder name that only looks like one is not", () => {
    expect(all.url('/en/guides/setup', 'Home.md').doc?.id).toBe('guides/setup');
    expect(all.url('/ko-KR/docs/guides/setup#준비', 'Home.md')).toMatchObject({ doc: { id: 'guides/setup' }, anchor: '준비' });
    expect(all.url('/js/guides/setup', 'Home.md').doc).toBeUndefined();
    expect(all.url('/en/ghost', 'Home.md').doc).toBeUndefined();
  });
});

describe('links to folders and to files the site leaves out', () => {
  const pages = [
    doc('guides/b.md', '# B\n'),
    doc('guides/deep/a.md', '# 깊은 A\n'),
    doc('guides/a.md', '---\norder: 2\n---\n# A\n'),
    doc('guides/c.md', '---\norder: 1\n---\n# C\n'),
  ];
  const skipped = [
    { path: 'README.md', reason: 'repo-meta' as const },
    { path: 'CONTRIBUTING.md', reason: 'repo-meta' as const },
    { path: 'guides/comp.mdx', reason: 'mdx' as const },
  ];
  const all = createLinkResolver(pages, [], skipped);

  test('a folder without a landing page opens its shallowest page, first in reading order', () => {
    expect(all.url('./guides/', 'x.md').doc?.id).toBe('guides/c');
    expect(all.url('/guides/deep', 'x.md').doc?.id).toBe('guides/deep/a');
    expect(all.url('../empty/', 'guides/b.md')).toEqual({ isDocLink: true });
  });

  test('a link to the root README.md is the home page; one to another file the site leaves out is a warning naming it, never a broken link', () => {
    expect(all.url('../README.md', 'guides/b.md')).toEqual({ home: true, isDocLink: true });
    expect(all.url('../CONTRIBUTING.md', 'guides/b.md').unpublished).toEqual({ path: 'CONTRIBUTING.md', kind: '콘텐츠 폴더 맨 위의 저장소 안내 파일' });
    const from = doc('guides/from.md', '[기여](../CONTRIBUTING.md)\n\n[컴포넌트](./comp.mdx)\n\n[목록](../README.md)\n');
    const r = resolveLinks(from, createLinkResolver([...pages, from], [], skipped));
    expect(r.links).toEqual([]);
    expect(r.problems.map((p) => [p.severity, p.line, p.message])).toEqual([
      ['warning', 1, '../CONTRIBUTING.md이(가) 가리키는 CONTRIBUTING.md은(는) 사이트에 싣지 않는 파일입니다 (콘텐츠 폴더 맨 위의 저장소 안내 파일)'],
      ['warning', 3, './comp.mdx이(가) 가리키는 guides/comp.mdx은(는) 사이트에 싣지 않는 파일입니다 (.mdx 파일)'],
    ]);
  });
});

test('a link to a draft is a warning that says it is a draft, by path or by wikilink, never a broken link', () => {
  const draft = doc('wip.md', '---\ntitle: 초안\nstatus: draft\n---\n본문\n');
  const from = doc('pub.md', '[초안](./wip.md)\n\n[[초안]]\n\n[[없는 문서]]\n');
  const all = createLinkResolver([from], [], [], [draft]);
  expect(all.draft('초안')).toEqual({ path: 'wip.md', kind: '초안: status가 draft' });
  const r = resolveLinks(from, all);
  expect(r.problems.map((p) => [p.severity, p.line, p.message])).toEqual([
    ['warning', 1, './wip.md이(가) 가리키는 wip.md은(는) 사이트에 싣지 않는 파일입니다 (초안: status가 draft)'],
    ['warning', 3, '[[초안]]이(가) 가리키는 wip.md은(는) 사이트에 싣지 않는 파일입니다 (초안: status가 draft)'],
    ['error', 5, '[[없는 문서]]이(가) 가리키는 문서가 없습니다'],
  ]);
});

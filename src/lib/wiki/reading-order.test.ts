import { expect, test } from 'vitest';
import { isLandingPage, prevNext, projectLanding, readableFolderName, readingOrder, sidebarTree, type OrderedDoc } from './reading-order.ts';

const d = (sourcePath: string, title: string, order?: number): OrderedDoc => ({
  id: sourcePath.replace(/\.md$/, '').toLowerCase(),
  project: sourcePath.includes('/') ? sourcePath.split('/')[0]! : 'general',
  title,
  sourcePath,
  ...(order !== undefined ? { order } : {}),
});

const docs = [
  d('learn/thinking-in-react.md', '리액트로 사고하기', 2),
  d('learn/README.md', '학습하기'),
  d('learn/quick-start.md', '빠르게 시작하기', 1),
  d('learn/escape-hatches/index.md', '탈출구', 3),
  d('learn/escape-hatches/refs.md', 'ref 다루기'),
  d('learn/escape-hatches/effects.md', 'Effect'),
  d('learn/appendix.md', '부록'),
  d('learn/step 10.md', '10단계'),
  d('learn/step 9.md', '9단계'),
  d('notes.md', '메모'),
];

test('landing page first, then order, then title (numbers as numbers); a subfolder sorts by its landing page', () => {
  expect(readingOrder(docs)).toEqual(
    new Map([
      ['general', ['notes']],
      [
        'learn',
        [
          'learn/readme',
          'learn/quick-start',
          'learn/thinking-in-react',
          'learn/escape-hatches/index',
          'learn/escape-hatches/effects',
          'learn/escape-hatches/refs',
          'learn/step 9',
          'learn/step 10',
          'learn/appendix',
        ],
      ],
    ]),
  );
});

test('prevNext follows the reading order and stops at the ends', () => {
  const order = readingOrder(docs);
  expect(prevNext(order, 'learn', 'learn/readme')).toEqual({ next: 'learn/quick-start' });
  expect(prevNext(order, 'learn', 'learn/escape-hatches/index')).toEqual({ prev: 'learn/thinking-in-react', next: 'learn/escape-hatches/effects' });
  expect(prevNext(order, 'learn', 'learn/appendix')).toEqual({ prev: 'learn/step 10' });
  expect(prevNext(order, 'learn', 'nope')).toEqual({});
});

test("landing pages: README.md, index.md or Hugo's _index.md; a project landing sits at the project folder top, index.md winning", () => {
  expect([
    isLandingPage('a/README.md'),
    isLandingPage('a/index.md'),
    isLandingPage('a/readme.markdown'),
    isLandingPage('a/_index.md'),
    isLandingPage('a/indexes.md'),
  ]).toEqual([true, true, true, true, false]);
  expect(projectLanding(docs.filter((x) => x.project === 'learn'))?.id).toBe('learn/readme');
  expect(projectLanding([d('x/README.md', 'R'), d('x/index.md', 'I'), d('x/y/index.md', 'Y')])?.title).toBe('I');
  expect(projectLanding([d('x/y/index.md', 'Y')])).toBeUndefined();
});

test('readableFolderName: sorting prefixes dropped, dashes read as spaces, lower-case Latin capitalised', () => {
  expect(['getting-started', '01-intro', 'react-dom', 'API_Reference', '가이드_문서', 'v2', '2024'].map(readableFolderName)).toEqual([
    'Getting started',
    'Intro',
    'React dom',
    'API Reference',
    '가이드 문서',
    'V2',
    '2024',
  ]);
});

test('sidebarTree: the same order as a tree, sections titled by their landing page', () => {
  const tree = sidebarTree(docs);
  expect(tree.get('general')).toEqual([{ kind: 'doc', id: 'notes', title: '메모' }]);
  expect(tree.get('learn')).toEqual([
    { kind: 'doc', id: 'learn/readme', title: '학습하기' },
    { kind: 'doc', id: 'learn/quick-start', title: '빠르게 시작하기' },
    { kind: 'doc', id: 'learn/thinking-in-react', title: '리액트로 사고하기' },
    {
      kind: 'folder',
      name: 'escape-hatches',
      path: 'learn/escape-hatches',
      title: '탈출구',
      landing: 'learn/escape-hatches/index',
      children: [
        { kind: 'doc', id: 'learn/escape-hatches/effects', title: 'Effect' },
        { kind: 'doc', id: 'learn/escape-hatches/refs', title: 'ref 다루기' },
      ],
    },
    { kind: 'doc', id: 'learn/step 9', title: '9단계' },
    { kind: 'doc', id: 'learn/step 10', title: '10단계' },
    { kind: 'doc', id: 'learn/appendix', title: '부록' },
  ]);
});

test("sidebarTree: a folder's category file titles and places its section over its landing page, and says whether it starts closed", () => {
  const tree = sidebarTree(
    [...docs, d('learn/api-notes/hooks.md', '훅')],
    new Map([
      ['learn/escape-hatches', { title: '더 깊이', order: 0, collapsed: false }],
      ['learn/api-notes', { collapsed: true }],
    ]),
  );
  expect(tree.get('learn')!.map((n) => (n.kind === 'doc' ? n.title : [n.title, n.collapsed]))).toEqual([
    '학습하기',
    ['더 깊이', false],
    '빠르게 시작하기',
    '리액트로 사고하기',
    '9단계',
    '10단계',
    '부록',
    // Korean collation puts Latin titles after Hangul ones.
    ['Api notes', true],
  ]);
});

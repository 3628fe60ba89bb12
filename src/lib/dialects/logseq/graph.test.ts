import { expect, test } from 'vitest';
import { blockTexts, logseqProperties, logseqTitle, propertyData, withBlockRefs } from './graph.ts';

const ID = '650a1b2c-1111-4222-8333-444455556666';

test("property lines are found outside code; the page's are those before its first block", () => {
  const body = ['title:: 회의', 'Tags:: a, b', '', '- 블록', `  id:: ${ID}`, '- 코드', '  ```', '  key:: value', '  ```', 'empty::'].join('\n');
  const { lines, page } = logseqProperties(body);
  expect([...lines]).toEqual([1, 2, 5, 10]);
  expect([...page]).toEqual([
    ['title', '회의'],
    ['tags', 'a, b'],
  ]);
});

test('a block reference shows the text of the block with that id (bullet and task marker off), linked to its page; an unknown one, or one in a code block, stays', () => {
  const blocks = blockTexts([{ path: 'pages/배포 %2F 준비.md', text: `- TODO 배포 준비\n  collapsed:: true\n  id:: ${ID}\n` }]);
  expect([...blocks]).toEqual([[ID, { text: '배포 준비', path: 'pages/배포 %2F 준비.md' }]]);
  expect(withBlockRefs(`- 오늘 ((${ID})) 했다\n- ((00000000-0000-4000-8000-000000000000))\n\`\`\`\n((${ID}))\n\`\`\``, blocks, 'journals/2024_01_15.md')).toBe(
    `- 오늘 [배포 준비](</pages/배포 %252F 준비.md>) 했다\n- ((00000000-0000-4000-8000-000000000000))\n\`\`\`\n((${ID}))\n\`\`\``,
  );
  // On the block's own page, and in an embed, the text alone.
  expect(withBlockRefs(`위: ((${ID}))`, blocks, 'pages/배포 %2F 준비.md')).toBe('위: 배포 준비');
  expect(withBlockRefs(`{{embed ((${ID}))}}`, blocks, 'journals/2024_01_15.md')).toBe('배포 준비');
  // A block whose text links somewhere is shown unlinked (links do not nest).
  const linking = blockTexts([{ path: 'pages/a.md', text: `- [[회의]] 정리\n  id:: ${ID}` }]);
  expect(withBlockRefs(`((${ID}))`, linking, 'pages/b.md')).toBe('[[회의]] 정리');
});

test("Logseq's page names: journals by date, namespaces with /; a plain name gives none", () => {
  expect(['journals/2024_01_15.md', 'pages/회의___규칙.md', 'pages/회의%2F규칙.md', 'pages/회의.md', 'notes/2024_01_15.md'].map(logseqTitle)).toEqual([
    '2024-01-15',
    '회의/규칙',
    '회의/규칙',
    undefined,
    undefined,
  ]);
});

test("a page's properties give title, tags and aliases; a property named like a Maru field is not read as one", () => {
  const page = new Map([
    ['title', '회의'],
    ['tags', '#회의, [[주간 기록]], '],
    ['alias', '위클리'],
    ['id', ID],
    ['category', '책'],
    ['rating', '5'],
  ]);
  expect(propertyData(page, new Set(['id', 'category', 'title', 'tags']))).toEqual({
    title: '회의',
    tags: ['회의', '주간 기록'],
    aliases: ['위클리'],
    rating: '5',
  });
});

test("a page's properties written as its first block (`- title:: …`) are the page's too", () => {
  const { lines, page } = logseqProperties('- title:: 첫 블록\n  tags:: a\n- 본문\n  key:: v');
  expect([...lines]).toEqual([1, 2, 4]);
  expect([...page]).toEqual([
    ['title', '첫 블록'],
    ['tags', 'a'],
  ]);
});

import { describe, expect, test } from 'vitest';
import { createAttachmentFinder, relativeTo } from './attachments.ts';

describe('createAttachmentFinder (Obsidian embed names)', () => {
  const find = createAttachmentFinder([
    'notes/diagram.png',
    'attachments/diagram.png',
    'attachments/deep/only.png',
    'zz/Logo.PNG',
    'a/shared.png',
    'b/shared.png',
    'x/y/shared.png',
    'attachments/그림 1.png',
  ]);
  test.each([
    ['a bare name beside the note wins', 'diagram.png', 'notes/page.md', 'notes/diagram.png'],
    ['a bare name elsewhere is found in the whole folder', 'only.png', 'notes/page.md', 'attachments/deep/only.png'],
    ['a path is read from the root', 'attachments/diagram.png', 'notes/page.md', 'attachments/diagram.png'],
    ['a path without its top folders', 'deep/only.png', 'page.md', 'attachments/deep/only.png'],
    ['case and Unicode form do not matter', 'logo.png', 'page.md', 'zz/Logo.PNG'],
    ['decomposed Hangul finds the composed name', '그림 1.png'.normalize('NFD'), 'page.md', 'attachments/그림 1.png'],
    ['two files with one name: the nearest the root, then path order', 'shared.png', 'notes/page.md', 'a/shared.png'],
    ['./ is beside the note only', './only.png', 'notes/page.md', undefined],
    ['no such file', 'nothing.png', 'page.md', undefined],
  ])('%s', (_why, name, from, want) => {
    expect(find(name, from)).toBe(want);
  });
  test('the choice does not depend on the order files were listed in', () => {
    const reversed = createAttachmentFinder(['x/y/shared.png', 'b/shared.png', 'a/shared.png']);
    expect(reversed('shared.png', 'page.md')).toBe('a/shared.png');
  });
});

test.each([
  ['page.md', 'attachments/a.png', './attachments/a.png'],
  ['notes/page.md', 'attachments/a.png', '../attachments/a.png'],
  ['notes/sub/page.md', 'notes/a.png', '../a.png'],
  ['notes/page.md', 'notes/a.png', './a.png'],
])('relativeTo(%j, %j) = %j', (from, to, want) => {
  expect(relativeTo(from, to)).toBe(want);
});

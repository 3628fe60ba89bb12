import { describe, expect, test } from 'vitest';
import { splitFrontmatter } from './frontmatter-parse.ts';

/** Nine aliases of nine aliases, eight levels deep: 9^9 strings once expanded ("billion laughs"). */
const BOMB = [
  '---',
  'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]',
  ...'bcdefghi'.split('').map((name, i) => `${name}: &${name} [${Array(9).fill(`*${'abcdefgh'[i]}`).join(',')}]`),
  'title: bomb',
  '---',
  'boom',
].join('\n');

describe('splitFrontmatter', () => {
  test('an alias bomb is a frontmatter error on the line of the first alias, not a crash', () => {
    expect(splitFrontmatter('notes/bomb.md', BOMB)).toEqual({
      problems: [
        {
          path: 'notes/bomb.md',
          line: 3,
          field: 'frontmatter',
          message: 'YAML 별칭(*)이 너무 많이 펼쳐집니다 (Excessive alias count indicates a resource exhaustion attack)',
          hint: '&앵커와 *별칭 대신 값을 직접 쓰세요',
          severity: 'error',
        },
      ],
    });
  });

  test('a few aliases still read as the values they stand for', () => {
    expect(splitFrontmatter('a.md', '---\ntags: &t [검색]\naliases: *t\n---\n본문\n').file?.data).toEqual({ tags: ['검색'], aliases: ['검색'] });
  });
});

describe("Hugo's TOML frontmatter", () => {
  const toml = [
    '+++',
    'title = "배포 절차"',
    'date = 2024-01-15T10:00:00+09:00',
    'lastmod = 2024-02-01',
    'tags = ["배포", "운영"]',
    'weight = 3',
    '',
    '[params]',
    'title = "표 안의 title"',
    '+++',
    '',
    '## 단계',
  ].join('\n');

  test('is read as data: dates as the text TOML wrote, tables as objects, key lines from the top level', () => {
    const { file, problems } = splitFrontmatter('a.md', toml);
    expect(problems).toEqual([]);
    expect(file!.data).toEqual({
      title: '배포 절차',
      date: '2024-01-15T10:00:00.000+09:00',
      lastmod: '2024-02-01',
      tags: ['배포', '운영'],
      weight: 3,
      params: { title: '표 안의 title' },
    });
    expect([file!.lineOf('title'), file!.lineOf('weight'), file!.lineOf('params'), file!.bodyLine, file!.body]).toEqual([2, 6, 1, 11, '\n## 단계']);
  });

  test('a syntax error names its line in the file; nesting past 32 levels is an error, not a crash', () => {
    expect(splitFrontmatter('a.md', '+++\ntitle = "배포\n+++\n').problems).toMatchObject([{ line: 2, field: 'frontmatter', severity: 'error' }]);
    const deep = `+++\nx = ${'['.repeat(5000)}${']'.repeat(5000)}\n+++\n`;
    expect(splitFrontmatter('a.md', deep).problems).toMatchObject([{ field: 'frontmatter', severity: 'error' }]);
  });
});

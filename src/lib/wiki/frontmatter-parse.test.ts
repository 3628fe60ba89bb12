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

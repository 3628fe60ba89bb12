import { describe, expect, test } from 'vitest';
import { routesFor } from './routes.ts';
import { tagSegment } from './tag-segment.ts';

describe('tagSegment', () => {
  test.each([
    ['검색', '검색'],
    ['react-hooks', 'react-hooks'],
    ['snake_case2', 'snake_case2'],
    ['project/alpha', 'project-alpha~62tjut'],
    ['.', '~by08hd'],
    ['../../etc', 'etc~1kglo3j'],
    ['</x>', 'x~nq3epi'],
    ['?q=1#x', 'q-1-x~vmvh4o'],
    ['100%', '100~d7e8u3'],
    ['C#', 'C~15ku39f'],
    ['C++', 'C~cy8cuo'],
    ['a b', 'a-b~4m7u2a'],
  ])('%s → %s', (tag, segment) => {
    expect(tagSegment(tag)).toBe(segment);
  });

  test('a long tag is cut to 60 characters and told apart by its hash', () => {
    expect(tagSegment('가'.repeat(61))).toBe(`${'가'.repeat(60)}~d8xxkf`);
  });

  test('tags that differ only in replaced characters get different segments', () => {
    const tags = ['C#', 'C++', 'C', 'a/b', 'a b', 'a-b', 'a~b', '.', '..'];
    expect(new Set(tags.map(tagSegment)).size).toBe(tags.length);
  });

  test('links to a tag page use the segment, percent-encoded', () => {
    const routes = routesFor('/wiki/');
    expect([routes.tag('project/alpha'), routes.tag('C#'), routes.tag('검색')]).toEqual([
      '/wiki/tags/project-alpha~62tjut/',
      '/wiki/tags/C~15ku39f/',
      '/wiki/tags/%EA%B2%80%EC%83%89/',
    ]);
  });
});

import { expect, test } from 'vitest';
import { headingAncestry, headingPath } from './heading-path.ts';

const headings = [
  { depth: 2, text: '설치' },
  { depth: 3, text: 'npm' },
  { depth: 4, text: '캐시' },
  { depth: 3, text: 'pnpm' },
  { depth: 2, text: '설정' },
  { depth: 4, text: '건너뛴 단계' },
];

test('a heading’s path climbs to each shallower heading before it, outermost first', () => {
  expect(headingPath(headings, 2)).toEqual(['설치', 'npm', '캐시']);
  expect(headingPath(headings, 3)).toEqual(['설치', 'pnpm']);
  expect(headingPath(headings, 4)).toEqual(['설정']);
  expect(headingPath(headings, 5)).toEqual(['설정', '건너뛴 단계']);
});

test('the climb stops at `from`, so a section list can keep its lead out of every path', () => {
  const sections = [{ depth: 1 }, { depth: 3 }, { depth: 2 }, { depth: 3 }];
  expect(headingAncestry(sections, 1, 1)).toEqual([1]);
  expect(headingAncestry(sections, 3, 1)).toEqual([2, 3]);
  expect(headingAncestry(sections, 3)).toEqual([0, 2, 3]);
});

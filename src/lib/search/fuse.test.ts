import { expect, test } from 'vitest';
import { fuseRanked, phrasingsOf } from './fuse.ts';
import { buildSearch } from './index-build.ts';
import { foundByOf, searchSync } from './search.ts';
import { testSource } from './test-source.ts';

test('phrasings: the query first, blank and repeated ones left out, five at most', () => {
  expect(phrasingsOf(' 배포 ', ['', 'deploy', '배포', 'DEPLOY', 'a', 'b', 'c', 'd'])).toEqual(['배포', 'deploy', 'a', 'b', 'c']);
});

test('reciprocal rank fusion: a document every list has beats one that tops a single list', () => {
  const fused = fuseRanked(
    [
      ['a', 'b', 'c'],
      ['b', 'd'],
      ['b', 'a'],
    ],
    (x) => x,
    60,
  );
  expect(fused.map((f) => f.key)).toEqual(['b', 'a', 'd', 'c']);
  expect([...fused[0]!.ranks]).toEqual([
    [0, 2],
    [1, 1],
    [2, 1],
  ]);
  expect(fused[0]!.score).toBeCloseTo(1 / 62 + 1 / 61 + 1 / 61, 12);
});

test('ties keep the order in which the lists first named the documents', () => {
  expect(fuseRanked([['x'], ['y']], (v) => v).map((f) => f.key)).toEqual(['x', 'y']);
});

const loaded = buildSearch([
  testSource('backup', '백업과 복구', { lead: '스냅샷으로 데이터를 복원하는 절차. backup restore 명령을 씁니다.' }),
  testSource('deploy', '배포', { lead: '서버에 새 버전을 올리는 방법.' }),
  testSource('server', '서버 운영', { lead: '서버가 다시 뜨지 않을 때 로그를 봅니다.' }),
]);

test('one search with phrasings: the fused order, which phrasing found each hit, and the words of every phrasing', () => {
  const alone = searchSync(loaded, '서버 다시 살리기');
  expect(alone.hits[0]!.document.id).toBe('server');
  const result = searchSync(loaded, '서버 다시 살리기', { also: ['백업 복구', 'backup restore'] });
  expect(result.phrasings).toEqual(['서버 다시 살리기', '백업 복구', 'backup restore']);
  expect(result.hits.map((h) => [h.document.id, h.foundBy])).toEqual([
    ['backup', [1, 2]],
    ['server', [0]],
    ['deploy', [0]],
  ]);
  expect(result.hits[0]!.matchedTerms).toEqual(['백업', '복구', 'backup', 'restore']);
  expect(result.match).toBe('full');
});

test.each([
  { coverages: [0.2, 1, 0.5], foundBy: [1, 2] },
  { coverages: [0.2, 0.3, 0.3], foundBy: [1, 2] },
  { coverages: [0, 0, 0], foundBy: [] },
])('a hit answers the phrasings it covers at least in part, else the ones it covers best: $coverages → $foundBy', ({ coverages, foundBy }) => {
  expect(foundByOf(coverages)).toEqual(foundBy);
});

import { expect, test } from 'vitest';
import { isMiss, toMissLine } from './misses.ts';

test.each([
  [0, null, undefined, true],
  [3, 50, 'full', false],
  [3, 50, 'partial', true],
  [3, 50, 'none', true],
  [3, 5, 'full', false],
  // Reports without the search's verdict (older clients) still fall back to the best score.
  [3, 5, undefined, true],
  [3, 50, undefined, false],
] as const)('isMiss(%i hits, best %s, match %s) = %s', (count, best, match, want) => {
  expect(isMiss(count, best, match)).toBe(want);
});

test('the log line carries the verdict when there is one', () => {
  expect(toMissLine({ query: 'q', filters: {}, resultCount: 2, bestScore: 30, match: 'partial' }, 'site', '2026-11-30T00:00:00.000Z')).toBe(
    '{"time":"2026-11-30T00:00:00.000Z","source":"site","query":"q","filters":{},"resultCount":2,"bestScore":30,"match":"partial"}\n',
  );
});

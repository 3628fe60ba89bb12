import { expect, test } from 'vitest';
import { fileDurations, heavySummary, layerTimes } from './test-layers.ts';

test('files are summed by layer, in pyramid order, with the wall time from the first start to the last end', () => {
  const file = (name: string, startTime: number, endTime: number) => ({ name: `/repo/${name}`, startTime, endTime });
  const line = layerTimes(
    {
      numPassedTests: 0,
      numFailedTests: 0,
      numPendingTests: 0,
      numTodoTests: 0,
      startTime: 0,
      testResults: [
        file('src/lib/search/search.test.ts', 0, 2_000),
        file('src/lib/wiki/links.test.ts', 2_000, 3_000),
        file('test/browser/site.test.ts', 1_000, 61_000),
        file('test/mcp/clients.test.ts', 3_000, 33_000),
        file('mcp/cli.test.ts', 33_000, 43_000),
        file('test/build.test.ts', 61_000, 90_000),
      ],
    },
    '/repo',
  );
  expect(line).toBe('time per layer: unit 3 s (2 files), browser 60 s (1 file), server 40 s (2 files), build and the rest 29 s (1 file); wall 90 s');
});

test('the heavy work is counted by kind, in the order first logged, the files that did most of it first', () => {
  const log = [
    'astro build\ttest/build.test.ts',
    'Chromium launch\ttest/browser/site.test.ts',
    'astro build\ttest/incremental-pages.test.ts',
    'astro build\ttest/incremental-pages.test.ts',
    '',
  ].join('\n');
  expect(heavySummary(log)).toEqual([
    'astro build 3 (test/incremental-pages.test.ts 2, test/build.test.ts 1)',
    'Chromium launch 1 (test/browser/site.test.ts 1)',
  ]);
});

test('file durations are whole seconds, the longest first, without the files under a second', () => {
  const file = (name: string, startTime: number, endTime: number) => ({ name: `/repo/${name}`, startTime, endTime });
  const results = { numPassedTests: 0, numFailedTests: 0, numPendingTests: 0, numTodoTests: 0, startTime: 0 };
  const testResults = [
    file('src/lib/wiki/slug.test.ts', 0, 400),
    file('test/build.test.ts', 0, 35_400),
    file('test/browser/site.test.ts', 0, 64_900),
    file('test/check.test.ts', 1_000, 11_100),
  ];
  expect(JSON.stringify(fileDurations({ ...results, testResults }, '/repo'))).toBe(
    JSON.stringify({ 'test/browser/site.test.ts': 65, 'test/build.test.ts': 35, 'test/check.test.ts': 10 }),
  );
});

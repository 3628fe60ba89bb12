import { expect, test } from 'vitest';
import { GroupedRuns } from './grouped-runs.ts';

test('hands back each key’s runs in the order they were appended, across keys interleaved', () => {
  const runs = new GroupedRuns();
  runs.push(2, 0, 4, 1);
  runs.push(0, 0, 1, 3);
  runs.push(2, 1, 4, 2);
  runs.push(0, 5, 0, 1);
  expect([...runs.runs(0)]).toEqual([0, 1, 3, 5, 0, 1]);
  expect([...runs.runs(2)]).toEqual([0, 4, 1, 1, 4, 2]);
  expect([...runs.runs(1)]).toEqual([]);
  expect([...runs.runs(9)]).toEqual([]);
  expect([runs.has(0), runs.has(1), runs.has(2), runs.has(9)]).toEqual([true, false, true, false]);
});

test('grows past its first chunks and keeps every run', () => {
  const runs = new GroupedRuns();
  // Over two chunks of appended runs, and not a whole number of them.
  const n = 600_000;
  for (let i = 0; i < n; i++) runs.push(i % 7, i, i % 5, i % 3);
  const six = runs.runs(6);
  expect(six.length / 3).toBe(Math.floor((n - 1 - 6) / 7) + 1);
  expect([...six.subarray(0, 6)]).toEqual([6, 1, 0, 13, 3, 1]);
  expect([...six.subarray(-3)]).toEqual([599_997, 2, 0]);
  expect(runs.runs(0).length + runs.runs(1).length + runs.runs(2).length + runs.runs(3).length + runs.runs(4).length + runs.runs(5).length + six.length).toBe(
    n * 3,
  );
});

test('refuses to append once read, instead of losing the run', () => {
  const runs = new GroupedRuns();
  runs.push(0, 1, 2, 3);
  runs.runs(0);
  expect(() => runs.push(0, 4, 5, 6)).toThrow(/cannot append after the runs were read/);
});

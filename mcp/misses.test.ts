import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { openMissLog } from './misses.ts';

const miss = (query: string) => ({ query, filters: {}, resultCount: 0, bestScore: null });

test('the miss log is rotated past its size: <file>.1 holds the older lines, and the two never pass twice the cap', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'maru-misses-'));
  const file = join(dir, 'misses.jsonl');
  writeFileSync(file, `${'x'.repeat(900)}\n`);
  const log = openMissLog(file, () => {}, 1000);
  for (let i = 0; i < 40; i++) expect(await log.record(miss(`질문 ${i}`), 'site')).toBe(true);
  const current = readFileSync(file, 'utf8').trim().split('\n');
  const older = readFileSync(`${file}.1`, 'utf8').trim().split('\n');
  expect(statSync(file).size).toBeLessThanOrEqual(1000);
  expect(statSync(`${file}.1`).size).toBeLessThanOrEqual(1000);
  // The newest lines are in the log, the ones before them in .1, in order.
  const queries = [...older, ...current].filter((l) => l.startsWith('{')).map((l) => (JSON.parse(l) as { query: string }).query);
  expect(queries.at(-1)).toBe('질문 39');
  expect(queries).toEqual(queries.slice().sort((a, b) => Number(a.split(' ')[1]) - Number(b.split(' ')[1])));
  expect(queries.length).toBeLessThan(40);
});

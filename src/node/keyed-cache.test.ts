import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { jsonCodec, openKeyedCache } from './keyed-cache.ts';

const identity = { format: 'test-cache', version: 1, code: 'c' };
const codec = jsonCodec((value: unknown): value is string => typeof value === 'string');

test('entries smaller and larger than a write chunk come back whole, and the file ends with its checksum', () => {
  const path = join(mkdtempSync(join(tmpdir(), 'maru-keyed-')), 'cache.json');
  const values = new Map([
    ['small', '작은 값'],
    ['chunk', 'x'.repeat((1 << 20) - 10)],
    ['large', '큰 값 '.repeat(400_000)],
    ['after', 'z'],
  ]);
  const first = openKeyedCache(path, identity, codec);
  for (const [key, value] of values) first.set(key, value);
  first.save();
  const again = openKeyedCache(path, identity, codec);
  for (const [key, value] of values) expect(again.get(key), key).toBe(value);
  expect([again.hits, again.misses]).toEqual([4, 0]);
  expect(readFileSync(path, 'latin1').slice(-64)).toMatch(/^[0-9a-f]{64}$/);
});

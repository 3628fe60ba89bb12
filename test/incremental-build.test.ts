import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { buildDir, buildWithCache, filesOf, ROOT, tempDir } from './helpers/astro.ts';

describe('a rebuild after one changed document', () => {
  const content = join(tempDir('maru-incremental-'), 'content');
  const cache = tempDir('maru-incremental-cache-');
  const warm = buildDir('incremental-warm-');
  const cold = buildDir('incremental-cold-');
  let first = '';
  let second = '';
  beforeAll(() => {
    cpSync(join(ROOT, 'content'), content, { recursive: true });
    first = buildWithCache(content, buildDir('incremental-first-'), cache);
    const path = join(content, 'search/adr-one-search-contract.md');
    writeFileSync(path, `${readFileSync(path, 'utf8')}\n\n한 문단을 더 적었습니다.\n`);
    second = buildWithCache(content, warm, cache);
    buildWithCache(content, cold, tempDir('maru-incremental-cold-cache-'));
  }, 300_000);

  test('the first build parses and renders every document, the rebuild only the changed one', () => {
    expect(first).toMatch(/parsed 45 of 45 files/);
    expect(first).toMatch(/rendered 44 of 44 documents/);
    expect(second).toMatch(/parsed 1 of 45 files/);
    expect(second).toMatch(/rendered 1 of 44 documents/);
  });

  test('writes exactly what a clean build of the same content writes, byte for byte', () => {
    const a = filesOf(warm);
    const b = filesOf(cold);
    expect([...a.keys()].sort()).toEqual([...b.keys()].sort());
    const differ = [...a].filter(([path, bytes]) => !bytes.equals(b.get(path)!)).map(([path]) => path);
    expect(differ).toEqual([]);
    expect(a.get('docs/adr-one-search-contract/index.html')!.toString('utf8')).toContain('한 문단을 더 적었습니다.');
  });
});

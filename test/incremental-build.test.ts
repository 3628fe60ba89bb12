import { cpSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { buildDir, ROOT, tempDir } from './helpers/astro.ts';

/** `astro build` of `content` into `out` with the given Astro cache (data store) folder. */
function build(content: string, out: string, cache: string): string {
  const r = spawnSync(join(ROOT, 'node_modules/.bin/astro'), ['build', '--outDir', out], {
    cwd: ROOT,
    env: { ...process.env, WIKI_CONTENT_DIR: content, MARU_CACHE_DIR: cache, SOURCE_DATE_EPOCH: '1767225600' },
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  });
  const output = `${r.stdout}\n${r.stderr}`;
  if (r.status !== 0) throw new Error(`astro build failed:\n${output}`);
  return output;
}

function files(dir: string): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  for (const f of readdirSync(dir, { recursive: true, encoding: 'utf8' })) if (statSync(join(dir, f)).isFile()) out.set(f, readFileSync(join(dir, f)));
  return out;
}

describe('a rebuild after one changed document', () => {
  const content = join(tempDir('maru-incremental-'), 'content');
  const cache = tempDir('maru-incremental-cache-');
  const warm = buildDir('incremental-warm-');
  const cold = buildDir('incremental-cold-');
  let first = '';
  let second = '';
  beforeAll(() => {
    cpSync(join(ROOT, 'content'), content, { recursive: true });
    first = build(content, buildDir('incremental-first-'), cache);
    const path = join(content, 'search/adr-one-search-contract.md');
    writeFileSync(path, `${readFileSync(path, 'utf8')}\n\n한 문단을 더 적었습니다.\n`);
    second = build(content, warm, cache);
    build(content, cold, tempDir('maru-incremental-cold-cache-'));
  }, 300_000);

  test('the first build parses and renders every document, the rebuild only the changed one', () => {
    expect(first).toMatch(/parsed 45 of 45 files/);
    expect(first).toMatch(/rendered 44 of 44 documents/);
    expect(second).toMatch(/parsed 1 of 45 files/);
    expect(second).toMatch(/rendered 1 of 44 documents/);
  });

  test('writes exactly what a clean build of the same content writes, byte for byte', () => {
    const a = files(warm);
    const b = files(cold);
    expect([...a.keys()].sort()).toEqual([...b.keys()].sort());
    const differ = [...a].filter(([path, bytes]) => !bytes.equals(b.get(path)!)).map(([path]) => path);
    expect(differ).toEqual([]);
    expect(a.get('docs/adr-one-search-contract/index.html')!.toString('utf8')).toContain('한 문단을 더 적었습니다.');
  });
});

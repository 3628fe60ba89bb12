import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { compileCacheDir } from './compile-cache.ts';

test('the compiled-code cache goes to the user’s cache folder on each platform', () => {
  expect(compileCacheDir({}, 'linux', '/home/ann')).toBe('/home/ann/.cache/maru/compile-cache');
  expect(compileCacheDir({ XDG_CACHE_HOME: '/xdg' }, 'linux', '/home/ann')).toBe('/xdg/maru/compile-cache');
  expect(compileCacheDir({}, 'darwin', '/Users/ann')).toBe('/Users/ann/Library/Caches/maru/compile-cache');
  expect(compileCacheDir({ NODE_COMPILE_CACHE: '/chosen' }, 'linux', '/home/ann')).toBe('/chosen');
});

test('a server start writes its compiled code under HOME, not into the shared temporary folder', () => {
  const home = mkdtempSync(join(tmpdir(), 'maru-home-'));
  try {
    const env: Record<string, string> = { PATH: process.env.PATH ?? '', HOME: home };
    const r = spawnSync(process.execPath, ['mcp/cli.ts', '--help'], { env, encoding: 'utf8' });
    expect(r.status).toBe(0);
    const dir = join(home, '.cache', 'maru', 'compile-cache');
    expect(existsSync(dir)).toBe(true);
    expect(readdirSync(dir).length).toBeGreaterThan(0);
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});

import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');

/** Runs `astro build` of this project into `outDir` with its own content-layer cache; returns exit code and output. */
export function astroBuild(outDir: string, env: Record<string, string> = {}): { status: number | null; output: string } {
  const cache = mkdtempSync(join(tmpdir(), 'maru-cache-'));
  const r = spawnSync(join(ROOT, 'node_modules/.bin/astro'), ['build', '--outDir', outDir], {
    cwd: ROOT,
    env: { ...process.env, MARU_CACHE_DIR: cache, ...env },
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  });
  return { status: r.status, output: `${r.stdout}\n${r.stderr}` };
}

/**
 * A fresh output folder for an Astro build. It lives inside the project: with an outDir elsewhere,
 * Astro puts its prerender chunks in the shared `.astro/` folder and concurrent builds corrupt them.
 */
export function buildDir(prefix = 'dist-'): string {
  const parent = join(ROOT, 'node_modules/.cache/maru-test-builds');
  mkdirSync(parent, { recursive: true });
  return mkdtempSync(join(parent, prefix));
}

/** A fresh temporary folder. */
export function tempDir(prefix = 'maru-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export { ROOT };

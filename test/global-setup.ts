import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * One folder per test run for the sites the tests build (`buildDir`, the browser tests' sites), removed when the run
 * ends: each run built hundreds of MB there and nothing removed them, so repeated runs filled the disk. It is inside the
 * project because Astro needs an outDir under the cwd (see `buildDir`). The workers find it in `MARU_TEST_RUN_DIR`.
 */
export default function setup(): () => void {
  const parent = resolve(import.meta.dirname, '../node_modules/.cache/maru-test-runs');
  mkdirSync(parent, { recursive: true });
  const dir = mkdtempSync(join(parent, 'run-'));
  process.env.MARU_TEST_RUN_DIR = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}

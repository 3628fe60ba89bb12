import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { heavySummary } from '../scripts/lib/test-layers.ts';
import { heavyLog } from './helpers/once-per-run.ts';

/**
 * One folder per test run for the sites the tests build (`buildDir`, the browser tests' sites), removed when the run
 * ends: each run built hundreds of MB there and nothing removed them, so repeated runs filled the disk. It is inside the
 * project because Astro needs an outDir under the cwd (see `buildDir`). The workers find it in `MARU_TEST_RUN_DIR`.
 * Before removing it, prints the run's heavy work by kind and test file (`logHeavy`): where a slower suite's time went.
 */
export default function setup(): () => void {
  const parent = resolve(import.meta.dirname, '../node_modules/.cache/maru-test-runs');
  mkdirSync(parent, { recursive: true });
  const dir = mkdtempSync(join(parent, 'run-'));
  process.env.MARU_TEST_RUN_DIR = dir;
  return () => {
    const log = heavyLog(dir);
    if (existsSync(log))
      console.log(
        `\nheavy work of this run:\n${heavySummary(readFileSync(log, 'utf8'))
          .map((l) => `  ${l}`)
          .join('\n')}`,
      );
    rmSync(dir, { recursive: true, force: true });
  };
}

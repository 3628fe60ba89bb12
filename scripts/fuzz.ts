// `npm run fuzz [-- --runs 5000] [--seed N]`: the property tests of test/security/server-fuzz.test.ts,
// test/security/hostile-fuzz.test.ts (SVG files, formulas, HTTP bodies) and test/markdown/dialect-fuzz.test.ts, run longer
// and (without --seed) with a fresh seed each time; a failure prints the seed and the shrunk counterexample.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { runs: { type: 'string', default: process.env.MARU_FUZZ_RUNS ?? '2000' }, seed: { type: 'string' } } });
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) {
  console.error(`--runs must be a whole number of at least 1, got ${JSON.stringify(values.runs)}.`);
  process.exit(2);
}
const seed = values.seed ?? String(Math.floor(Math.random() * 2 ** 31));
console.error(`fuzz: ${runs} runs per property, seed ${seed} (repeat with --seed ${seed})`);
const vitest = join(import.meta.dirname, '..', 'node_modules', '.bin', 'vitest');
const run = spawnSync(
  vitest,
  [
    'run',
    'test/security/server-fuzz.test.ts',
    'test/security/hostile-fuzz.test.ts',
    'test/markdown/dialect-fuzz.test.ts',
    '--testTimeout',
    String(Math.max(120_000, runs * 200)),
  ],
  {
    stdio: 'inherit',
    env: { ...process.env, MARU_FUZZ_RUNS: String(runs), MARU_FUZZ_SEED: seed },
  },
);
process.exit(run.status ?? 1);

// The README's test command: the gates (typecheck, then lint), every vitest suite, then one plain summary line that CI can read.
// MARU_SKIP_GATES=1 runs the suites alone (CI runs the gates as steps of their own).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';

if (process.env.MARU_SKIP_GATES !== '1') {
  for (const gate of ['typecheck', 'lint']) {
    const run = spawnSync('npm', ['run', '--silent', gate], { stdio: 'inherit' });
    if (run.status !== 0) {
      console.log(`\n${gate} failed: fix it first (npm run ${gate}); the test suites did not run`);
      process.exit(run.status ?? 1);
    }
  }
}

mkdirSync('test-results', { recursive: true });
const out = 'test-results/vitest.json';
const args = ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, ...process.argv.slice(2)];
const run = spawnSync('vitest', args, { stdio: 'inherit', shell: false });
let summary = 'no results';
try {
  const r = JSON.parse(readFileSync(out, 'utf8')) as { numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number };
  summary = `${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests + r.numTodoTests} skipped`;
} catch {
  // vitest crashed before writing results; its own output says why.
}
console.log(`\n${summary}`);
process.exit(run.status ?? 1);

// The README's test command: the gates (typecheck and lint), every vitest suite, then one plain summary line that CI can read.
// MARU_SKIP_GATES=1 runs the suites alone (CI runs the gates as steps of their own); MARU_RECORD_DURATIONS=1 rewrites
// test/durations.json from a whole run that passed (the order a fresh clone runs the files in, test/sequencer.ts).
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { astroSync } from './lib/astro-sync.ts';
import { FILE_TIMES, fileDurations, layerTimes, type VitestResults } from './lib/test-layers.ts';

/** Runs `npm run <gate>` with its output captured, so that two gates can run at once and still print one after the other. */
function runGate(gate: string, args: readonly string[] = []): Promise<{ gate: string; status: number | null; output: string }> {
  return new Promise((resolve) => {
    // A pipe is not a terminal: keep the colours the gate would have shown on one.
    const env = process.stdout.isTTY && !process.env.FORCE_COLOR ? { ...process.env, FORCE_COLOR: '1' } : process.env;
    const child = spawn('npm', ['run', '--silent', gate, ...(args.length ? ['--', ...args] : [])], { stdio: ['ignore', 'pipe', 'pipe'], env });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('close', (status) => resolve({ gate, status, output }));
  });
}

if (process.env.MARU_SKIP_GATES !== '1') {
  // Astro's generated types (.astro/), which both gates read: written once here, before either starts.
  const synced = astroSync();
  if (synced !== 0) {
    console.log('\nastro sync failed: the gates and the test suites did not run');
    process.exit(synced);
  }
  // Side by side: each gate keeps one core busy for most of a minute, and neither needs the other's result.
  const gates = await Promise.all([runGate('typecheck', ['--no-sync']), runGate('lint')]);
  for (const { output } of gates) process.stdout.write(output);
  const failed = gates.filter((g) => g.status !== 0);
  if (failed.length) {
    const names = failed.map((g) => g.gate);
    console.log(`\n${names.join(' and ')} failed: fix it first (${names.map((n) => `npm run ${n}`).join(', ')}); the test suites did not run`);
    process.exit(failed[0]!.status ?? 1);
  }
}

mkdirSync('test-results', { recursive: true });
const out = 'test-results/vitest.json';
const args = ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, `--reporter=./test/file-times-reporter.ts`, ...process.argv.slice(2)];
const run = spawnSync('vitest', args, { stdio: 'inherit', shell: false });
let summary = 'no results';
try {
  // The counts from vitest's report, each file's time (hooks included) from test/file-times-reporter.ts.
  const r = {
    ...(JSON.parse(readFileSync(out, 'utf8')) as VitestResults),
    ...(JSON.parse(readFileSync(FILE_TIMES, 'utf8')) as Pick<VitestResults, 'startTime' | 'testResults'>),
  };
  console.log(`\n${layerTimes(r)}`);
  // The order a fresh clone runs the files in (test/sequencer.ts): refreshed on request, from a whole run that passed.
  if (process.env.MARU_RECORD_DURATIONS === '1' && process.argv.length === 2 && run.status === 0) {
    writeFileSync('test/durations.json', `${JSON.stringify(fileDurations(r), null, 2)}\n`);
    console.log("test/durations.json: recorded this run's durations");
  }
  summary = `${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests + r.numTodoTests} skipped`;
} catch {
  // vitest crashed before writing results; its own output says why.
}
console.log(`\n${summary}`);
process.exit(run.status ?? 1);

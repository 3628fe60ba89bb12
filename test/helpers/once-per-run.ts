// Work several test files need the same result of (a site build, the artifacts of a fixture), done once per test run:
// vitest runs files in separate processes, so the first to ask does it while holding a lock folder, and the others wait
// for its result file. Also the log of the run's heavy work (builds, Chromium launches, packs) that the run prints at
// its end (test/global-setup.ts), so a slower suite shows where its time went.
import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { expect } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

/** A folder of this test run's own (test/global-setup.ts), removed when the run ends; inside the project, as Astro's roots need. */
export function runFolder(name: string): string {
  return join(process.env.MARU_TEST_RUN_DIR ?? join(ROOT, 'node_modules/.cache/maru-test-runs/outside-vitest'), name);
}

/** Creates `folder` and says true; false when it exists already (another process made it first: mkdir is atomic). */
export function claim(folder: string): boolean {
  try {
    mkdirSync(folder);
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw e;
  }
}

/** What a waiting file reads: the result, or the error the maker threw (so waiters fail at once, with its message). */
type Outcome<T> = { ok: true; value: T } | { ok: false; error: string };

/**
 * `make(home)` once per test run for each `kind` and `key` (any JSON value), in the folder `home` it may fill; every
 * caller gets its JSON-serializable result, and a caller that waited gets the maker's error as its own. Waiting blocks
 * the caller's thread (each test file has a process of its own), so synchronous callers can use it too; `minutes`
 * bounds the wait by how long the work may take on a busy machine.
 */
export function oncePerRun<T>(kind: string, key: unknown, make: (home: string) => T, minutes = 20): { home: string; value: T } {
  const hash = createHash('sha256').update(JSON.stringify(key)).digest('hex').slice(0, 16);
  const parent = runFolder(kind);
  mkdirSync(parent, { recursive: true });
  const home = join(parent, hash);
  const result = join(home, 'result.json');
  if (claim(home)) {
    let outcome: Outcome<T>;
    try {
      outcome = { ok: true, value: make(home) };
    } catch (e) {
      outcome = { ok: false, error: e instanceof Error ? e.message : String(e) };
    }
    writeFileSync(`${result}.tmp`, JSON.stringify(outcome));
    renameSync(`${result}.tmp`, result);
    if (!outcome.ok) throw new Error(outcome.error);
    return { home, value: outcome.value };
  }
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (const deadline = Date.now() + minutes * 60_000; !existsSync(result); Atomics.wait(pause, 0, 0, 100))
    if (Date.now() > deadline) throw new Error(`${kind} ${home} (made once per run by another test file) did not finish in ${minutes} minutes`);
  const outcome = JSON.parse(readFileSync(result, 'utf8')) as Outcome<T>;
  if (!outcome.ok) throw new Error(outcome.error);
  return { home, value: outcome.value };
}

/** The kinds of heavy work the run's log counts. */
export type HeavyWork = 'astro build' | 'npm run artifacts' | 'in-process artifacts' | 'Chromium launch' | 'npm pack';

/** The file the run's heavy work is logged in (one `kind<TAB>test file` line each). */
export const heavyLog = (runDir: string) => join(runDir, 'heavy-work.log');

/** Logs one piece of heavy work for the test file that runs it (outside a vitest run, nothing). */
export function logHeavy(kind: HeavyWork): void {
  const dir = process.env.MARU_TEST_RUN_DIR;
  if (!dir) return;
  const file = expect.getState().testPath;
  appendFileSync(heavyLog(dir), `${kind}\t${file ? relative(ROOT, file) : '?'}\n`);
}

// The test suite's time per layer of the pyramid, from vitest's JSON report: where a slower `npm test` comes from.
import { relative } from 'node:path';

export interface VitestResults {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  startTime: number;
  testResults: { name: string; startTime: number; endTime: number }[];
}

/**
 * Where test/file-times-reporter.ts writes each file's own time, hooks included (`startTime` and `testResults` as in
 * `VitestResults`): vitest's JSON report times a file from its first test to its last, without its `beforeAll`.
 */
export const FILE_TIMES = 'test-results/file-times.json';

/** Layers from the bottom of the pyramid up, each by where its files live; the first that matches names a file's layer. */
const LAYERS: [layer: string, test: (path: string) => boolean][] = [
  ['unit', (p) => /^src\/(lib|markdown)\//.test(p)],
  ['browser', (p) => p.startsWith('test/browser/')],
  ['server', (p) => p.startsWith('mcp/') || p.startsWith('test/mcp/') || p.startsWith('test/security/server-')],
  ['corpora', (p) => p.startsWith('test/markdown/')],
  ['package', (p) => p === 'test/package.test.ts'],
  ['build and the rest', () => true],
];

/** One line: each layer's files, and the time they ran (summed per file: two files run at once, so the sum passes the wall time). */
export function layerTimes(results: VitestResults, root = process.cwd()): string {
  const sums = new Map<string, { files: number; ms: number }>(LAYERS.map(([layer]) => [layer, { files: 0, ms: 0 }]));
  let end = results.startTime;
  for (const file of results.testResults) {
    const path = relative(root, file.name);
    const layer = LAYERS.find(([, test]) => test(path))![0];
    const sum = sums.get(layer)!;
    sum.files++;
    sum.ms += file.endTime - file.startTime;
    end = Math.max(end, file.endTime);
  }
  const s = (ms: number) => `${Math.round(ms / 1000)} s`;
  const parts = [...sums].filter(([, v]) => v.files).map(([layer, v]) => `${layer} ${s(v.ms)} (${v.files} file${v.files === 1 ? '' : 's'})`);
  return `time per layer: ${parts.join(', ')}; wall ${s(end - results.startTime)}`;
}

/**
 * The run's log of heavy work (one `kind<TAB>test file` line each, test/helpers/once-per-run.ts) as one line per kind,
 * the files that did most of it first: `astro build 23 (test/incremental-pages.test.ts 10, …)`.
 */
export function heavySummary(log: string): string[] {
  const byKind = new Map<string, Map<string, number>>();
  for (const line of log.split('\n')) {
    const [kind, file] = line.split('\t');
    if (!kind || !file) continue;
    const files = byKind.get(kind) ?? new Map<string, number>();
    files.set(file, (files.get(file) ?? 0) + 1);
    byKind.set(kind, files);
  }
  return [...byKind].map(([kind, files]) => {
    const total = [...files.values()].reduce((a, b) => a + b, 0);
    const list = [...files].sort(([a, x], [b, y]) => y - x || a.localeCompare(b)).map(([f, n]) => `${f} ${n}`);
    return `${kind} ${total} (${list.join(', ')})`;
  });
}

/**
 * Seconds per test file (relative to `root`), the longest first, for files that took a second or more: what
 * test/sequencer.ts orders a run by where vitest has no durations of its own (a fresh clone).
 */
export function fileDurations(results: VitestResults, root = process.cwd()): Record<string, number> {
  const seconds = results.testResults.map(
    (file) => [relative(root, file.name).split('\\').join('/'), Math.round((file.endTime - file.startTime) / 1000)] as const,
  );
  return Object.fromEntries(seconds.filter(([, s]) => s >= 1).sort(([a, x], [b, y]) => y - x || a.localeCompare(b)));
}

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

import { defineConfig } from 'vitest/config';
import LongestFirst from './test/sequencer.ts';

/** Pure logic: no processes, no files outside temp folders, no environment changes, no replaced modules (`vi.mock`). */
const UNIT = ['src/lib/**/*.test.ts', 'src/markdown/**/*.test.ts'];

export default defineConfig({
  test: {
    testTimeout: 120_000,
    hookTimeout: 300_000,
    // Builds and browsers are heavy on 2 cores; files run two at a time.
    maxWorkers: 2,
    fileParallelism: true,
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        extends: true,
        // One worker runs many unit files: they are pure logic (no processes, no environment changes), and a fresh
        // worker per file would spend most of the run spawning and importing.
        test: { name: 'unit', include: UNIT, isolate: false },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['src/**/*.test.ts', 'mcp/**/*.test.ts', 'scripts/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: UNIT,
          // The folder each run builds its sites in, removed at the end of the run.
          globalSetup: ['test/global-setup.ts'],
        },
      },
    ],
  },
});

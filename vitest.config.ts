import { defineConfig } from 'vitest/config';
import BrowserTestsFirst from './test/sequencer.ts';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'mcp/**/*.test.ts', 'scripts/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 300_000,
    // Builds and browsers are heavy on 2 cores; files run two at a time.
    maxWorkers: 2,
    fileParallelism: true,
    sequence: { sequencer: BrowserTestsFirst },
    // The folder each run builds its sites in, removed at the end of the run.
    globalSetup: ['test/global-setup.ts'],
  },
});

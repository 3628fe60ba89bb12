// Each test file's own time, hooks included, for `npm test`'s time per layer (scripts/lib/test-layers.ts). Vitest's
// JSON report times a file from its first test to its last, which leaves out the `beforeAll` hooks where the heavy
// files build their sites, install their packages and start their browsers.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';
import { FILE_TIMES } from '../scripts/lib/test-layers.ts';

export default class FileTimes implements Reporter {
  private start = Date.now();
  private files: { name: string; startTime: number; endTime: number }[] = [];

  onTestRunStart(): void {
    this.start = Date.now();
    this.files = [];
  }

  onTestModuleEnd(module: TestModule): void {
    const d = module.diagnostic();
    // The file's own time: its environment, its imports and setup files, its tests and hooks (not time queued).
    const own = d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration;
    const endTime = Date.now();
    this.files.push({ name: module.moduleId, startTime: endTime - own, endTime });
  }

  onTestRunEnd(): void {
    mkdirSync(dirname(FILE_TIMES), { recursive: true });
    writeFileSync(FILE_TIMES, `${JSON.stringify({ startTime: this.start, testResults: this.files })}\n`);
  }
}

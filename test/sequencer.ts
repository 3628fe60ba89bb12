import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Seconds per test file of a whole run (`MARU_RECORD_DURATIONS=1 npm test` rewrites it), for runs without vitest's cache. */
const DURATIONS_FILE = 'test/durations.json';

/**
 * Longest files first, so that the two workers finish together: a run that starts a one-minute file last ends with one
 * worker busy and the other idle for that minute. Vitest does this itself from the durations of the last run on this
 * machine; a fresh clone (CI) has none, and vitest's fallback, the largest files first, starts the browser tests
 * (small files over a shared suite, a build and Chromium each) and the timing checks late. There the durations a whole
 * run recorded in test/durations.json order the files, and a browser test it does not know yet goes first, the largest
 * first counting the modules of its own folder it imports. Projects keep vitest's order (integration, then unit).
 */
export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    if (files.every((spec) => this.ctx.cache.getTestSpecificationResult(spec))) return sorted;
    const root = this.ctx.config.root;
    const recorded = recordedDurations(root);
    // This machine's own last duration where vitest has one (a file run alone since), else the recorded one.
    const seconds = (spec: TestSpecification) => {
      const cached = this.ctx.cache.getTestSpecificationResult(spec)?.duration;
      return cached === undefined ? estimate(spec, root, recorded) : cached / 1000;
    };
    const weight = new Map(sorted.map((spec) => [spec, seconds(spec)]));
    const projects = [...new Set(sorted.map((spec) => spec.project.name))];
    const position = new Map(sorted.map((spec, i) => [spec, i]));
    return [...sorted].sort(
      (a, b) => projects.indexOf(a.project.name) - projects.indexOf(b.project.name) || weight.get(b)! - weight.get(a)! || position.get(a)! - position.get(b)!,
    );
  }
}

/** The recorded seconds per file (path relative to the project root); none when the file is missing or unreadable. */
function recordedDurations(root: string): Record<string, number> {
  const file = join(root, DURATIONS_FILE);
  if (!existsSync(file)) return {};
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
}

/** A browser test nobody recorded yet counts as a minute at least: each builds a site and starts Chromium. */
const UNRECORDED_BROWSER_SECONDS = 60;

/** Seconds a file is expected to take: its recorded duration, else a browser test's minute (more for a larger one), else 0. */
function estimate(spec: TestSpecification, root: string, recorded: Record<string, number>): number {
  const known = recorded[relative(root, spec.moduleId).split('\\').join('/')];
  if (known !== undefined) return known;
  if (!/[\\/]test[\\/]browser[\\/]/.test(spec.moduleId)) return 0;
  return UNRECORDED_BROWSER_SECONDS + sizeWithSiblings(spec.moduleId) / 1e6;
}

/** The file's size plus the sizes of the modules of its own folder it imports (`from './x.ts'`). */
function sizeWithSiblings(file: string): number {
  const text = readFileSync(file, 'utf8');
  let size = text.length;
  for (const m of text.matchAll(/from '\.\/([\w.-]+\.ts)'/g)) size += statSync(resolve(dirname(file), m[1]!)).size;
  return size;
}

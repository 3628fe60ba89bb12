import { readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Vitest starts the files that took longest in the last run first; without durations (a fresh clone, CI) it starts
 * the largest files first. The browser tests are the longest (a build and Chromium each), and some of them are small
 * files over a shared suite (test/browser/site-suite.ts), so size order starts them last and the run ends with one
 * worker busy for minutes. Without durations, this starts the browser tests first, the largest first counting the
 * modules of their own folder they import.
 */
export default class BrowserTestsFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    if (files.every((spec) => this.ctx.cache.getTestSpecificationResult(spec))) return sorted;
    const browser = (spec: TestSpecification) => /[\\/]test[\\/]browser[\\/]/.test(spec.moduleId);
    const weight = new Map(sorted.filter(browser).map((spec) => [spec, sizeWithSiblings(spec.moduleId)]));
    return [...[...weight.keys()].sort((a, b) => weight.get(b)! - weight.get(a)!), ...sorted.filter((spec) => !browser(spec))];
  }
}

/** The file's size plus the sizes of the modules of its own folder it imports (`from './x.ts'`). */
function sizeWithSiblings(file: string): number {
  const text = readFileSync(file, 'utf8');
  let size = text.length;
  for (const m of text.matchAll(/from '\.\/([\w.-]+\.ts)'/g)) size += statSync(resolve(dirname(file), m[1]!)).size;
  return size;
}

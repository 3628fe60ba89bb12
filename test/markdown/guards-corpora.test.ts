// The pre-parse guards (src/lib/markdown/nesting.ts) must refuse no real document: every Markdown file we have (the
// example wiki, the test fixtures, the shared corpora when present) passes them.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { expect, test } from 'vitest';
import { unparsableBody } from '../../src/lib/wiki/document.ts';
import { splitFrontmatter } from '../../src/lib/wiki/frontmatter-parse.ts';
import { toContentPath } from '../../src/lib/wiki/slug.ts';
import { ROOT } from '../helpers/astro.ts';

const FOLDERS = ['content', 'test/fixtures', '../shared/corpora'].map((f) => resolve(ROOT, f)).filter((f) => existsSync(f));

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(md|markdown)$/i.test(f))
    .map((f) => join(dir, f));
}

test('no Markdown file we have is refused before parsing', () => {
  const files = FOLDERS.flatMap(markdownFiles);
  expect(files.length).toBeGreaterThan(80);
  const refused = files.flatMap((file) => {
    const split = splitFrontmatter(file, readFileSync(file, 'utf8')).file;
    const problem = split && unparsableBody(toContentPath(relative(ROOT, file)), split.body, split.bodyLine);
    return problem ? [`${problem.path}:${problem.line} ${problem.message}`] : [];
  });
  expect(refused).toEqual([]);
});

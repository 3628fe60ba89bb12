// The pre-parse guards (src/lib/markdown/nesting.ts) must refuse no real document: every Markdown file we have (the
// example wiki, the test fixtures, the corpora in test/corpora) passes them.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { expect, test } from 'vitest';
import { unparsableBody } from '../../src/lib/wiki/document.ts';
import { splitFrontmatter } from '../../src/lib/wiki/frontmatter-parse.ts';
import { toContentPath } from '../../src/lib/wiki/slug.ts';
import { ROOT } from '../helpers/astro.ts';
import { everyFile } from '../helpers/sweep.ts';

test('no Markdown file we have is refused before parsing', () => {
  const files = everyFile();
  expect(files.length).toBeGreaterThan(80);
  const refused = files.flatMap((file) => {
    const split = splitFrontmatter(file, readFileSync(file, 'utf8')).file;
    const problem = split && unparsableBody(toContentPath(relative(ROOT, file)), split.body, split.bodyLine);
    return problem ? [`${problem.path}:${problem.line} ${problem.message}`] : [];
  });
  expect(refused).toEqual([]);
});

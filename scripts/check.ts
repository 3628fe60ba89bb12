// npm run check [-- --json] [--content <dir>] [--now <date>]: content checks for reviewers; non-zero exit on errors only.
import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import { contentWarnings } from '../src/lib/wiki/content-checks.ts';
import { formatProblem, problemMessage, problemTally, sortProblems } from '../src/lib/wiki/problems.ts';
import { contentRoot } from '../src/node/collect.ts';
import { collectWikiInParallel, siteConfig } from '../src/node/wiki-build.ts';
import { relative } from 'node:path';

/** More problems than this get a line that counts them by kind. */
const TALLY_AFTER = 10;

const { values } = parseArgs({ options: { json: { type: 'boolean', default: false }, content: { type: 'string' }, now: { type: 'string' } } });
const root = values.content ? resolve(values.content) : contentRoot();
const config = siteConfig();
// A large wiki is parsed on every core (`MARU_THREADS`), as in a build; the checks see the same wiki either way.
const wiki = (await collectWikiInParallel(root, config, '/')).wiki!;
const problems = sortProblems([
  ...wiki.problems,
  ...contentWarnings(wiki, { staleAfterDays: config.staleAfterDays, now: values.now ?? new Date().toISOString() }),
]);
const errors = problems.filter((p) => p.severity === 'error');
const warnings = problems.filter((p) => p.severity === 'warning');
const shown = relative(process.cwd(), root) || '.';

if (values.json) {
  console.log(
    JSON.stringify(
      {
        root: shown,
        documents: wiki.documents.length,
        errors: errors.length,
        warnings: warnings.length,
        problems: problems.map(({ see: _see, ...p }) => ({
          ...p,
          path: `${shown}/${p.path}`,
          message: problemMessage({ ...p, ...(_see ? { see: _see } : {}) }, shown),
        })),
      },
      null,
      2,
    ),
  );
} else {
  for (const p of errors) console.log(`오류 ${formatProblem(p, shown)}`);
  for (const p of warnings) console.log(`경고 ${formatProblem(p, shown)}`);
  // A folder moved from another tool lists hundreds of lines; what kinds they are shows first what to fix.
  if (problems.length > TALLY_AFTER) console.log(problemTally(problems));
  console.log(`문서 ${wiki.documents.length}개 검사: 오류 ${errors.length}개, 경고 ${warnings.length}개`);
}
// exitCode, not exit(): a long --json report to a pipe is written asynchronously and exit() would cut it off.
process.exitCode = errors.length ? 1 : 0;

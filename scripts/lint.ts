// `npm run lint`: ESLint (boundaries included), the Prettier check and knip. Every gate runs, and the summary
// names each one that failed. MARU_FORMAT_CHECK=0 leaves the Prettier check out (for a quick look while editing).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { astroSync } from './lib/astro-sync.ts';

const GATES: [name: string, command: string, args: string[]][] = [
  ['eslint', 'eslint', ['--max-warnings', '0', '.']],
  ['knip', 'knip', ['--no-progress']],
  ['prettier', 'prettier', ['--check', '--log-level', 'warn', '.']],
  // publint and Are the Types Wrong over what `npm pack` makes (scripts/lint-package.ts).
  ['package', process.execPath, ['scripts/lint-package.ts']],
];

// ESLint's type-aware rules read Astro's generated types, which a fresh clone does not have until astro writes them.
if (!existsSync('.astro/types.d.ts')) {
  console.error('lint: no .astro/types.d.ts yet; running astro sync first');
  const status = astroSync();
  if (status !== 0) process.exit(status);
}

const skipFormat = process.env.MARU_FORMAT_CHECK === '0';
const failed: string[] = [];
for (const [name, command, args] of GATES) {
  if (name === 'prettier' && skipFormat) {
    console.error('lint: prettier check skipped (MARU_FORMAT_CHECK=0)');
    continue;
  }
  const run = spawnSync(command, args, { stdio: 'inherit' });
  if (run.status !== 0) failed.push(name === 'prettier' ? 'prettier (run `npm run format` to fix)' : name);
}
console.error(failed.length ? `lint failed: ${failed.join(', ')}` : 'lint passed');
process.exit(failed.length ? 1 : 0);

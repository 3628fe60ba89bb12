// `npm run typecheck`: `astro check` (the .astro files, after Astro writes its generated types to .astro/), then
// `tsc --noEmit` over everything. `--no-sync` leaves Astro's type generation out, for a caller that has just run
// `astro sync` and lints beside this (npm test): a second sync would rewrite the types while ESLint reads them.
import { spawnSync } from 'node:child_process';

const noSync = process.argv.includes('--no-sync');
const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' };
const steps: [command: string, args: string[]][] = [
  ['astro', ['check', '--minimumSeverity', 'warning', ...(noSync ? ['--noSync'] : [])]],
  ['tsc', ['--noEmit', '-p', 'tsconfig.json']],
];
for (const [command, args] of steps) {
  const run = spawnSync(command, args, { stdio: 'inherit', env });
  if (run.status !== 0) process.exit(run.status ?? 1);
}

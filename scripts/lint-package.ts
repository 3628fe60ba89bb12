// The package as npm publishes it (`npm pack`, which builds lib/ first), checked by publint (package.json fields against
// the files) and Are the Types Wrong (what `import … from 'maru'` resolves to, types included). Part of `npm run lint`.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dir = mkdtempSync(join(tmpdir(), 'maru-lint-package-'));
const bin = (name: string) => join(import.meta.dirname, '..', 'node_modules', '.bin', name);
try {
  const pack = spawnSync('npm', ['pack', '--silent', '--pack-destination', dir], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  if (pack.status !== 0) process.exit(pack.status ?? 1);
  const tarball = join(dir, pack.stdout.trim().split('\n').at(-1)!);
  spawnSync('tar', ['xzf', tarball, '-C', dir]);
  // ESM only, on purpose (the Node Maru needs imports it from CommonJS too): the esm-only profile leaves out the CommonJS checks.
  const checks: [string, string[]][] = [
    ['publint', ['--strict', '--pack', 'false', join(dir, 'package')]],
    ['attw', [tarball, '--profile', 'esm-only', '--format', 'table-flipped']],
  ];
  let failed = 0;
  for (const [name, args] of checks) failed += spawnSync(bin(name), args, { stdio: 'inherit' }).status === 0 ? 0 : 1;
  process.exitCode = failed ? 1 : 0;
} finally {
  rmSync(dir, { recursive: true, force: true });
}

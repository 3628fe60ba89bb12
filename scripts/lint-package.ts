// The package as npm publishes it (`npm pack`, which builds lib/ first; kept by the checkout's state), checked by publint
// (package.json fields against the files) and Are the Types Wrong (what `import … from 'maru'` resolves to, types
// included). Part of `npm run lint`.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { packCached } from './lib/pack-cache.ts';

const dir = mkdtempSync(join(tmpdir(), 'maru-lint-package-'));
const bin = (name: string) => join(import.meta.dirname, '..', 'node_modules', '.bin', name);
try {
  // Kept for the package test, which packs the same checkout next in `npm test` (scripts/lib/pack-cache.ts).
  let tarball: string;
  try {
    tarball = packCached(join(import.meta.dirname, '..'), dir).tarball;
  } catch (e) {
    console.error((e as Error).message);
    process.exit(1);
  }
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

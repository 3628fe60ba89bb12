import { spawnSync } from 'node:child_process';

/**
 * `astro sync` with telemetry off: Astro writes its generated types to .astro/, which astro check, tsc and ESLint's
 * type-aware rules read. Returns its exit status.
 */
export function astroSync(): number {
  return spawnSync('astro', ['sync'], { stdio: 'inherit', env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' } }).status ?? 1;
}

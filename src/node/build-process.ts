import { spawnSync, type SpawnSyncOptionsWithStringEncoding, type SpawnSyncReturns } from 'node:child_process';
import { join } from 'node:path';

/**
 * V8 flags of every `astro build` Maru starts (`npm run build`, `npm start`, the tests and benchmarks): a young
 * generation of 64 MiB semi-spaces instead of V8's 16. A build makes millions of short-lived objects (syntax trees,
 * tokens, HTML strings); with small semi-spaces too many survive two scavenges, are promoted, and are then collected
 * by the costly old-generation collector; a large build spends about a fifth less time (`bench/results.md`).
 * `NODE_OPTIONS` set by the caller comes after these, so its own value of the same flag wins.
 */
export const BUILD_NODE_OPTIONS = '--max-semi-space-size=64';

/** The environment of an `astro build` child: `env` with the build's V8 flags first in `NODE_OPTIONS`. */
export function buildEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const own = env.NODE_OPTIONS?.trim();
  return { ...env, NODE_OPTIONS: own ? `${BUILD_NODE_OPTIONS} ${own}` : BUILD_NODE_OPTIONS };
}

/**
 * Runs `astro build` with `args` from the project's node_modules/.bin (not npx: killing an npx wrapper leaves astro
 * running), in `options.env` (default this process's) with the build's V8 flags; its output, where captured, as text.
 */
export function spawnAstroBuild(args: readonly string[], options: Omit<SpawnSyncOptionsWithStringEncoding, 'encoding'> = {}): SpawnSyncReturns<string> {
  const astro = join('node_modules', '.bin', process.platform === 'win32' ? 'astro.cmd' : 'astro');
  return spawnSync(astro, ['build', ...args], { ...options, encoding: 'utf8', env: buildEnv(options.env ?? process.env) });
}

import { spawnSync, type SpawnSyncOptionsWithStringEncoding, type SpawnSyncReturns } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';

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
  // A team's maru.config.ts is loaded by Node itself, which strips types by default only from 22.18 on.
  const flags = process.features.typescript ? BUILD_NODE_OPTIONS : `${BUILD_NODE_OPTIONS} --experimental-strip-types`;
  const own = env.NODE_OPTIONS?.trim();
  return { ...env, NODE_OPTIONS: own ? `${flags} ${own}` : flags };
}

/** Maru's Astro project file: in this checkout, or in the installed package (`lib/astro.config.mjs`). */
export const ASTRO_CONFIG = resolve(import.meta.dirname, '../../astro.config.mjs');

/**
 * The options that make the folder `root` (the team's) the Astro project and Maru's config (pages, components, the
 * integration) its site: the options a command adds unless it was given a `--root` or `--config` of its own.
 * Astro reads `--config` relative to `--root`.
 */
export function projectArgs(args: readonly string[], root = process.cwd()): string[] {
  if (args.some((a) => a === '--root' || a === '--config' || a.startsWith('--root=') || a.startsWith('--config='))) return [...args];
  return ['--root', root, '--config', relative(root, ASTRO_CONFIG), ...args];
}

/** Astro's command-line script, from the dependencies Maru was installed with (not the caller's `.bin`, which may lack it). */
export function astroBin(): string {
  return join(dirname(createRequire(import.meta.url).resolve('astro/package.json')), 'bin', 'astro.mjs');
}

/**
 * Runs `astro build` with `args` (Maru's project options added: `projectArgs`) by Node itself (not npx: killing an
 * npx wrapper leaves astro running), in `options.env` (default this process's) with the build's V8 flags; its output, where captured, as text.
 */
export function spawnAstroBuild(args: readonly string[], options: Omit<SpawnSyncOptionsWithStringEncoding, 'encoding'> = {}): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, [astroBin(), 'build', ...projectArgs(args, resolve(String(options.cwd ?? '.')))], {
    ...options,
    encoding: 'utf8',
    env: buildEnv(options.env ?? process.env),
  });
}

import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildEnv } from '../../src/node/build-process.ts';
import { ownRoot, runFolder } from '../helpers/astro.ts';
import { serve, type StaticServer } from './serve.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SITES = runFolder('sites');

/** Vitest exports Vite's BASE_URL, MODE, DEV, PROD and SSR into process.env; a child Astro build must not inherit them. */
function cleanEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const key of ['BASE_URL', 'MODE', 'DEV', 'PROD', 'SSR', 'VITEST', 'VITEST_MODE', 'VITEST_POOL_ID', 'VITEST_WORKER_ID', 'NODE_ENV']) delete env[key];
  return env;
}

/** A built and served copy of the site. */
export interface BuiltSite extends StaticServer {
  dir: string;
  base: string;
  /** Absolute URL of a base-relative path. */
  url: (path?: string) => string;
  dispose: () => Promise<void>;
}

/** Builds the site (in a child process, into a temp folder) and serves it on 127.0.0.1. */
export async function buildAndServe(base: string, env: Record<string, string> = {}): Promise<BuiltSite> {
  // Inside the project: Astro puts its server chunks in `<outDir>/.prerender` only when outDir is under the cwd,
  // otherwise in the shared `./.astro/.prerender`, where a concurrent build would overwrite them.
  mkdirSync(SITES, { recursive: true });
  const tmp = mkdtempSync(join(SITES, 'site-'));
  const dir = join(tmp, 'dist');
  const run = spawnSync(process.execPath, [join(ROOT, 'test/browser/build-site.ts'), dir, join(tmp, 'cache'), ownRoot()], {
    cwd: ROOT,
    env: buildEnv({ ...cleanEnv(), BASE_PATH: base, ...env }),
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`astro build failed (base ${base}):\n${run.stdout}\n${run.stderr}`);
  const server = await serve(dir, base);
  return {
    ...server,
    dir,
    base,
    url: (path = '') => `${server.origin}${base}${path}`,
    dispose: async () => {
      await server.close();
      rmSync(tmp, { recursive: true, force: true });
    },
  };
}

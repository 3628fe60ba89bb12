import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { runFolder, sharedBuild } from '../helpers/astro.ts';
import { serve, type StaticServer } from './serve.ts';

/** A built and served copy of the site. */
export interface BuiltSite extends StaticServer {
  dir: string;
  base: string;
  /** Absolute URL of a base-relative path. */
  url: (path?: string) => string;
  dispose: () => Promise<void>;
}

/**
 * Builds the site with `npm run build` (base `base`, environment `env`) and serves it on 127.0.0.1. Test files that ask
 * for the same base and environment share one build of this run (`sharedBuild`), which they must only read; `writable`
 * serves a copy of its own instead, for a test that changes the files.
 */
export async function buildAndServe(base: string, env: Record<string, string> = {}, { writable = false } = {}): Promise<BuiltSite> {
  const build = await sharedBuild(base, env);
  if (build.status !== 0) throw new Error(`astro build failed (base ${base}):\n${build.output}`);
  let dir = build.dir;
  if (writable) {
    mkdirSync(runFolder('sites'), { recursive: true });
    dir = join(mkdtempSync(join(runFolder('sites'), 'site-')), 'dist');
    cpSync(build.dir, dir, { recursive: true });
  }
  const server = await serve(dir, base);
  return {
    ...server,
    dir,
    base,
    url: (path = '') => `${server.origin}${base}${path}`,
    dispose: async () => {
      await server.close();
      if (writable) rmSync(join(dir, '..'), { recursive: true, force: true });
    },
  };
}

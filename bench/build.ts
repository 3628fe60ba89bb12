// Build-time share of Maru's artifacts: the full `astro build` against the same pages built without `_wiki/*`.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, mkdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { spawnAstroBuild } from '../src/node/build-process.ts';

/** What the artifacts add to the build output besides the pages (written by `astro:build:done`). */
const ARTIFACT_PATHS = [/^_wiki\//, /^llms\.txt$/, /^llms-full\.txt$/];

/**
 * Runs `astro build` of `contentDir` twice, each cold (fresh outDir and MARU_CACHE_DIR under
 * node_modules/.cache/maru-bench-build): once as `npm run build` does, once with `MARU_SKIP_ARTIFACTS=1`,
 * where the integration hands the pages the catalog alone and emits no `_wiki/*`, llms*.txt or search index.
 * Both builds still parse the wiki (pages need its catalog, relations and backlinks), so `fullMs - withoutArtifactsMs`
 * is the cost of emitting and writing the artifacts. Throws unless both builds produced the same pages, byte for byte.
 * `ratio` is fullMs / withoutArtifactsMs (issue 6's target: ≤ 1.5).
 */
export function buildShare(contentDir: string): { fullMs: number; withoutArtifactsMs: number; ratio: number } {
  const root = resolve('node_modules/.cache/maru-bench-build');
  const fullDist = join(root, 'full', 'dist');
  const bareDist = join(root, 'without-artifacts', 'dist');
  const fullMs = timedBuild(resolve(contentDir), fullDist, {});
  const withoutArtifactsMs = timedBuild(resolve(contentDir), bareDist, { MARU_SKIP_ARTIFACTS: '1' });
  comparePages(fullDist, bareDist);
  return { fullMs, withoutArtifactsMs, ratio: fullMs / withoutArtifactsMs };
}

/** One cold `astro build` (own outDir and Astro cache, both emptied first); wall time in ms. */
function timedBuild(content: string, out: string, env: Record<string, string>): number {
  const cache = join(out, '..', 'cache');
  rmSync(out, { recursive: true, force: true });
  rmSync(cache, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const childEnv: NodeJS.ProcessEnv = { ...process.env, WIKI_CONTENT_DIR: content, MARU_CACHE_DIR: cache, ...env };
  if (!env.MARU_SKIP_ARTIFACTS) delete childEnv.MARU_SKIP_ARTIFACTS;
  const t = performance.now();
  const r = spawnAstroBuild(['--outDir', out], {
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 1 << 26,
  });
  const ms = performance.now() - t;
  if (r.status !== 0) throw new Error(`astro build failed (${env.MARU_SKIP_ARTIFACTS ? 'without artifacts' : 'full'}): ${(r.stderr || r.stdout).slice(-2000)}`);
  if (env.MARU_SKIP_ARTIFACTS && !/MARU_SKIP_ARTIFACTS=1: pages built from the catalog alone/.test(r.stdout + r.stderr)) {
    throw new Error('astro build ignored MARU_SKIP_ARTIFACTS=1 (src/integrations/maru.ts has no such switch?)');
  }
  return ms;
}

/** Throws unless both outputs hold the same pages and assets with the same bytes, and only the full one has artifacts. */
function comparePages(fullDist: string, bareDist: string): void {
  const full = hashes(fullDist);
  const bare = hashes(bareDist);
  const isArtifact = (p: string) => ARTIFACT_PATHS.some((re) => re.test(p));
  if (![...full.keys()].some(isArtifact)) throw new Error(`the full build wrote no _wiki/* artifacts in ${fullDist}`);
  const leaked = [...bare.keys()].filter(isArtifact);
  if (leaked.length) throw new Error(`the build without artifacts still wrote ${leaked.slice(0, 5).join(', ')}`);
  const pages = [...full.keys()].filter((p) => !isArtifact(p));
  const missing = pages.filter((p) => !bare.has(p));
  const extra = [...bare.keys()].filter((p) => !full.has(p));
  const differ = pages.filter((p) => bare.has(p) && bare.get(p) !== full.get(p));
  if (missing.length || extra.length || differ.length) {
    throw new Error(
      `the two builds differ besides the artifacts: missing ${missing.slice(0, 5).join(', ') || '-'}; extra ${extra.slice(0, 5).join(', ') || '-'}; different ${differ.slice(0, 5).join(', ') || '-'} (${differ.length} files)`,
    );
  }
}

function hashes(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!e.isFile()) continue;
    const full = join(e.parentPath, e.name);
    out.set(relative(dir, full).split('\\').join('/'), createHash('sha256').update(readFileSync(full)).digest('hex'));
  }
  return out;
}

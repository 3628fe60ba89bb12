import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { logHeavy, oncePerRun, runFolder } from './once-per-run.ts';

const ROOT = resolve(import.meta.dirname, '../..');

/**
 * Runs `npm run build` (`scripts/build.ts`: `astro build` with the build's V8 flags) of this project into `outDir`, in a
 * project root of its own (`ownRootArgs`, returned as `root`), with its own content-layer cache unless `env` names one
 * (`MARU_CACHE_DIR`); returns exit code and output, without colour codes: CI forces colour (FORCE_COLOR), and tests read
 * the words, not the escape codes around them.
 */
export function astroBuild(outDir: string, env: Record<string, string> = {}): { status: number | null; output: string; root: string } {
  const cache = env.MARU_CACHE_DIR ?? mkdtempSync(join(tmpdir(), 'maru-cache-'));
  const root = ownRoot();
  logHeavy('astro build');
  // The script `npm run build` runs, so every build test covers it: its flags, its arguments, its exit code.
  const r = spawnSync(process.execPath, [join(ROOT, 'scripts/build.ts'), ...ownRootArgs(root), '--outDir', outDir], {
    cwd: ROOT,
    env: { ...cleanEnv(), ...env, MARU_CACHE_DIR: cache },
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  });
  return { status: r.status, output: stripVTControlCharacters(`${r.stdout}\n${r.stderr}`), root };
}

/** Vitest exports Vite's BASE_URL, MODE, DEV, PROD and SSR into process.env; a child Astro build must not inherit them. */
export function cleanEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const key of ['BASE_URL', 'MODE', 'DEV', 'PROD', 'SSR', 'VITEST', 'VITEST_MODE', 'VITEST_POOL_ID', 'VITEST_WORKER_ID', 'NODE_ENV']) delete env[key];
  return env;
}

/** A build of this test run that several test files read (`sharedBuild`): its folder, exit code and output. */
export interface SharedBuild {
  dir: string;
  status: number | null;
  output: string;
  /** The build's own project root (`ownRootArgs`). */
  root: string;
}

/**
 * `astroBuild` of the site with base `base` and environment `env`, made once per test run and shared by every test file
 * that asks for the same (`oncePerRun`). Readers must not change the files (`buildAndServe`'s `writable` copies them).
 * `WIKI_CONTENT_DIR` counts by the folder it names, however it is written.
 */
export function sharedBuild(base: string, env: Record<string, string> = {}): Promise<SharedBuild> {
  const named = { ...env, BASE_PATH: base, ...(env.WIKI_CONTENT_DIR ? { WIKI_CONTENT_DIR: resolve(ROOT, env.WIKI_CONTENT_DIR) } : {}) };
  const key = Object.entries(named).sort(([a], [b]) => a.localeCompare(b));
  const { home, value } = oncePerRun('shared-builds', key, (folder) => {
    // A failed build is a result too: every file that reads it reports the build's own output.
    const { status, output, root } = astroBuild(join(folder, 'dist'), named);
    return { status, output, root };
  });
  return Promise.resolve({ dir: join(home, 'dist'), ...value });
}

/**
 * Astro options that give one build a project root of its own (`--root`, and `--config`, which Astro reads relative to
 * it). Astro writes generated modules to `<root>/.astro/`; `content-assets.mjs` lists the content's local images, and a
 * build beside it in the same root (vitest runs two files at once) could replace it with its own between content sync
 * and bundling, leaving that page's images unresolved. Source, public files and content stay where they are.
 */
function ownRootArgs(root: string): string[] {
  return ['--root', root, '--config', relative(root, join(ROOT, 'astro.config.mjs'))];
}

/** A fresh project root for one build (see `ownRootArgs`), inside the project so Node finds its packages from there. */
function ownRoot(): string {
  const parent = runFolder('roots');
  mkdirSync(parent, { recursive: true });
  return mkdtempSync(join(parent, 'root-'));
}

/**
 * `astro build` of `content` into `out` with the cache folder `cache` (Astro's data store and page cache, Maru's
 * parse, article and index caches), at a fixed `SOURCE_DATE_EPOCH`; returns its log, and throws with the log when the
 * build fails.
 */
export function buildWithCache(content: string, out: string, cache: string): string {
  const { status, output } = astroBuild(out, { WIKI_CONTENT_DIR: content, MARU_CACHE_DIR: cache, SOURCE_DATE_EPOCH: '1767225600' });
  if (status !== 0) throw new Error(`astro build failed:\n${output}`);
  return output;
}

/** Every file under `dir` (relative path → bytes), to compare two builds' output byte for byte. */
export function filesOf(dir: string): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  for (const f of readdirSync(dir, { recursive: true, encoding: 'utf8' })) if (statSync(join(dir, f)).isFile()) out.set(f, readFileSync(join(dir, f)));
  return out;
}

/** A fresh output folder for an Astro build, in this test run's folder (removed when the run ends). */
export function buildDir(prefix = 'dist-'): string {
  const parent = runFolder('builds');
  mkdirSync(parent, { recursive: true });
  return mkdtempSync(join(parent, prefix));
}

/** A fresh temporary folder. */
export function tempDir(prefix = 'maru-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export { ROOT, runFolder };

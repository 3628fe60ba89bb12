// `npm pack` of a package of this checkout, kept by a hash of the checkout's files: `npm test` packs the same sources
// twice, for `npm run lint` (publint and Are the Types Wrong, scripts/lint-package.ts) and for the package test
// (test/package.test.ts), and each pack builds lib/ first (its prepack: tsc and the site's modules).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');
const CACHE = join(ROOT, 'node_modules/.cache/maru-pack');

/**
 * A hash of every file of the checkout that git tracks or would track (ignored ones aside: lib/, node_modules/, builds),
 * by path and content: whatever a pack could read. Any change, to a test as much as to a source, makes a new pack.
 */
export function checkoutHash(root = ROOT): string {
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8', maxBuffer: 1 << 26 });
  if (listed.status !== 0) throw new Error(`git ls-files failed in ${root}: ${listed.stderr}`);
  const hash = createHash('sha256');
  for (const path of [...new Set(listed.stdout.split('\0').filter(Boolean))].sort()) {
    const file = join(root, path);
    // A file deleted but still in git's index is listed too: its absence is part of the state.
    hash.update(`${path}\0${existsSync(file) ? createHash('sha256').update(readFileSync(file)).digest('hex') : 'deleted'}\0`);
  }
  return hash.digest('hex').slice(0, 24);
}

/**
 * The tarball `npm pack` makes of the package in `dir` (this checkout's root or a package under it), copied into `dest`;
 * packed only when no pack of the same checkout state is cached. Throws with npm's output when the pack fails.
 */
export function packCached(dir: string, dest: string, env: NodeJS.ProcessEnv = process.env): { tarball: string; packed: boolean } {
  const name = relative(ROOT, resolve(dir)) || '.';
  const home = join(CACHE, checkoutHash(), createHash('sha256').update(name).digest('hex').slice(0, 8));
  let packed = false;
  if (!existsSync(home)) {
    mkdirSync(CACHE, { recursive: true });
    const fresh = mkdtempSync(join(CACHE, 'packing-'));
    const r = spawnSync('npm', ['pack', '--silent', '--pack-destination', fresh], { cwd: dir, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    if (r.status !== 0) {
      rmSync(fresh, { recursive: true, force: true });
      throw new Error(`npm pack failed in ${dir} (exit ${r.status}):\n${r.stderr}`);
    }
    // Packs of older states of the checkout are never asked for again.
    for (const old of readdirSync(CACHE))
      if (!old.startsWith('packing-') && old !== basename(join(home, '..'))) rmSync(join(CACHE, old), { recursive: true, force: true });
    mkdirSync(join(home, '..'), { recursive: true });
    try {
      renameSync(fresh, home);
    } catch {
      // Another process cached the same pack meanwhile: its copy is as good.
      rmSync(fresh, { recursive: true, force: true });
    }
    packed = true;
  }
  const file = readdirSync(home).find((f) => f.endsWith('.tgz'));
  if (!file) throw new Error(`the cached pack ${home} holds no tarball`);
  mkdirSync(dest, { recursive: true });
  copyFileSync(join(home, file), join(dest, file));
  return { tarball: join(dest, file), packed };
}

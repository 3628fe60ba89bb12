import { existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';

/** What Astro keeps when it empties an output folder (`emptyDir(outDir, new Set(['.git']))`), kept here too. */
const KEPT_IN_OUTPUT = ['.git'];

/**
 * The output folder an `astro build` with `args` writes: `--outDir` (relative to `--root`, as Astro resolves it),
 * else `dist` under the root. Maru's config sets no `outDir`.
 */
export function outDirOf(args: readonly string[], cwd = process.cwd()): string {
  const flag = (name: string): string | undefined => {
    const i = args.findIndex((a) => a === name || a.startsWith(`${name}=`));
    if (i < 0) return undefined;
    return args[i] === name ? args[i + 1] : args[i]!.slice(name.length + 1);
  };
  return resolve(cwd, flag('--root') ?? '.', flag('--outDir') ?? 'dist');
}

/** `args` with the output folder replaced by `outDir` (absolute). */
export function withOutDir(args: readonly string[], outDir: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--outDir') i++;
    else if (!args[i]!.startsWith('--outDir=')) out.push(args[i]!);
  }
  return [...out, '--outDir', outDir];
}

/**
 * Runs `build` into a folder beside `target` and puts the result in place only when it succeeds. Astro empties its
 * output folder before it renders the pages, so a build that failed on a page left half a site with no `_wiki/`
 * where the last good one was. Returns what `build` returned; `target` is untouched unless that is true.
 */
export function buildStaged(target: string, build: (outDir: string) => boolean): boolean {
  const staging = join(dirname(target), `.${basename(target)}.maru-building`);
  const previous = join(dirname(target), `.${basename(target)}.maru-previous`);
  // Left by a build that was killed: a half-built folder is nobody's output, and a last good one still put aside goes back.
  rmSync(staging, { recursive: true, force: true });
  if (existsSync(previous) && !existsSync(target)) renameSync(previous, target);
  rmSync(previous, { recursive: true, force: true });
  let ok = false;
  try {
    ok = build(staging);
    if (ok) swapIn(staging, target, previous);
    return ok;
  } finally {
    if (!ok) rmSync(staging, { recursive: true, force: true });
  }
}

function swapIn(staging: string, target: string, previous: string): void {
  if (!existsSync(target)) return renameSync(staging, target);
  for (const name of KEPT_IN_OUTPUT) if (existsSync(join(target, name))) renameSync(join(target, name), join(staging, name));
  try {
    renameSync(target, previous);
  } catch {
    // A folder that cannot be renamed (a mount point, a volume): its contents are replaced instead.
    for (const name of readdirSync(target)) rmSync(join(target, name), { recursive: true, force: true });
    for (const name of readdirSync(staging)) renameSync(join(staging, name), join(target, name));
    rmSync(staging, { recursive: true, force: true });
    return;
  }
  renameSync(staging, target);
  rmSync(previous, { recursive: true, force: true });
}

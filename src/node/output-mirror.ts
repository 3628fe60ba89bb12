import { linkSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';

/**
 * The artifacts of the last build, kept under the cache folder, so that a build hard-links each file whose bytes did
 * not change instead of writing a new one. At 10,000 documents a build writes about 34,000 artifact files, and on
 * ext4 creating that many files soon after as many were deleted (the previous output) costs seconds of system time
 * that vary from run to run; a hard link allocates no inode. Only the changed files are written.
 *
 * Safe against damage and against other builds sharing the cache folder: a link is checked by reading back what it
 * points at (the build's own path, whose file nobody else replaces), and a file is never changed in place: a new
 * version is written beside the old one and renamed over it, so the links of an earlier output keep their bytes.
 * Where hard links are not possible (another file system, a file system without them), files are written as before.
 */
export interface OutputMirror {
  /**
   * Puts `text` (or bytes) at `target` (inside a folder that exists), the artifact `path` of this build (relative,
   * `/`-separated). Bytes may be given as a function with `same`, which tells the last build's file is right without
   * them: they are then made only when written (a gzip copy, checked by inflating the old one, which costs a fraction).
   */
  place: (target: string, path: string, text: string | Uint8Array | (() => Uint8Array), same?: (kept: Buffer) => boolean) => void;
  /** Removes what the mirror holds of paths this build did not place; returns how many files it removed. */
  prune: () => number;
  /** Files linked from the last build, and files written (new or changed, or where links are not possible). */
  readonly counts: { linked: number; written: number };
}

export function openOutputMirror(dir: string): OutputMirror {
  const placed = new Set<string>();
  const made = new Set<string>();
  const counts = { linked: 0, written: 0 };
  let linking = true;
  const mirrored = (path: string) => join(dir, ...path.split('/'));
  const folder = (file: string) => {
    const parent = dirname(file);
    if (!made.has(parent)) {
      mkdirSync(parent, { recursive: true });
      made.add(parent);
    }
  };
  const write = (target: string, text: string | Uint8Array) => {
    // Replaced, not written over: the file there may be a link into the mirror from an earlier build.
    rmSync(target, { force: true });
    writeFileSync(target, text);
    counts.written++;
  };
  return {
    counts,
    place: (target, path, given, same) => {
      placed.add(path);
      let made: string | Uint8Array | undefined;
      const content = () => (made ??= typeof given === 'function' ? given() : given);
      if (!linking) return write(target, content());
      const kept = mirrored(path);
      if (tryLink(kept, target)) {
        const held = () => readFileSync(target);
        if (typeof given === 'string' ? readFileSync(target, 'utf8') === given : same ? same(held()) : held().equals(content() as Uint8Array)) {
          counts.linked++;
          return;
        }
        unlinkSync(target);
      }
      const text = content();
      // A new version, linked while it is still this build's own file, then renamed over the old one.
      const fresh = `${kept}.${process.pid}.tmp`;
      try {
        folder(kept);
        writeFileSync(fresh, text);
        linkSync(fresh, target);
        renameSync(fresh, kept);
        counts.written++;
      } catch (error) {
        // Whatever went wrong with the mirror (another build pruned it, links are not possible), the output is written.
        rmSync(fresh, { force: true });
        if (LINKS_IMPOSSIBLE.has((error as NodeJS.ErrnoException).code ?? '')) linking = false;
        write(target, text);
      }
    },
    prune: () => {
      if (!linking) return 0;
      let removed = 0;
      let names: string[];
      try {
        names = readdirSync(dir, { recursive: true, encoding: 'utf8' });
      } catch {
        return 0;
      }
      for (const name of names) {
        const path = name.split(sep).join('/');
        if (placed.has(path)) continue;
        const file = join(dir, name);
        // Folders are left: they hold files of this build, or are empty and cost nothing.
        try {
          unlinkSync(file);
          removed++;
        } catch {
          // a folder, or already gone (another build pruning the same mirror)
        }
      }
      return removed;
    },
  };
}

/** Links `from` to `to` (replacing a file there); false when `from` is missing or a link is not possible here. */
function tryLink(from: string, to: string): boolean {
  try {
    linkSync(from, to);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    if (code === 'EEXIST') {
      // An earlier build's file at the target: removed, never written over (it may be a link into the mirror).
      unlinkSync(to);
      return tryLink(from, to);
    }
    if (code === 'ENOENT' || LINKS_IMPOSSIBLE.has(code)) return false;
    throw error;
  }
}

/** Errors that say hard links cannot be made between these places (not that something is wrong with the output). */
const LINKS_IMPOSSIBLE = new Set(['EXDEV', 'EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'EMLINK', 'ENOSYS']);

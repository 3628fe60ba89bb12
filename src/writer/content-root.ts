import { lstat, mkdir, readFile, realpath, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isSafeContentPath } from '../lib/write/remember.ts';
import { WriteRefused } from '../lib/write/protocol.ts';
import { sha256 } from '../node/hash.ts';
import { isInside } from '../node/paths.ts';

/** The content folder, realpath'd once, so every later check compares real paths. */
export async function openContentRoot(dir: string): Promise<string> {
  try {
    const root = await realpath(dir);
    if (!(await lstat(root)).isDirectory()) throw new Error('not a folder');
    return root;
  } catch {
    throw new Error(`--allow-write ${dir}: the content folder does not exist or is not a folder. Pass the wiki's content folder (e.g. ./content).`);
  }
}

/**
 * The real path to write `rel` to, creating missing folders one at a time. Every existing folder on the way is
 * realpath'd and must stay inside the root (a symlinked folder pointing elsewhere is refused), and the file
 * itself must not be a symlink.
 */
export async function resolveTarget(root: string, rel: string): Promise<string> {
  if (!isSafeContentPath(rel))
    throw new WriteRefused(
      `Refusing to write "${rel.slice(0, 200)}": the path must be relative, end in .md and stay inside the content folder (no "..", no absolute paths).`,
    );
  const segments = rel.split('/');
  const file = segments.pop()!;
  let dir = root;
  for (const segment of segments) {
    const next = join(dir, segment);
    const stat = await lstat(next).catch(() => undefined);
    if (!stat) {
      await mkdir(next).catch((e: NodeJS.ErrnoException) => {
        if (e.code !== 'EEXIST') throw e;
      });
    }
    const real = await realpath(next);
    if (!isInside(root, real)) throw new WriteRefused(`Refusing to write "${rel}": ${segments.join('/')} is a symlink that leads outside the content folder.`);
    if (!(await lstat(real)).isDirectory()) throw new WriteRefused(`Refusing to write "${rel}": ${segment} is not a folder.`);
    dir = real;
  }
  const target = join(dir, file);
  const stat = await lstat(target).catch(() => undefined);
  if (stat?.isSymbolicLink()) throw new WriteRefused(`Refusing to write "${rel}": the file is a symlink; edit the file it points to by hand.`);
  if (stat && !stat.isFile()) throw new WriteRefused(`Refusing to write "${rel}": it exists and is not a file.`);
  return target;
}

/** Creates a new file; refuses if anything already exists at the path. */
export async function writeNewFile(root: string, rel: string, text: string): Promise<void> {
  const target = await resolveTarget(root, rel);
  await writeFile(target, text, { flag: 'wx' }).catch((e: NodeJS.ErrnoException) => {
    if (e.code === 'EEXIST')
      throw new WriteRefused(`Refusing to create "${rel}": a file already exists there. Pass another title or id, or the document's external_id to update it.`);
    throw e;
  });
}

/**
 * Replaces a file only if its bytes still hash to `expectedSha` (what the server last read), so an edit made
 * on disk since then is never overwritten. Writes a temp file and renames it over the old one.
 */
export async function replaceFile(root: string, rel: string, text: string, expectedSha: string): Promise<void> {
  const target = await resolveTarget(root, rel);
  const now = await readFile(target, 'utf8').catch(() => undefined);
  if (now === undefined)
    throw new WriteRefused(
      `Refusing to update "${rel}": the file was removed from disk just now. Nothing was written. Ask the user whether it should come back.`,
    );
  if (sha256(now) !== expectedSha) throw new WriteRefused(changedMessage(rel, sha256(now)));
  const tmp = `${target}.${process.pid}.maru-tmp`;
  await writeFile(tmp, text, { flag: 'wx' });
  try {
    await rename(tmp, target);
  } catch (e) {
    await rm(tmp, { force: true });
    throw e;
  }
}

/**
 * Why an update was refused because the file changed under us, with the revision that lets a caller who has seen
 * the new text go ahead. `given` is the revision the caller passed; `stale` says read_knowledge cannot show the edit.
 */
export function changedMessage(rel: string, current: string, given?: string, stale = false): string {
  const why =
    given === undefined
      ? 'the file changed on disk since the server last read or wrote it'
      : `revision "${given.slice(0, 100)}" is not the file's current revision (it changed on disk after the version you saw)`;
  const read = stale
    ? `The content folder does not build right now, so read_knowledge still shows an older version: ask the user to check "${rel}" first`
    : 'The server has re-read the folder: read the document again with read_knowledge, merge your content into it';
  return (
    `Refusing to update "${rel}": ${why}, so saving would overwrite someone's edit. Nothing was written. ` +
    `${read}, then call remember_knowledge again with revision: "${current}" to show you have seen this version. The same call without it is refused again.`
  );
}

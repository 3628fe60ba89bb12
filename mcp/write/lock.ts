import { open, rm, stat, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { WriteRefused } from '../../src/lib/write/protocol.ts';

/** The lock file in the content folder that serialises writers across processes (add it to .gitignore). */
export const LOCK_FILE = '.maru-write.lock';
/**
 * A lock not touched for this long is left over from a crashed writer. A write on a large wiki takes longer (it parses
 * the whole folder, on the write thread), so the holder touches the file every STALE_MS / 3 while it works.
 */
const STALE_MS = 30_000;
const WAIT_MS = 15_000;

/**
 * Runs `fn` while holding `<root>/.maru-write.lock`, created with O_EXCL ('wx') so that of two server
 * processes on one folder only one scans and writes at a time; the other waits, then sees the first one's file.
 * Called on the server's main thread, whose event loop stays free while the write thread works (so the touches run).
 */
export async function withWriteLock<T>(root: string, fn: () => Promise<T>): Promise<T> {
  const path = join(root, LOCK_FILE);
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    try {
      const handle = await open(path, 'wx');
      await handle.writeFile(`${process.pid} ${new Date().toISOString()}\n`);
      await handle.close();
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const age = await stat(path).then(
        (s) => Date.now() - s.mtimeMs,
        () => 0,
      );
      if (age > STALE_MS) {
        await rm(path, { force: true });
        continue;
      }
      if (Date.now() > deadline) throw new WriteRefused(`Another writer holds ${LOCK_FILE} in the content folder; nothing was saved. Try again in a moment.`);
      await new Promise((r) => setTimeout(r, 25 + Math.random() * 50));
    }
  }
  const touch = setInterval(() => {
    const now = new Date();
    utimes(path, now, now).catch(() => undefined);
  }, STALE_MS / 3);
  try {
    return await fn();
  } finally {
    clearInterval(touch);
    await rm(path, { force: true });
  }
}

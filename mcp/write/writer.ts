import { Worker } from 'node:worker_threads';
import { loadArtifacts, type ArtifactSet } from '../artifacts.ts';
import type { ArtifactStore } from '../store.ts';
import { openContentRoot, WriteRefused } from './content-root.ts';
import { withWriteLock } from './lock.ts';
import { memorySource } from './memory-source.ts';
import type { RememberOutcome, RememberRequest } from './writer-core.ts';
import type { WorkerAnswer, WorkerReply, WorkerRequest, WorkerStart } from './write-protocol.ts';

export type { RememberOutcome, RememberRequest };

/** The write side of one server: the content folder, what the server last read of it, and the served set. */
export interface Writer {
  readonly root: string;
  /** The set to serve: rebuilt in memory after a write, until the store loads a newer build. */
  current(): ArtifactSet;
  /** Saves one document; throws WriteRefused with a message for the model. Calls run one at a time. */
  remember(request: RememberRequest): Promise<RememberOutcome>;
}

export interface WriterOptions {
  /** Commit each saved file on a branch `maru/remember-<id>`. */
  git?: boolean;
  log?: (msg: string) => void;
  /** How long the checks before a write may take (default WRITE_CHECK_LIMIT_MS). */
  checkLimitMs?: number;
}

/**
 * How long a call may spend before its file is written (reading the folder, parsing, the whole-wiki checks) before it
 * is stopped and refused. The server keeps answering meanwhile (the work runs on its own thread); the limit frees the
 * one-at-a-time write queue from a document that would hold it, while a large wiki's honest checks fit well inside.
 */
export const WRITE_CHECK_LIMIT_MS = 120_000;

/**
 * Opens the content folder for writing beside the store's build. The work runs on a worker thread
 * (`write-worker.ts`), so searches and reads from every other client are answered while a document is checked and the
 * folder rebuilt; this side queues the calls, enforces the time limit and serves the rebuilt set.
 */
export async function openWriter(dir: string, store: ArtifactStore, options: WriterOptions = {}): Promise<Writer> {
  const root = await openContentRoot(dir);
  const log = options.log ?? ((m: string) => console.error(m));
  const limit = options.checkLimitMs ?? WRITE_CHECK_LIMIT_MS;
  const base = () => store.current().manifest.base;
  let overlay: { set: ArtifactSet; over: ArtifactSet } | undefined;
  let known: [string, string][] | undefined;
  let nextId = 0;
  let queue: Promise<unknown> = Promise.resolve();

  const startThread = (): Worker => {
    const start: WorkerStart = { root, git: options.git === true, known };
    const worker = new Worker(new URL('./write-worker.ts', import.meta.url), { workerData: start });
    // An idle write thread does not keep the server process alive.
    worker.unref();
    return worker;
  };
  let thread = startThread();

  /** Sends one request; with `limitMs`, stops the thread (and refuses) unless it reports writing or answers in time. */
  const call = (message: WorkerRequest, limitMs?: number): Promise<WorkerAnswer> =>
    new Promise<WorkerAnswer>((resolve, reject) => {
      const worker = thread;
      const done = () => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
      };
      const onMessage = (reply: WorkerReply) => {
        if (reply.id !== message.id) return;
        if (reply.kind === 'writing') return clearTimeout(timer);
        done();
        resolve(reply);
      };
      const onError = (e: Error) => {
        done();
        thread = startThread();
        reject(e);
      };
      const onExit = (code: number) => onError(new Error(`the write thread stopped (exit code ${code})`));
      const timer =
        limitMs === undefined
          ? undefined
          : setTimeout(() => {
              done();
              void stop(worker).then(() =>
                reject(
                  new WriteRefused(
                    `Nothing was saved: checking the document against the wiki took longer than ${limitMs >= 1000 ? `${Math.round(limitMs / 1000)} s` : `${limitMs} ms`}, so it was stopped. ` +
                      'Split a very long document into several, or ask the user to add it in Git.',
                  ),
                ),
              );
            }, limitMs);
      worker.on('message', onMessage);
      worker.once('error', onError);
      worker.once('exit', onExit);
      worker.postMessage(message);
    });

  /** The thread's read of the folder that calls wait for: at start, and after a thread was stopped. */
  let opening: Promise<unknown> = Promise.resolve();
  /** Stops a thread that ran out of time; a new thread reads the folder. */
  const stop = async (worker: Worker) => {
    await worker.terminate();
    thread = startThread();
    open();
  };
  // A failed read is logged; the next call reads again (the thread opens on any request) and reports the error.
  const open = () => {
    opening = call({ id: nextId++, kind: 'open', base: base() }).then(apply, (e: unknown) =>
      log(`maru-mcp: the write thread could not read the content folder: ${(e as Error).message}`),
    );
  };

  /** Takes in what the thread reports besides its answer: what it may overwrite, and the rebuilt set. */
  const apply = async (reply: WorkerAnswer): Promise<WorkerAnswer> => {
    if (reply.known) known = reply.known;
    if (reply.refreshed && 'files' in reply.refreshed) {
      const over = store.current();
      try {
        overlay = { set: await loadArtifacts(memorySource(new Map(reply.refreshed.files), `${root} (in memory)`)), over };
      } catch (e) {
        log(`maru-mcp: the rebuilt content folder could not be loaded, search still serves the previous set: ${(e as Error).message}`);
      }
    }
    if (reply.kind === 'failed') throw new Error(reply.message);
    return reply;
  };

  // The first read of the folder (seconds on a large wiki) runs while the server already answers; a call waits for it.
  open();

  const rememberNow = async (request: RememberRequest): Promise<RememberOutcome> => {
    const reply = await apply(await call({ id: nextId++, kind: 'remember', base: base(), request }, limit));
    if (reply.kind === 'refused') throw new WriteRefused(reply.message);
    if (reply.kind !== 'done') throw new Error(`unexpected reply from the write thread: ${reply.kind}`);
    return reply.outcome;
  };

  return {
    root,
    current() {
      const built = store.current();
      // A build loaded after the write (npm run build) is the new truth; the in-memory set gives way to it.
      return overlay && overlay.over === built ? overlay.set : built;
    },
    remember(request) {
      // One write at a time in this process (the queue) and across processes on the folder (the lock file).
      // The lock is held here, not on the write thread: a thread stopped mid-call leaves no lock behind. It is taken
      // after the thread's read of the folder, which can take long, so another process is not kept waiting for it.
      const mine = queue.then(async () => {
        await opening;
        return withWriteLock(root, () => rememberNow(request));
      });
      queue = mine.catch(() => undefined);
      return mine;
    },
  };
}

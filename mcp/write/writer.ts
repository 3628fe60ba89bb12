import { fork, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  WriteRefused,
  type RememberOutcome,
  type RememberRequest,
  type WriterAnswer,
  type WriterReply,
  type WriterRequest,
  type WriterStart,
} from '../../src/lib/write/protocol.ts';
import { loadArtifacts, type ArtifactSet } from '../artifacts.ts';
import type { ArtifactStore } from '../store.ts';
import { withWriteLock } from './lock.ts';
import { memorySource } from './memory-source.ts';

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
  /** The writer process's entry file (default: Maru's own, `src/writer/process`, found by its path, never imported). */
  entry?: string;
}

/**
 * Maru's writer beside this server in the full package. It is found by its path and started as a process of its own,
 * so the server imports nothing that reads, checks or builds content (the light MCP package has no writer at all).
 */
function defaultEntry(): string {
  const ext = import.meta.url.endsWith('.ts') ? 'ts' : 'js';
  return fileURLToPath(new URL(`../../src/writer/process.${ext}`, import.meta.url));
}

/**
 * How long a call may spend before its file is written (reading the folder, parsing, the whole-wiki checks) before it
 * is stopped and refused. The server keeps answering meanwhile (the work runs in the writer process); the limit frees the
 * one-at-a-time write queue from a document that would hold it, while a large wiki's honest checks fit well inside.
 */
export const WRITE_CHECK_LIMIT_MS = 120_000;

/**
 * Opens the content folder for writing beside the store's build. The work runs in Maru's writer process
 * (`src/writer/process.ts`), so searches and reads from every other client are answered while a document is checked
 * and the folder rebuilt; this side queues the calls, enforces the time limit and serves the rebuilt set.
 */
export async function openWriter(dir: string, store: ArtifactStore, options: WriterOptions = {}): Promise<Writer> {
  const entry = options.entry ?? defaultEntry();
  if (!existsSync(entry))
    throw new Error(
      `--allow-write ${dir}: this installation has no writer (${entry} is missing); remember_knowledge needs the full maru package (maru mcp --allow-write <content-dir>).`,
    );
  const log = options.log ?? ((m: string) => console.error(m));
  const limit = options.checkLimitMs ?? WRITE_CHECK_LIMIT_MS;
  const base = () => store.current().manifest.base;
  let overlay: { set: ArtifactSet; over: ArtifactSet } | undefined;
  let known: [string, string][] | undefined;
  let nextId = 0;
  let queue: Promise<unknown> = Promise.resolve();

  /** Starts a writer process; resolves with it and the content folder's real path once it has checked the folder. */
  const startProcess = (): Promise<{ child: ChildProcess; root: string }> => {
    // The writer's stdout goes to this process's stderr: on stdio, this process's stdout is the protocol.
    const child = fork(entry, [], { stdio: ['ignore', 2, 2, 'ipc'], serialization: 'advanced' });
    const start: WriterStart = { kind: 'start', dir, git: options.git === true, known };
    child.send(start);
    return new Promise((resolve, reject) => {
      const onMessage = (reply: WriterReply) => {
        if (reply.kind !== 'ready' && reply.kind !== 'unusable') return;
        child.off('message', onMessage);
        child.off('exit', onExit);
        // From here an idle writer does not keep the server process alive (until then, this wait must).
        child.unref();
        child.channel?.unref();
        if (reply.kind === 'ready') resolve({ child, root: reply.root });
        else {
          child.kill();
          reject(new Error(reply.message));
        }
      };
      const onExit = (code: number | null) => reject(new Error(`--allow-write ${dir}: the writer process stopped before it started (exit code ${code})`));
      child.on('message', onMessage);
      child.once('exit', onExit);
    });
  };
  let { child: writer, root } = await startProcess();
  /** A replacement being started (after a stop or a crash); calls wait for it. */
  let starting: Promise<unknown> = Promise.resolve();
  const restart = () => {
    starting = startProcess().then(
      (started) => {
        writer = started.child;
        root = started.root;
      },
      (e: unknown) => log(`maru-mcp: the writer process could not be started again: ${(e as Error).message}`),
    );
  };

  /** Sends one request; with `limitMs`, stops the writer (and refuses) unless it reports writing or answers in time. */
  const call = (message: WriterRequest, limitMs?: number): Promise<WriterAnswer> =>
    new Promise<WriterAnswer>((resolve, reject) => {
      const worker = writer;
      const done = () => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
      };
      const onMessage = (reply: WriterReply) => {
        if (!('id' in reply) || reply.id !== message.id) return;
        if (reply.kind === 'writing') return clearTimeout(timer);
        done();
        resolve(reply);
      };
      const onError = (e: Error) => {
        done();
        restart();
        reject(e);
      };
      const onExit = (code: number | null, signal: NodeJS.Signals | null) =>
        onError(new Error(`the writer process stopped (${code === null ? `signal ${signal}` : `exit code ${code}`})`));
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
      worker.send(message);
    });

  /** The writer's read of the folder that calls wait for: at start, and after a writer was stopped. */
  let opening: Promise<unknown> = Promise.resolve();
  /** Stops a writer that ran out of time; a new one reads the folder. */
  const stop = async (worker: ChildProcess) => {
    await new Promise<void>((resolve) => {
      if (worker.exitCode !== null || worker.signalCode !== null) return resolve();
      worker.once('exit', () => resolve());
      worker.kill('SIGKILL');
    });
    restart();
    await starting;
    open();
  };
  // A failed read is logged; the next call reads again (the writer opens on any request) and reports the error.
  const open = () => {
    opening = call({ id: nextId++, kind: 'open', base: base() }).then(apply, (e: unknown) =>
      log(`maru-mcp: the writer process could not read the content folder: ${(e as Error).message}`),
    );
  };

  /** Takes in what the writer reports besides its answer: what it may overwrite, and the rebuilt set. */
  const apply = async (reply: WriterAnswer): Promise<WriterAnswer> => {
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
    if (reply.kind !== 'done') throw new Error(`unexpected reply from the writer process: ${reply.kind}`);
    return reply.outcome;
  };

  return {
    get root() {
      return root;
    },
    current() {
      const built = store.current();
      // A build loaded after the write (npm run build) is the new truth; the in-memory set gives way to it.
      return overlay && overlay.over === built ? overlay.set : built;
    },
    remember(request) {
      // One write at a time in this process (the queue) and across processes on the folder (the lock file).
      // The lock is held here, not in the writer: a writer stopped mid-call leaves no lock behind. It is taken
      // after the writer's read of the folder, which can take long, so another process is not kept waiting for it.
      const mine = queue.then(async () => {
        await starting;
        await opening;
        return withWriteLock(root, () => rememberNow(request));
      });
      queue = mine.catch(() => undefined);
      return mine;
    },
  };
}

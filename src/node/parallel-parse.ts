import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { toSourceDocument, type KeepSyntaxTree, type RawFile } from '../lib/wiki/document.ts';
import type { ParseCache, ParsedFile, WikiOptions } from '../lib/wiki/pipeline.ts';
import type { ParseWorkerData, ParseWorkerResult } from './parse-worker.ts';

/** Where the syntax trees of parsed files go: as made on this thread, or serialized by a worker. */
export interface TreeSink {
  keep: KeepSyntaxTree;
  keepSerialized(path: string, parsed: { body: string; bodyLine: number; serialized: Uint8Array }): void;
}

/**
 * Below this many files to parse, no worker is started. Starting one and loading the Markdown pipeline into it takes
 * about a second; cold builds of 1,000 generated documents (about 5 s of parsing) were no faster with one beside the
 * main thread, within this machine's noise (21.1–23.3 s against 21.2–22.6 s wall), and 10,000 were 30 s faster.
 */
export const MIN_FILES_FOR_WORKERS = 2000;

export interface ParallelOptions {
  /** Worker threads beside this one (default `buildThreads()`). */
  threads?: number;
  /** Fewer files than this are parsed on this thread alone (default `MIN_FILES_FOR_WORKERS`). */
  minFiles?: number;
  /** Told when a worker fails; its unanswered files are then missing from the result. */
  onWorkerError?: (error: Error) => void;
}

/** How long this thread parses before it takes in what the workers sent. */
const YIELD_EVERY_MS = 25;

/**
 * How many worker threads a build uses beside the main thread: `MARU_THREADS` when set (0 = none: everything on the
 * main thread), else one fewer than the machine's cores, at most 3 (the main thread works too, and each thread holds
 * its own copy of the pipeline). Parsing uses all of them; emitting the artifacts one (`startEmitWorker`).
 */
export function buildThreads(env: NodeJS.ProcessEnv = process.env): number {
  const set = env.MARU_THREADS;
  if (set !== undefined && set !== '') {
    const n = Number(set);
    if (!Number.isInteger(n) || n < 0) throw new Error(`MARU_THREADS must be a whole number of threads (0 or more), not "${set}"`);
    return n;
  }
  return Math.min(3, Math.max(0, availableParallelism() - 1));
}

/**
 * Parses `files` on this thread and `threads` worker threads at once, each taking the next file nobody has taken, and
 * returns each file's result by path. Parsing one file never depends on another, so the results are exactly what
 * `toSourceDocument` gives on one thread. A worker that fails loses nothing: the files it took and did not answer
 * for are missing from the result, and the caller parses them itself.
 */
export async function parseInParallel(
  files: readonly RawFile[],
  categories: readonly string[],
  trees?: TreeSink,
  { threads = buildThreads(), minFiles = MIN_FILES_FOR_WORKERS, onWorkerError }: ParallelOptions = {},
): Promise<Map<string, ParsedFile>> {
  const parsed = new Map<string, ParsedFile>();
  const next = new SharedArrayBuffer(4);
  const data: ParseWorkerData = { files: [...files], categories: [...categories], keepTrees: trees !== undefined, next };
  const workers = Array.from(
    { length: files.length >= minFiles ? threads : 0 },
    () =>
      new Promise<void>((done) => {
        const worker = new Worker(new URL('./parse-worker.ts', import.meta.url), { workerData: data });
        worker.on('message', ({ index, parsed: result, tree }: ParseWorkerResult) => {
          const path = files[index]!.path;
          parsed.set(path, result);
          if (tree) trees?.keepSerialized(path, tree);
        });
        worker.on('error', (error) => {
          onWorkerError?.(error);
          done();
        });
        worker.on('exit', () => done());
      }),
  );
  const counter = new Int32Array(next);
  let yielded = performance.now();
  for (let index = Atomics.add(counter, 0, 1); index < files.length; index = Atomics.add(counter, 0, 1)) {
    parsed.set(files[index]!.path, toSourceDocument(files[index]!, categories, trees?.keep));
    // Take in the workers' answers as they come: queued, each waits as a copy in the worker's memory, which the C
    // allocator keeps after it is freed (answering only at the end left a 10,000-document build 0.4–0.7 GB larger).
    if (workers.length && performance.now() - yielded > YIELD_EVERY_MS) {
      await new Promise((resolve) => setImmediate(resolve));
      yielded = performance.now();
    }
  }
  await Promise.all(workers);
  return parsed;
}

/**
 * `cache` answering first from results parsed ahead (`parseInParallel`), each of which it stores as if just parsed,
 * so the cache's counts and its next build are the same as without parsing ahead.
 */
export function withParsedAhead(cache: ParseCache, ahead: ReadonlyMap<string, ParsedFile>): ParseCache {
  return {
    get(file: RawFile, options: WikiOptions) {
      const parsed = ahead.get(file.path);
      if (!parsed) return cache.get(file, options);
      cache.set(file, options, parsed);
      return parsed;
    },
    set: (file, options, parsed) => cache.set(file, options, parsed),
    ...(cache.termCounts ? { termCounts: (text: string) => cache.termCounts!(text) } : {}),
  };
}

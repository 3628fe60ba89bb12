// Messages between the server's main thread (writer.ts) and the write path's thread (write-worker.ts).
import type { RememberOutcome, RememberRequest } from './writer-core.ts';

/** `workerData` of the write thread. */
export interface WorkerStart {
  /** The content folder, realpath'd and checked. */
  root: string;
  git: boolean;
  /** What an update may replace without proof, from a thread that was stopped (see `WriterCore.known`). */
  known?: [string, string][] | undefined;
}

/** `base` is the served build's base path, which the whole-wiki checks and the rebuild link against. */
export type WorkerRequest = { id: number; kind: 'open'; base: string } | { id: number; kind: 'remember'; base: string; request: RememberRequest };

/** The folder as read again after the call: the rebuilt artifact files, or why the folder does not build. */
type Refreshed = { files: [string, string][] } | { error: string } | undefined;

/** A request's answer, which ends it. */
export type WorkerAnswer =
  | { id: number; kind: 'opened'; known: [string, string][]; refreshed?: undefined }
  | { id: number; kind: 'done'; outcome: RememberOutcome; refreshed: Refreshed; known: [string, string][] }
  | { id: number; kind: 'refused' | 'failed'; message: string; refreshed: Refreshed; known: [string, string][] | undefined };

/** `writing`: the checks passed and the file is about to be written; from here on the call is not stopped. */
export type WorkerReply = WorkerAnswer | { id: number; kind: 'writing' };

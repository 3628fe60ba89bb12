// What the MCP server and Maru's writer process say to each other. The server (mcp/write/writer.ts) only spawns the
// writer (src/writer/process.ts) and reads its answers; everything that reads, checks or builds content runs there.
import type { SimilarDocument } from './remember.ts';

/** A refusal the model can act on; nothing was written. */
export class WriteRefused extends Error {}

/** What a caller asks to remember. */
export interface RememberRequest {
  content: string;
  title?: string | undefined;
  project?: string | undefined;
  category?: string | undefined;
  tags?: readonly string[] | undefined;
  id?: string | undefined;
  externalId?: string | undefined;
  /** sha256 of the file as the caller last saw it: proof that it has seen an edit made on disk. */
  revision?: string | undefined;
  force?: boolean | undefined;
}

/** What happened: saved (or already identical), or refused as a near-duplicate. */
export type RememberOutcome =
  | {
      status: 'created' | 'updated' | 'unchanged';
      id: string;
      path: string;
      /** sha256 of the file as it is now. */
      revision: string;
      searchable: boolean;
      note: string;
      branch?: string | undefined;
      similar: SimilarDocument[];
    }
  | { status: 'duplicate'; similar: SimilarDocument[] };

/** The writer process's start message: which folder, and what the previous process knew. */
export interface WriterStart {
  kind: 'start';
  /** The content folder as given on the command line; the writer realpaths and checks it. */
  dir: string;
  git: boolean;
  /** What an update may replace without proof, from a process that was stopped (see `WriterCore.known`). */
  known?: [string, string][] | undefined;
}

/** `base` is the served build's base path, which the whole-wiki checks and the rebuild link against. */
export type WriterRequest = { id: number; kind: 'open'; base: string } | { id: number; kind: 'remember'; base: string; request: RememberRequest };

/** The folder as read again after the call: the rebuilt artifact files, or why the folder does not build. */
type Refreshed = { files: [string, string][] } | { error: string } | undefined;

/** A request's answer, which ends it. */
export type WriterAnswer =
  | { id: number; kind: 'opened'; known: [string, string][]; refreshed?: undefined }
  | { id: number; kind: 'done'; outcome: RememberOutcome; refreshed: Refreshed; known: [string, string][] }
  | { id: number; kind: 'refused' | 'failed'; message: string; refreshed: Refreshed; known: [string, string][] | undefined };

/**
 * Everything the writer process sends: `ready` answers the start message (the folder's real path, or why it cannot be
 * written to); `writing` says the checks passed and the file is about to be written, so the call is not stopped after it.
 */
export type WriterReply = WriterAnswer | { id: number; kind: 'writing' } | { kind: 'ready'; root: string } | { kind: 'unusable'; message: string };

// The write path's thread: reading, parsing and rebuilding the whole content folder takes seconds on a wiki of a few
// hundred documents (minutes at thousands), and on the server's main thread it held every other client's search.
import { parentPort, workerData } from 'node:worker_threads';
import { WriteRefused } from './content-root.ts';
import { openWriterCore, type RememberRequest, type WriterCore } from './writer-core.ts';
import type { WorkerAnswer, WorkerReply, WorkerRequest, WorkerStart } from './write-protocol.ts';

const port = parentPort;
if (!port) throw new Error('write-worker.ts runs as a worker thread (see writer.ts)');
const start = workerData as WorkerStart;
let core: WriterCore | undefined;

port.on('message', (message: WorkerRequest) => {
  void handle(message).then((reply) => port.postMessage(reply));
});

async function handle(message: WorkerRequest): Promise<WorkerAnswer> {
  try {
    core ??= openWriterCore(start.root, message.base, { git: start.git, ...(start.known ? { known: new Map(start.known) } : {}) });
    if (message.kind === 'open') return { id: message.id, kind: 'opened', known: [...core.known()] };
    const request: RememberRequest = message.request;
    const outcome = await core.remember(request, message.base, () => port!.postMessage({ id: message.id, kind: 'writing' } satisfies WorkerReply));
    return { id: message.id, kind: 'done', outcome, refreshed: refreshedOf(core), known: [...core.known()] };
  } catch (e) {
    const refreshed = core ? refreshedOf(core) : undefined;
    const known = core ? [...core.known()] : undefined;
    if (e instanceof WriteRefused) return { id: message.id, kind: 'refused', message: e.message, refreshed, known };
    return { id: message.id, kind: 'failed', message: (e as Error).stack ?? String(e), refreshed, known };
  }
}

function refreshedOf(c: WriterCore): WorkerAnswer['refreshed'] {
  const r = c.takeRefreshed();
  return r === undefined ? undefined : 'files' in r ? { files: [...r.files] } : { error: r.error };
}

// Maru's writer: the process the MCP server spawns for remember_knowledge (`mcp/write/writer.ts`). Reading, checking
// and rebuilding the content folder takes seconds on a wiki of a few hundred documents (minutes at thousands) and
// brings the whole build with it; here it runs beside the server, which imports none of it and keeps answering.
// Messages are `src/lib/write/protocol.ts`, over the IPC channel `fork` opens.
import { WriteRefused, type WriterAnswer, type WriterReply, type WriterRequest, type WriterStart } from '../lib/write/protocol.ts';
import { openContentRoot } from './content-root.ts';
import { openWriterCore, type WriterCore } from './writer-core.ts';

const send = (reply: WriterReply): void => void process.send!(reply);
if (!process.send) {
  console.error('src/writer/process.ts is started by the MCP server (maru mcp --allow-write <content-dir>), not by hand.');
  process.exit(2);
}

let start: WriterStart | undefined;
let root: string | undefined;
let core: WriterCore | undefined;
// One message at a time, in order: the server sends the next call only after this one's answer, but an `open`
// sent while a start is still being checked must wait for it.
let queue: Promise<unknown> = Promise.resolve();

process.on('message', (message: WriterStart | WriterRequest) => {
  queue = queue.then(() => (message.kind === 'start' ? begin(message) : handle(message).then(send)));
});
// The server's end of the channel closed (it exited or stopped this process): nothing is left to answer.
process.on('disconnect', () => process.exit(0));

async function begin(message: WriterStart): Promise<void> {
  start = message;
  try {
    root = await openContentRoot(message.dir);
    send({ kind: 'ready', root });
  } catch (e) {
    send({ kind: 'unusable', message: (e as Error).message });
  }
}

async function handle(message: WriterRequest): Promise<WriterAnswer> {
  try {
    if (!start || !root) throw new Error('the writer was asked to work before it was started');
    core ??= openWriterCore(root, message.base, { git: start.git, ...(start.known ? { known: new Map(start.known) } : {}) });
    if (message.kind === 'open') return { id: message.id, kind: 'opened', known: [...core.known()] };
    const outcome = await core.remember(message.request, message.base, () => send({ id: message.id, kind: 'writing' }));
    return { id: message.id, kind: 'done', outcome, refreshed: refreshedOf(core), known: [...core.known()] };
  } catch (e) {
    const refreshed = core ? refreshedOf(core) : undefined;
    const known = core ? [...core.known()] : undefined;
    if (e instanceof WriteRefused) return { id: message.id, kind: 'refused', message: e.message, refreshed, known };
    return { id: message.id, kind: 'failed', message: (e as Error).stack ?? String(e), refreshed, known };
  }
}

function refreshedOf(c: WriterCore): WriterAnswer['refreshed'] {
  const r = c.takeRefreshed();
  return r === undefined ? undefined : 'files' in r ? { files: [...r.files] } : { error: r.error };
}

import { realpath } from 'node:fs/promises';
import { Writable } from 'node:stream';
import { serveStdio, StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { normalizeBase } from '../src/lib/wiki/url.ts';
import { createServer, type ServerDeps } from './server.ts';
import { openMissLog } from './misses.ts';
import { guardStdin } from './stdio-guard.ts';
import { parseServerArgs, USAGE, type Command, type ServerOptions } from './options.ts';
import { openStore, startStore, type ArtifactStore } from './store.ts';
import type { ArtifactSet } from './artifacts.ts';
import type { Writer } from './write/writer.ts';
// The HTTP side (./http/*) and the write path (./write/writer.ts, whose thread brings the whole wiki build) are
// imported only when asked for: a stdio client waits for every module loaded before the first answer.

/** What `npm start` adds around the server: building the site folder when it has no build yet. */
export interface StartHooks {
  /** Runs after the options parse and before anything loads; a non-zero exit code stops there. */
  prepare?: (options: ServerOptions) => number;
  /** Called when the first load fails; true when it rebuilt the folder and the load should be retried, false to report `error`. */
  rebuild?: (dir: string, error: Error) => boolean;
}

/** Runs the MCP server from argv; resolves with the exit code when it cannot start, else serves until stdin/close or a signal. */
export async function main(argv: string[], command: Command = 'mcp', hooks: StartHooks = {}): Promise<number> {
  const name = command === 'start' ? 'maru' : 'maru-mcp';
  const parsed = parseServerArgs(argv, command, process.env.PORT, process.env.MARU_PROTECT_ARTIFACTS);
  if (!parsed.ok) {
    console.error(`${name}: ${parsed.error}\n\n${USAGE[command]}`);
    return 2;
  }
  for (const line of parsed.deprecations) console.error(`${name}: ${line}`);
  const options = parsed.options;
  if (options.help) {
    console.error(USAGE[command]);
    return 0;
  }
  const prepared = hooks.prepare?.(options) ?? 0;
  if (prepared !== 0) return prepared;
  // Plain stdio answers the handshake while the build loads; HTTP, the write path and `npm start`'s rebuild load first.
  return !options.http && options.allowWrite === undefined && !hooks.rebuild ? serveStdioWhileLoading(options, name) : serve(options, name, hooks);
}

/**
 * stdio without --allow-write: the manifest is checked at once (a missing or foreign build still exits 1 before any
 * answer), the rest of the build loads in the background, and `initialize` and `tools/list` are answered meanwhile.
 * Every other request waits for the load (see guardStdin); a build that fails to load answers them with the error and
 * exits 1.
 */
async function serveStdioWhileLoading(options: ServerOptions, name: string): Promise<number> {
  // The build's long steps wait until tools/list has been answered (or HANDSHAKE_GRACE_MS passed), so a client's
  // opening requests are not held up by them; reading the manifest has already checked that the build is there.
  let handshakeDone!: () => void;
  const handshake = new Promise<void>((done) => (handshakeDone = done));
  setTimeout(handshakeDone, HANDSHAKE_GRACE_MS).unref();
  // The answer to the first request but the handshake's: what it does not need (every field checked, every document and
  // split index file held, the warm-up) loads after it, or a second after the build can answer when nothing has been
  // asked by then; never while a first question waits, which would share the processor (and a URL source) with it.
  let firstId: string | number | undefined;
  let answered!: () => void;
  let isAnswered = false;
  const firstAnswer = new Promise<void>((done) => (answered = done)).then(() => void (isAnswered = true));
  const stdout = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      process.stdout.write(chunk, callback);
      if (firstId !== undefined && !isAnswered && answersRequest(chunk, firstId)) answered();
    },
  });
  let ready: Promise<ArtifactStore>;
  let complete: Promise<unknown>;
  try {
    ({ ready, complete } = await startStore(options.artifacts, handshake, undefined, firstAnswer));
  } catch (e) {
    console.error(`${name}: ${(e as Error).message}`);
    return 1;
  }
  // Counted from when the build can answer: until then the load holds the thread, and a question sent meanwhile is read
  // only after it.
  void ready.then(
    () => setTimeout(() => firstId !== undefined || answered(), IDLE_BEFORE_REST_MS).unref(),
    () => undefined,
  );
  const misses = openMisses(options, name);
  let store: ArtifactStore | undefined;
  let first: ArtifactSet | undefined;
  const loading = ready.then((loaded) => {
    store = loaded;
    const set = (first = loaded.current());
    console.error(`${name}: serving build ${set.manifest.buildId} (${set.manifest.documentCount} documents) from ${set.source}`);
    watchIfAsked(loaded, options);
  });
  loading.catch((e: Error) => {
    console.error(`${name}: ${e.message}`);
    // The guard has answered the waiting requests with the error; stdout is flushed before exiting.
    process.stdout.write('', () => process.exit(1));
  });
  // A build that answered and then failed a later check (a document changed since the build, a field the schema
  // refuses) is not served on: it exits as a build that fails to load does, unless a new build was written over the
  // folder while its documents were still being read, which is then loaded as a watched reload would.
  complete.then(
    () => {
      if (store && store.current() === first) console.error(`${name}: build ${first.manifest.buildId} checked whole: every document read and its hash matched`);
    },
    () => undefined,
  );
  complete.catch(async (e: Error) => {
    // A build a reload has already replaced no longer matters.
    if (!store || store.current() !== first) return;
    const reloaded = await store.reloadIfChanged();
    if (reloaded?.ok) return;
    console.error(`${name}: ${e.message}`);
    process.stdout.write('', () => process.exit(1));
  });
  const artifacts: ServerDeps['artifacts'] = () => {
    if (!store) throw new Error('The build is still loading.'); // never reached: the guard holds requests until it is in
    return store.current();
  };
  // The answer to tools/list is written within the turn after the line passes the guard.
  const onLine = (method: string, id: string | number | undefined) => {
    if (method === 'tools/list') setImmediate(handshakeDone);
    else if (firstId === undefined && id !== undefined && !HANDSHAKE_METHODS.has(method)) firstId = id;
  };
  serveOnStdio(() => createServer({ artifacts, misses, loading }), name, loading, onLine, stdout);
  return 0;
}

/** How long a client that has asked nothing after the handshake leaves the rest of the build's load waiting. */
const IDLE_BEFORE_REST_MS = 1000;

/** Longest wait for a client's tools/list before the build's long loading steps start anyway. */
const HANDSHAKE_GRACE_MS = 300;

/** Requests of the handshake, answered before the build is in. */
const HANDSHAKE_METHODS: ReadonlySet<string> = new Set(['initialize', 'notifications/initialized', 'ping', 'tools/list']);

/** Whether a chunk the stdio transport writes (one JSON-RPC message a line) answers request `id`. */
function answersRequest(chunk: Buffer, id: string | number): boolean {
  return chunk
    .toString('utf8')
    .split('\n')
    .some((line) => {
      try {
        return line !== '' && (JSON.parse(line) as { id?: unknown }).id === id;
      } catch {
        return false;
      }
    });
}

function serveOnStdio(
  factory: () => ReturnType<typeof createServer>,
  name: string,
  loading?: Promise<unknown>,
  onLine?: (method: string, id: string | number | undefined) => void,
  stdout: Writable = process.stdout,
): void {
  // The guard answers malformed lines itself (the SDK's transport would drop them silently).
  const transport = new StdioServerTransport(guardStdin(process.stdin, process.stdout, loading, onLine), stdout);
  serveStdio(factory, { transport, onerror: (e) => console.error(`${name}: ${e.message}`) });
}

function openMisses(options: ServerOptions, name: string): ReturnType<typeof openMissLog> | undefined {
  const misses = options.logMisses === undefined ? undefined : openMissLog(options.logMisses);
  if (misses) console.error(`${name}: logging searches with no or weak results to ${misses.file}`);
  return misses;
}

function watchIfAsked(store: ArtifactStore, options: ServerOptions): void {
  if (options.watch) store.watch(options.pollSeconds === undefined ? {} : { intervalMs: options.pollSeconds * 1000, pollMs: options.pollSeconds * 1000 });
}

async function serve(options: ServerOptions, name: string, hooks: StartHooks): Promise<number> {
  let store: ArtifactStore;
  let tokens: string[];
  let writer: Writer | undefined;
  try {
    if (options.http) {
      tokens = (await import('./http/auth.ts')).loadTokens(process.env.MARU_MCP_TOKENS, options.tokensFile);
      if (options.allowWrite !== undefined && tokens.length === 0) throw new Error((await import('./http/app.ts')).WRITE_NEEDS_TOKENS);
    } else tokens = [];
    store = await openStore(options.artifacts).catch((e: Error) => {
      if (!hooks.rebuild?.(options.artifacts, e)) throw e;
      return openStore(options.artifacts);
    });
    if (options.allowWrite !== undefined) writer = await (await import('./write/writer.ts')).openWriter(options.allowWrite, store, { git: options.git });
  } catch (e) {
    console.error(`${name}: ${(e as Error).message}`);
    return 1;
  }
  const set = store.current();
  if (!options.site) console.error(`${name}: serving build ${set.manifest.buildId} (${set.manifest.documentCount} documents) from ${set.source}`);
  if (writer) console.error(`${name}: remember_knowledge writes into ${writer.root}${options.git ? ' and commits on maru/remember-* branches' : ''}`);
  const misses = openMisses(options, name);
  watchIfAsked(store, options);
  if (!options.http) {
    const artifacts = writer ? () => writer.current() : () => store.current();
    serveOnStdio(() => createServer({ artifacts, writer, misses }), name);
    return 0;
  }
  const { createHttpApp, extraHosts } = await import('./http/app.ts');
  const { admissionListenOptions, listen } = await import('./http/listen.ts');
  const base = normalizeBase(process.env.BASE_PATH ?? set.manifest.base);
  const site = options.site === undefined ? {} : { siteRoot: await realpath(options.site), base };
  let app: ReturnType<typeof createHttpApp>;
  try {
    app = createHttpApp({ store, ...site, tokens, extraHosts: extraHosts(options.host), writer, misses, protectArtifacts: options.protectArtifacts });
  } catch (e) {
    console.error(`${name}: ${(e as Error).message}`);
    return 1;
  }
  const { server, url } = await listen(app.listener, options.host, options.port, admissionListenOptions(app));
  if (options.site) {
    const extra = tokens.length ? `, ${tokens.length} bearer token(s)` : '';
    console.error(
      `${name}: site ${url}${base}  MCP ${url}/mcp  health ${url}/healthz  (build ${set.manifest.buildId}, ${set.manifest.documentCount} documents${extra})`,
    );
  } else console.error(`${name}: MCP at ${url}/mcp, health at ${url}/healthz`);
  const stop = () => {
    store.close();
    void app.close();
    server.close(() => process.exit(0));
    server.closeAllConnections();
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return 0;
}

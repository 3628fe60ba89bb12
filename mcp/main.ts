import { realpath } from 'node:fs/promises';
import { serveStdio, StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { normalizeBase } from '../src/lib/wiki/url.ts';
import { createHttpApp, extraHosts, WRITE_NEEDS_TOKENS } from './http/app.ts';
import { loadTokens } from './http/auth.ts';
import { listen } from './http/listen.ts';
import { createServer } from './server.ts';
import { openMissLog } from './misses.ts';
import { guardStdin } from './stdio-guard.ts';
import { parseServerArgs, USAGE, type Command, type ServerOptions } from './options.ts';
import { openStore, type ArtifactStore } from './store.ts';
import { openWriter, type Writer } from './write/writer.ts';

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
  return prepared === 0 ? serve(options, name, hooks) : prepared;
}

async function serve(options: ServerOptions, name: string, hooks: StartHooks): Promise<number> {
  let store: ArtifactStore;
  let tokens: string[];
  let writer: Writer | undefined;
  try {
    tokens = options.http ? loadTokens(process.env.MARU_MCP_TOKENS, options.tokensFile) : [];
    if (options.http && options.allowWrite !== undefined && tokens.length === 0) throw new Error(WRITE_NEEDS_TOKENS);
    store = await openStore(options.artifacts).catch((e: Error) => {
      if (!hooks.rebuild?.(options.artifacts, e)) throw e;
      return openStore(options.artifacts);
    });
    writer = options.allowWrite === undefined ? undefined : await openWriter(options.allowWrite, store, { git: options.git });
  } catch (e) {
    console.error(`${name}: ${(e as Error).message}`);
    return 1;
  }
  const set = store.current();
  if (!options.site) console.error(`${name}: serving build ${set.manifest.buildId} (${set.manifest.documentCount} documents) from ${set.source}`);
  if (writer) console.error(`${name}: remember_knowledge writes into ${writer.root}${options.git ? ' and commits on maru/remember-* branches' : ''}`);
  const misses = options.logMisses === undefined ? undefined : openMissLog(options.logMisses);
  if (misses) console.error(`${name}: logging searches with no or weak results to ${misses.file}`);
  if (options.watch) store.watch(options.pollSeconds === undefined ? {} : { intervalMs: options.pollSeconds * 1000, pollMs: options.pollSeconds * 1000 });
  if (!options.http) {
    const artifacts = writer ? () => writer.current() : () => store.current();
    // The guard answers malformed lines itself (the SDK's transport would drop them silently).
    const transport = new StdioServerTransport(guardStdin(process.stdin, process.stdout), process.stdout);
    serveStdio(() => createServer({ artifacts, writer, misses }), { transport, onerror: (e) => console.error(`${name}: ${e.message}`) });
    return 0;
  }
  const base = normalizeBase(process.env.BASE_PATH ?? set.manifest.base);
  const site = options.site === undefined ? {} : { siteRoot: await realpath(options.site), base };
  let app: ReturnType<typeof createHttpApp>;
  try {
    app = createHttpApp({ store, ...site, tokens, extraHosts: extraHosts(options.host), writer, misses, protectArtifacts: options.protectArtifacts });
  } catch (e) {
    console.error(`${name}: ${(e as Error).message}`);
    return 1;
  }
  const { server, url } = await listen(app.listener, options.host, options.port);
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

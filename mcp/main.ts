import { parseArgs } from 'node:util';
import { serveStdio, StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { createHttpApp, extraHosts, WRITE_NEEDS_TOKENS } from './http/app.ts';
import { loadTokens } from './http/auth.ts';
import { listen } from './http/listen.ts';
import { createServer } from './server.ts';
import { guardStdin } from './stdio-guard.ts';
import { openMissLog } from './misses.ts';
import { openStore, type ArtifactStore } from './store.ts';
import { openWriter, type Writer } from './write/writer.ts';

const USAGE = `Usage: npm run mcp -- [--artifacts <dir|url>] [--no-watch] [--poll <seconds>] [--http [--host 127.0.0.1] [--port 4321] [--tokens-file <file>]]
                      [--allow-write <content-dir> [--git]] [--log-misses <file>]

Serves the wiki's _wiki/* artifacts over MCP: stdio by default, Streamable HTTP at /mcp with --http.
  --artifacts    build folder or deployed site base URL (default ./dist)
  --no-watch     do not pick up new builds while running
  --poll         seconds between revalidations of an artifacts URL (default 60)
  --allow-write  adds remember_knowledge, which saves Markdown into this content folder (HTTP: bearer tokens required)
  --git          with --allow-write: also commit each saved file on a branch maru/remember-<id>
  --log-misses   append searches with no or weak results to this file (JSON Lines; no user identity)`;

/** Runs the MCP server from argv; resolves with the exit code when it cannot start, else serves until stdin/close. */
export async function main(argv: string[]): Promise<number> {
  const values = parseOptions(argv);
  if (!values) return 2;
  if (values.help) {
    console.error(USAGE);
    return 0;
  }
  let store: ArtifactStore;
  let tokens: string[];
  let writer: Writer | undefined;
  try {
    tokens = values.http ? loadTokens(process.env.MARU_MCP_TOKENS, values['tokens-file']) : [];
    if (values.http && values['allow-write'] !== undefined && tokens.length === 0) throw new Error(WRITE_NEEDS_TOKENS);
    if (values.git && values['allow-write'] === undefined) throw new Error('--git only makes sense with --allow-write <content-dir>.');
    store = await openStore(values.artifacts);
    writer = values['allow-write'] === undefined ? undefined : await openWriter(values['allow-write'], store, { git: values.git });
  } catch (e) {
    console.error(`maru-mcp: ${(e as Error).message}`);
    return 1;
  }
  const set = store.current();
  console.error(`maru-mcp: serving build ${set.manifest.buildId} (${set.manifest.documentCount} documents) from ${set.source}`);
  if (writer) console.error(`maru-mcp: remember_knowledge writes into ${writer.root}${values.git ? ' and commits on maru/remember-* branches' : ''}`);
  const misses = values['log-misses'] === undefined ? undefined : openMissLog(values['log-misses']);
  if (misses) console.error(`maru-mcp: logging searches with no or weak results to ${misses.file}`);
  if (!values['no-watch']) store.watch({ pollMs: Number(values.poll) * 1000 });
  if (values.http) {
    let app;
    try {
      app = createHttpApp({ store, tokens, extraHosts: extraHosts(values.host), writer, misses });
    } catch (e) {
      console.error(`maru-mcp: ${(e as Error).message}`);
      return 1;
    }
    const { url } = await listen(app.listener, values.host, Number(values.port));
    console.error(`maru-mcp: MCP at ${url}/mcp, health at ${url}/healthz`);
    return 0;
  }
  const artifacts = writer ? () => writer.current() : () => store.current();
  // The guard answers malformed lines itself (the SDK's transport would drop them silently).
  const transport = new StdioServerTransport(guardStdin(process.stdin, process.stdout), process.stdout);
  serveStdio(() => createServer({ artifacts, writer, misses }), { transport, onerror: (e) => console.error(`maru-mcp: ${e.message}`) });
  return 0;
}

/** The parsed options, or undefined (after printing the usage) when they do not parse. */
function parseOptions(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      options: {
        artifacts: { type: 'string', default: './dist' },
        'no-watch': { type: 'boolean', default: false },
        poll: { type: 'string', default: '60' },
        http: { type: 'boolean', default: false },
        host: { type: 'string', default: '127.0.0.1' },
        port: { type: 'string', default: process.env.PORT ?? '4321' },
        'tokens-file': { type: 'string' },
        'allow-write': { type: 'string' },
        git: { type: 'boolean', default: false },
        'log-misses': { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }).values;
  } catch (e) {
    console.error(`${(e as Error).message}\n\n${USAGE}`);
    return undefined;
  }
}

import { parseArgs } from 'node:util';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { createHttpApp, extraHosts } from './http/app.ts';
import { loadTokens } from './http/auth.ts';
import { listen } from './http/listen.ts';
import { createServer } from './server.ts';
import { openStore, type ArtifactStore } from './store.ts';

const USAGE = `Usage: npm run mcp -- [--artifacts <dir|url>] [--no-watch] [--poll <seconds>] [--http [--host 127.0.0.1] [--port 4321] [--tokens-file <file>]]

Serves the wiki's _wiki/* artifacts over MCP: stdio by default, Streamable HTTP at /mcp with --http.
  --artifacts  build folder or deployed site base URL (default ./dist)
  --no-watch   do not pick up new builds while running
  --poll       seconds between revalidations of an artifacts URL (default 60)`;

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
  try {
    store = await openStore(values.artifacts);
    tokens = values.http ? loadTokens(process.env.MARU_MCP_TOKENS, values['tokens-file']) : [];
  } catch (e) {
    console.error(`maru-mcp: ${(e as Error).message}`);
    return 1;
  }
  const set = store.current();
  console.error(`maru-mcp: serving build ${set.manifest.buildId} (${set.manifest.documentCount} documents) from ${set.source}`);
  if (!values['no-watch']) store.watch({ pollMs: Number(values.poll) * 1000 });
  if (values.http) {
    const app = createHttpApp({ store, tokens, extraHosts: extraHosts(values.host) });
    const { url } = await listen(app.listener, values.host, Number(values.port));
    console.error(`maru-mcp: MCP at ${url}/mcp, health at ${url}/healthz`);
    return 0;
  }
  serveStdio(() => createServer({ artifacts: () => store.current() }), { onerror: (e) => console.error(`maru-mcp: ${e.message}`) });
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
        help: { type: 'boolean', short: 'h', default: false },
      },
    }).values;
  } catch (e) {
    console.error(`${(e as Error).message}\n\n${USAGE}`);
    return undefined;
  }
}

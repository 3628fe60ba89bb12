// `npm start`: the built site, the MCP endpoint /mcp and /healthz on one port, building first if needed.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { realpath } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createHttpApp, extraHosts } from '../mcp/http/app.ts';
import { loadTokens } from '../mcp/http/auth.ts';
import { listen } from '../mcp/http/listen.ts';
import { openMissLog } from '../mcp/misses.ts';
import { openStore } from '../mcp/store.ts';
import { normalizeBase } from '../src/lib/url.ts';

const USAGE = `Usage: npm start -- [--host 127.0.0.1] [--port 4321] [--dist ./dist] [--tokens-file <file>] [--poll-ms 1000] [--log-misses <file>] [--protect-artifacts]

Serves the built wiki, its MCP endpoint (/mcp) and /healthz on one port (PORT, default 4321).
Builds the site first when <dist>/_wiki/manifest.json is missing. Bearer tokens: MARU_MCP_TOKENS
(comma-separated) or --tokens-file (one per line). Site base path: BASE_PATH, else the build's base.
A new build in <dist> is picked up by itself (the manifest is checked every --poll-ms).
--log-misses appends searches with no or weak results (MCP, and the site's POST /_wiki/miss) to a JSON Lines file.
--protect-artifacts (or MARU_PROTECT_ARTIFACTS=1) requires the bearer token for /_wiki/* too (needs tokens).`;

async function main(argv: string[]): Promise<number> {
  const values = parseOptions(argv);
  if (!values) return 2;
  if (values.help) {
    console.error(USAGE);
    return 0;
  }
  const dist = values.dist;
  if (!existsSync(join(dist, '_wiki', 'manifest.json'))) {
    const code = buildSite(dist);
    if (code !== 0) return code;
  }
  let store;
  let tokens: string[];
  try {
    tokens = loadTokens(process.env.MARU_MCP_TOKENS, values['tokens-file']);
    store = await openStore(dist).catch(async (e: Error) => {
      // A ./dist left by an older version (other artifact or search-options version) is rebuilt, not refused.
      if (resolve(dist) !== resolve('dist') || !/Rebuild with/.test(e.message)) throw e;
      console.error(`maru: ${e.message.split('\n')[0]}`);
      if (buildSite(dist) !== 0) throw new Error('the rebuild failed; see the errors above.');
      return openStore(dist);
    });
  } catch (e) {
    console.error(`maru: ${(e as Error).message}`);
    return 1;
  }
  store.watch({ intervalMs: Number(values['poll-ms']) });
  const set = store.current();
  const base = normalizeBase(process.env.BASE_PATH ?? set.manifest.base);
  const misses = values['log-misses'] === undefined ? undefined : openMissLog(values['log-misses']);
  if (misses) console.error(`maru: logging searches with no or weak results to ${misses.file}`);
  const protectArtifacts = values['protect-artifacts'] || process.env.MARU_PROTECT_ARTIFACTS === '1';
  let app;
  try {
    app = createHttpApp({ store, siteRoot: await realpath(dist), base, tokens, extraHosts: extraHosts(values.host), misses, protectArtifacts });
  } catch (e) {
    console.error(`maru: ${(e as Error).message}`);
    return 1;
  }
  const { server, url } = await listen(app.listener, values.host, Number(values.port));
  console.error(`maru: site ${url}${base}  MCP ${url}/mcp  health ${url}/healthz  (build ${set.manifest.buildId}, ${set.manifest.documentCount} documents${tokens.length ? `, ${tokens.length} bearer token(s)` : ''})`);
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

/** The parsed options, or undefined (after printing the usage) when they do not parse. */
function parseOptions(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      options: {
        host: { type: 'string', default: '127.0.0.1' },
        port: { type: 'string', default: process.env.PORT ?? '4321' },
        dist: { type: 'string', default: './dist' },
        'tokens-file': { type: 'string' },
        'poll-ms': { type: 'string', default: '1000' },
        'log-misses': { type: 'string' },
        'protect-artifacts': { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }).values;
  } catch (e) {
    console.error(`${(e as Error).message}\n\n${USAGE}`);
    return undefined;
  }
}

/** Runs `astro build` from node_modules/.bin (not npx: killing an npx wrapper leaves astro running). */
function buildSite(dist: string): number {
  if (resolve(dist) !== resolve('dist')) {
    console.error(`maru: no build in ${dist} (looked for _wiki/manifest.json). Build it, or omit --dist to build ./dist here.`);
    return 1;
  }
  console.error(existsSync(join(dist, '_wiki', 'manifest.json')) ? 'maru: rebuilding ./dist…' : 'maru: no build in ./dist yet; running astro build…');
  const astro = join('node_modules', '.bin', process.platform === 'win32' ? 'astro.cmd' : 'astro');
  // The build's own output goes to stderr too, so stdout stays clean for anyone piping this process.
  const run = spawnSync(astro, ['build'], { stdio: ['ignore', 2, 2] });
  if (run.status !== 0) console.error(`maru: astro build failed (exit ${run.status ?? run.signal}); fix the errors above and run npm start again.`);
  return run.status ?? 1;
}

process.exitCode = await main(process.argv.slice(2));

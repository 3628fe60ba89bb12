// The one command line of the MCP server, shared by `npm run mcp` (mcp/cli.ts) and `npm start` (scripts/start.ts).
// Pure: argv and PORT in, options or an error out; the callers print and exit.
import { parseArgs } from 'node:util';

/** Which command is parsing: `start` serves the site over HTTP by default. */
export type Command = 'mcp' | 'start';

/** What the server was asked to do, with every default applied. */
export interface ServerOptions {
  /** Build folder or deployed site base URL holding `_wiki/*`. */
  artifacts: string;
  /** Build folder whose website is served beside /mcp (HTTP only); undefined serves MCP only. */
  site: string | undefined;
  http: boolean;
  host: string;
  port: number;
  tokensFile: string | undefined;
  /** Seconds between checks for a new build; undefined keeps the source's default (folder 1 s, URL 60 s). */
  pollSeconds: number | undefined;
  watch: boolean;
  allowWrite: string | undefined;
  git: boolean;
  logMisses: string | undefined;
  /** Require the bearer token for `/_wiki/*` too (`--protect-artifacts` or `MARU_PROTECT_ARTIFACTS=1`). */
  protectArtifacts: boolean;
  help: boolean;
}

/** Parsed options plus one line per deprecated flag used, or an error naming the bad argument. */
export type ParsedArgs = { ok: true; options: ServerOptions; deprecations: string[] } | { ok: false; error: string };

export const USAGE: Record<Command, string> = {
  mcp: `Usage: npm run mcp -- [--artifacts <dir|url>] [--no-watch] [--poll <seconds>] [--http [--site <dir>] [--host 127.0.0.1] [--port 4321] [--tokens-file <file>]]
                      [--allow-write <content-dir> [--git]] [--log-misses <file>]

Serves the wiki's _wiki/* artifacts over MCP: stdio by default, Streamable HTTP at /mcp with --http.
  --artifacts    build folder or deployed site base URL (default ./dist)
  --http         serve Streamable HTTP at /mcp and /healthz instead of stdio (PORT, default 4321)
  --site         with --http: also serve the built website in this folder (its _wiki/* are the artifacts)
  --host         address to listen on with --http (default 127.0.0.1)
  --port         port to listen on with --http (default PORT, else 4321; 0 picks a free one)
  --tokens-file  bearer tokens for /mcp, one per line (or MARU_MCP_TOKENS, comma-separated)
  --no-watch     do not pick up new builds while running
  --poll         seconds between checks for a new build (default 1 for a folder, 60 for a URL)
  --allow-write  adds remember_knowledge, which saves Markdown into this content folder (HTTP: bearer tokens required)
  --git          with --allow-write: also commit each saved file on a branch maru/remember-<id>
  --log-misses   append searches with no or weak results to this file (JSON Lines; no user identity)
  --protect-artifacts  with --site: require the bearer token for /_wiki/* too (or MARU_PROTECT_ARTIFACTS=1; needs tokens)`,
  start: `Usage: npm start -- [--site ./dist] [--host 127.0.0.1] [--port 4321] [--tokens-file <file>] [--poll <seconds>] [--no-watch] [--log-misses <file>]
                 [--allow-write <content-dir> [--git]]

Serves the built wiki, its MCP endpoint (/mcp) and /healthz on one port (PORT, default 4321): the MCP
server with --http --site <dir>, and every option of \`npm run mcp\` (see npm run mcp -- --help).
Builds the site first when <site>/_wiki/manifest.json is missing. Bearer tokens: MARU_MCP_TOKENS
(comma-separated) or --tokens-file (one per line). Site base path: BASE_PATH, else the build's base.
A new build in <site> is picked up by itself (checked every --poll seconds, default 1).
--log-misses appends searches with no or weak results (MCP, and the site's POST /_wiki/miss) to a JSON Lines file.
--protect-artifacts (or MARU_PROTECT_ARTIFACTS=1) requires the bearer token for /_wiki/* too (needs tokens).`,
};

const OPTIONS = {
  artifacts: { type: 'string' },
  site: { type: 'string' },
  http: { type: 'boolean' },
  host: { type: 'string' },
  port: { type: 'string' },
  'tokens-file': { type: 'string' },
  poll: { type: 'string' },
  'no-watch': { type: 'boolean' },
  'allow-write': { type: 'string' },
  git: { type: 'boolean' },
  'log-misses': { type: 'string' },
  'protect-artifacts': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  // Deprecated aliases, kept for one release (0.2): `npm start` used to spell these differently.
  dist: { type: 'string' },
  'poll-ms': { type: 'string' },
} as const;

/** Old flag → the line printed once on stderr when it is used. */
export const DEPRECATED = {
  dist: '--dist is deprecated and will be removed in the next release; use --site <dir>.',
  'poll-ms': '--poll-ms is deprecated and will be removed in the next release; use --poll <seconds> (--poll-ms 100 is --poll 0.1).',
} as const;

/** Parses the server's argv for `command`; `port` and `protectArtifactsEnv` are PORT and MARU_PROTECT_ARTIFACTS, if set. */
export function parseServerArgs(argv: readonly string[], command: Command, port?: string, protectArtifactsEnv?: string): ParsedArgs {
  let values: ReturnType<typeof parse>;
  try {
    values = parse(argv);
  } catch (e) {
    return { ok: false, error: (e as Error).message };
  }
  const deprecations = (Object.keys(DEPRECATED) as (keyof typeof DEPRECATED)[]).filter((k) => values[k] !== undefined).map((k) => DEPRECATED[k]);
  const site = pick('--site', values.site, '--dist', values.dist);
  if (!site.ok) return site;
  const poll = parseNumber('--poll', values.poll, 'seconds', 1);
  if (typeof poll === 'string') return { ok: false, error: poll };
  const pollMs = parseNumber('--poll-ms', values['poll-ms'], 'milliseconds', 1000);
  if (typeof pollMs === 'string') return { ok: false, error: pollMs };
  if (poll !== undefined && pollMs !== undefined && poll !== pollMs)
    return { ok: false, error: `--poll ${values.poll} and --poll-ms ${values['poll-ms']} disagree; give only --poll <seconds>.` };
  const http = values.http ?? command === 'start';
  const siteDir = site.value ?? (command === 'start' ? './dist' : undefined);
  const error = checkCombinations(values, http, siteDir);
  if (error) return { ok: false, error };
  const portNumber = parsePort(values.port ?? (port || '4321'), values.port === undefined ? 'PORT' : '--port');
  if (typeof portNumber === 'string') return { ok: false, error: portNumber };
  const options: ServerOptions = {
    artifacts: values.artifacts ?? siteDir ?? './dist',
    site: siteDir,
    http,
    host: values.host ?? '127.0.0.1',
    port: portNumber,
    tokensFile: values['tokens-file'],
    pollSeconds: poll ?? pollMs,
    watch: !values['no-watch'],
    allowWrite: values['allow-write'],
    git: values.git ?? false,
    logMisses: values['log-misses'],
    protectArtifacts: values['protect-artifacts'] ?? protectArtifactsEnv === '1',
    help: values.help ?? false,
  };
  return { ok: true, options, deprecations };
}

function parse(argv: readonly string[]) {
  return parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: false, strict: true }).values;
}

/** The new flag's value, else the old alias's; both with different values is an error naming both. */
function pick(
  name: string,
  value: string | undefined,
  alias: string,
  aliasValue: string | undefined,
): { ok: true; value: string | undefined } | { ok: false; error: string } {
  if (value !== undefined && aliasValue !== undefined && value !== aliasValue)
    return { ok: false, error: `${name} and ${alias} disagree ("${value}" vs "${aliasValue}"); give only ${name}.` };
  return { ok: true, value: value ?? aliasValue };
}

function checkCombinations(values: ReturnType<typeof parse>, http: boolean, site: string | undefined): string | undefined {
  if (values.git && values['allow-write'] === undefined) return '--git only makes sense with --allow-write <content-dir>.';
  if (site === undefined) return undefined;
  if (!http) return '--site serves the website over HTTP; add --http (npm start does), or leave --site out for stdio.';
  if (/^https?:\/\//i.test(site)) return `--site needs a build folder, got the URL "${site}"; serve a deployed site with --artifacts <url> instead.`;
  if (values.artifacts !== undefined && values.artifacts !== site)
    return `--site ${site} serves the artifacts of that folder; --artifacts ${values.artifacts} would serve others. Give only --site.`;
  return undefined;
}

function parsePort(text: string, name: string): number | string {
  const n = Number(text);
  return /^\d+$/.test(text) && n <= 65535 ? n : `${name}: expected a port number from 0 to 65535, got "${text}".`;
}

/** A positive number of `unit` in `text`, converted to seconds (`perSecond` units make one), or an error naming the flag. */
function parseNumber(name: string, text: string | undefined, unit: string, perSecond: number): number | undefined | string {
  if (text === undefined) return undefined;
  const n = Number(text);
  return text.trim() !== '' && Number.isFinite(n) && n > 0 ? n / perSecond : `${name}: expected a number of ${unit} greater than 0, got "${text}".`;
}

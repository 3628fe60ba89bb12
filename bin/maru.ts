#!/usr/bin/env node
// maru <command> [...args]: every command a team runs, under one name. Kept to Node built-ins and plain syntax, so
// that on a Node too old for Maru this file still runs far enough to say which version it needs.
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The oldest Node every Maru command runs on (package.json `engines` says the same; test/cli-node.test.ts holds them
 * together): what the packages Maru installs ask for, the highest being undici's (Astro's font support) 22.19.
 */
const NODE_MIN = [22, 19] as const;
const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
if (major < NODE_MIN[0] || (major === NODE_MIN[0] && minor < NODE_MIN[1])) {
  console.error(
    `maru needs Node.js ${NODE_MIN.join('.')} or newer; this is ${process.versions.node}. Install Node 22 LTS (https://nodejs.org/) and run it again.`,
  );
  process.exit(1);
}

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
// Run from this checkout the commands are .ts files; installed, the package holds their JavaScript (.js).
const ext = import.meta.url.endsWith('.ts') ? '.ts' : '.js';

const SOURCE_FLAGS = `
  --content <dir>  the Markdown folder (default: the config's \`content\`, else $WIKI_CONTENT_DIR, else ./content)
  --base <path>    the base path the site is served under (default: the config's \`base\`, else $BASE_PATH, else /)`;

interface Command {
  /** The script it runs, relative to Maru's folder, without extension. */
  script: string;
  usage: string;
  summary: string;
  help: string;
  /** Takes --content and --base (passed on to the build as MARU_CLI_*; see src/node/site-config.ts). */
  source?: boolean;
  /** The script prints its own --help. */
  ownHelp?: boolean;
}

const COMMANDS: Record<string, Command> = {
  init: {
    script: 'scripts/init',
    usage: 'maru init [dir] [--title <title>] [--lang ko|en]',
    summary: 'start a wiki in a folder (default: this one)',
    help: `Writes a starter wiki into <dir>: maru.config.ts, content/ with two pages (or, when the folder already has
Markdown, a config that points at it instead), package.json scripts, .github/workflows/wiki.yml, .mcp.json and
.gitignore. Never overwrites a file: one that exists is left as it is and named. Asks nothing.

  --title <title>  the site's title (default: the folder's name)
  --lang ko|en     the interface language (default: ko)`,
  },
  dev: {
    script: 'scripts/dev',
    usage: 'maru dev [--content <dir>] [--base <path>] [--port <n>]',
    summary: 'live preview: an edited page shows in the open browser tab',
    help: `Serves the wiki on 127.0.0.1 and rebuilds the page you edit. Other options go to \`astro dev\`.${SOURCE_FLAGS}`,
    source: true,
  },
  build: {
    script: 'scripts/build',
    usage: 'maru build [--content <dir>] [--base <path>] [--outDir <dir>]',
    summary: 'build the site and the _wiki/* artifacts into ./dist',
    help: `Builds the site for people and the artifacts for AIs in one pass, beside ./dist, and swaps them in only when the
build succeeds. A content error stops the build with the file, field and fix.${SOURCE_FLAGS}`,
    source: true,
  },
  check: {
    script: 'scripts/check',
    usage: 'maru check [--json] [--content <dir>] [--now <date>]',
    summary: 'check the content (exit 1 on errors)',
    help: `Lists errors and warnings (broken links, bad frontmatter, stale pages). Exit 1 when there are errors.

  --json           one JSON object on stdout, for CI
  --now <date>     the date staleness is measured against (default: today)${SOURCE_FLAGS}`,
    source: true,
  },
  start: {
    script: 'scripts/start',
    usage: 'maru start [--site <dir>] [--port <n>] [server options]',
    summary: 'serve the site, /mcp and /healthz on one port (builds ./dist first if needed)',
    help: '',
    source: true,
    ownHelp: true,
  },
  mcp: {
    script: 'mcp/cli',
    usage: 'maru mcp [--artifacts <dir|url>] [server options]',
    summary: 'the MCP server on stdio, reading a build (folder or deployed URL)',
    help: '',
    ownHelp: true,
  },
  new: {
    script: 'scripts/new',
    usage: 'maru new --title <title> [--project <p>] [--category <c>] [--tags a,b] [--id <id>] [--summary <text>]',
    summary: 'write a new document with its frontmatter (never overwrites)',
    help: `Writes <content>/<project>/<id>.md. In a terminal it asks for what is missing; without one it takes the defaults.${SOURCE_FLAGS}`,
    source: true,
  },
  diff: {
    script: 'scripts/diff',
    usage: 'maru diff <base-build> <head-build> [--json]',
    summary: 'what changed in the wiki between two builds (Markdown or JSON)',
    help: "Compares two builds' _wiki/catalog.json: added, removed and changed documents, for a pull-request comment.",
  },
  'pr-comment': {
    script: 'scripts/pr-comment',
    usage: 'maru pr-comment --check <check.json> --diff <diff.md> [--url <preview-url>] [--artifact <download-url>]',
    summary: "a pull request's comment from `maru check --json` and `maru diff` (the action posts it)",
    help: 'Writes the Markdown of the one comment the action keeps up to date on a pull request: check results, the knowledge diff, the preview link.',
  },
  artifacts: {
    script: 'scripts/artifacts',
    usage: 'maru artifacts [--content <dir>] [--out <dir>] [--base <path>]',
    summary: 'emit only the _wiki/* artifacts (no pages), e.g. of a base branch',
    help: 'Writes the artifacts of a content folder without building the site: fast, for the knowledge diff of a pull request.',
  },
};

function overview(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((c) => c.length));
  return [
    'Usage: maru <command> [options]',
    '',
    'Commands:',
    ...Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(width)}  ${c.summary}`),
    '',
    "maru <command> --help shows a command's options. Config keys, and where the content folder and base path come from: Maru's docs, operations/deploy.",
  ].join('\n');
}

/** `args` without --content/--base (and their values), and those two. */
function takeSourceFlags(args: readonly string[]): { rest: string[]; content?: string; base?: string } {
  const rest: string[] = [];
  const found: { content?: string; base?: string } = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const m = /^--(content|base)(?:=(.*))?$/.exec(arg);
    if (!m) {
      rest.push(arg);
      continue;
    }
    const value = m[2] ?? args[++i];
    if (value === undefined || value === '') throw new UsageError(`--${m[1]} needs a value`);
    found[m[1] as 'content' | 'base'] = value;
  }
  return { rest, ...found };
}

class UsageError extends Error {}

const [name, ...args] = process.argv.slice(2);
if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
  console.log(overview());
  process.exit(name === undefined ? 2 : 0);
}
if (name === '--version' || name === '-v') {
  const { readFileSync } = await import('node:fs');
  console.log((JSON.parse(readFileSync(join(root, ext === '.ts' ? 'package.json' : '../package.json'), 'utf8')) as { version: string }).version);
  process.exit(0);
}
const command = COMMANDS[name];
if (!command) {
  console.error(`maru: unknown command "${name}".\n\n${overview()}`);
  process.exit(2);
}
if (args.includes('--help') || args.includes('-h')) {
  if (command.ownHelp) {
    // The server's own usage (one text for `npm start`, `npm run mcp` and these), in this command's words, on stdout.
    const { USAGE } = (await import(`../mcp/options${ext}`)) as typeof import('../mcp/options.ts');
    console.log(
      USAGE[name === 'start' ? 'start' : 'mcp']
        .replaceAll('npm run mcp --', 'maru mcp')
        .replaceAll('npm start --', 'maru start')
        .replaceAll('npm run mcp', 'maru mcp'),
    );
  } else console.log(`Usage: ${command.usage}\n\n${command.help}`);
  process.exit(0);
}

const env: NodeJS.ProcessEnv = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' };
let rest = args;
if (command.source) {
  try {
    const flags = takeSourceFlags(args);
    rest = flags.rest;
    if (flags.content !== undefined) env.MARU_CLI_CONTENT = flags.content;
    if (flags.base !== undefined) env.MARU_CLI_BASE = flags.base;
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`maru ${name}: ${error.message}. Usage: ${command.usage}`);
    process.exit(2);
  }
}

// Asynchronous, so that a stop signal reaches the child and the child's exit code becomes this command's.
const child = spawn(process.execPath, [join(root, `${command.script}${ext}`), ...rest], { stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? 128 + (signal ? constants.signals[signal] : 0)));

import { describe, expect, test } from 'vitest';
import { DEPRECATED, parseServerArgs, type ServerOptions } from './options.ts';

const MCP_DEFAULTS: ServerOptions = {
  artifacts: './dist',
  site: undefined,
  http: false,
  host: '127.0.0.1',
  port: 4321,
  tokensFile: undefined,
  pollSeconds: undefined,
  watch: true,
  allowWrite: undefined,
  git: false,
  logMisses: undefined,
  protectArtifacts: false,
  help: false,
};

function ok(argv: string[], command: 'mcp' | 'start' = 'mcp', port?: string) {
  const r = parseServerArgs(argv, command, port);
  if (!r.ok) throw new Error(`expected ${argv.join(' ')} to parse: ${r.error}`);
  return r;
}

function error(argv: string[], command: 'mcp' | 'start' = 'mcp', port?: string): string {
  const r = parseServerArgs(argv, command, port);
  if (r.ok) throw new Error(`expected ${argv.join(' ')} to fail`);
  return r.error;
}

describe('parseServerArgs: every flag', () => {
  test('npm run mcp with no flags: stdio over ./dist, watching', () => {
    expect(ok([])).toEqual({ ok: true, options: MCP_DEFAULTS, deprecations: [] });
  });

  test('npm start with no flags: HTTP with the site and artifacts of ./dist', () => {
    expect(ok([], 'start').options).toEqual({ ...MCP_DEFAULTS, http: true, site: './dist' });
  });

  test.each<[string[], Partial<ServerOptions>]>([
    [['--artifacts', 'https://wiki.example.com/team/'], { artifacts: 'https://wiki.example.com/team/' }],
    [['--artifacts=build'], { artifacts: 'build' }],
    [['--http'], { http: true }],
    [['--http', '--site', 'out'], { http: true, site: 'out', artifacts: 'out' }],
    [['--http', '--site', 'out', '--artifacts', 'out'], { http: true, site: 'out', artifacts: 'out' }],
    [['--host', '0.0.0.0'], { host: '0.0.0.0' }],
    [['--port', '0'], { port: 0 }],
    [['--port', '8080'], { port: 8080 }],
    [['--tokens-file', 'tokens.txt'], { tokensFile: 'tokens.txt' }],
    [['--poll', '30'], { pollSeconds: 30 }],
    [['--poll', '0.1'], { pollSeconds: 0.1 }],
    [['--no-watch'], { watch: false }],
    [['--allow-write', 'content'], { allowWrite: 'content' }],
    [['--allow-write', 'content', '--git'], { allowWrite: 'content', git: true }],
    [['--log-misses', 'misses.jsonl'], { logMisses: 'misses.jsonl' }],
    [['--help'], { help: true }],
    [['-h'], { help: true }],
  ])('%j', (argv, expected) => {
    expect(ok(argv).options).toEqual({ ...MCP_DEFAULTS, ...expected });
  });

  test('PORT is the default port; --port wins over it', () => {
    expect(ok([], 'mcp', '5000').options.port).toBe(5000);
    expect(ok(['--port', '6000'], 'mcp', '5000').options.port).toBe(6000);
    expect(ok([], 'mcp', '').options.port).toBe(4321);
  });

  test('npm start takes a different site folder, and --http is harmless there', () => {
    expect(ok(['--site', 'build', '--http'], 'start').options).toEqual({ ...MCP_DEFAULTS, http: true, site: 'build', artifacts: 'build' });
  });
});

describe('parseServerArgs: deprecated aliases for one release', () => {
  test('--dist is --site, with one deprecation line', () => {
    expect(ok(['--dist', 'build'], 'start')).toEqual({
      ok: true,
      options: { ...MCP_DEFAULTS, http: true, site: 'build', artifacts: 'build' },
      deprecations: [DEPRECATED.dist],
    });
    expect(DEPRECATED.dist).toBe('--dist is deprecated and will be removed in the next release; use --site <dir>.');
  });

  test('--poll-ms is --poll in milliseconds, with one deprecation line', () => {
    expect(ok(['--poll-ms', '100'], 'start')).toEqual({
      ok: true,
      options: { ...MCP_DEFAULTS, http: true, site: './dist', pollSeconds: 0.1 },
      deprecations: [DEPRECATED['poll-ms']],
    });
  });

  test('both old names at once give both lines, in a fixed order', () => {
    expect(ok(['--poll-ms', '250', '--dist', 'x'], 'start').deprecations).toEqual([DEPRECATED.dist, DEPRECATED['poll-ms']]);
  });

  test('an alias agreeing with its new name is accepted; disagreeing names both', () => {
    expect(ok(['--site', 'a', '--dist', 'a'], 'start').options.site).toBe('a');
    expect(error(['--site', 'a', '--dist', 'b'], 'start')).toBe('--site and --dist disagree ("a" vs "b"); give only --site.');
    expect(error(['--poll', '1', '--poll-ms', '500'])).toBe('--poll 1 and --poll-ms 500 disagree; give only --poll <seconds>.');
  });
});

describe('parseServerArgs: errors name the bad argument', () => {
  test.each<[string[], string]>([
    [['--nope'], "Unknown option '--nope'"],
    [['dist'], "Unexpected argument 'dist'. This command does not take positional arguments"],
    [['--artifacts'], "Option '--artifacts <value>' argument missing"],
    [['--port', 'http'], '--port: expected a port number from 0 to 65535, got "http".'],
    [['--port', '70000'], '--port: expected a port number from 0 to 65535, got "70000".'],
    [['--port=-1'], '--port: expected a port number from 0 to 65535, got "-1".'],
    [['--poll', '0'], '--poll: expected a number of seconds greater than 0, got "0".'],
    [['--poll', 'soon'], '--poll: expected a number of seconds greater than 0, got "soon".'],
    [['--poll-ms', 'fast'], '--poll-ms: expected a number of milliseconds greater than 0, got "fast".'],
    [['--git'], '--git only makes sense with --allow-write <content-dir>.'],
    [['--site', 'dist'], '--site serves the website over HTTP; add --http (npm start does), or leave --site out for stdio.'],
    [
      ['--http', '--site', 'https://wiki.example.com/'],
      '--site needs a build folder, got the URL "https://wiki.example.com/"; serve a deployed site with --artifacts <url> instead.',
    ],
    [['--http', '--site', 'a', '--artifacts', 'b'], '--site a serves the artifacts of that folder; --artifacts b would serve others. Give only --site.'],
  ])('%j', (argv, message) => {
    expect(error(argv)).toBe(message);
  });

  test('a bad PORT is named as PORT', () => {
    expect(error([], 'mcp', 'eighty')).toBe('PORT: expected a port number from 0 to 65535, got "eighty".');
  });

  test('npm start: --artifacts elsewhere than the site folder is refused', () => {
    expect(error(['--artifacts', 'https://wiki.example.com/'], 'start')).toBe(
      '--site ./dist serves the artifacts of that folder; --artifacts https://wiki.example.com/ would serve others. Give only --site.',
    );
  });
});

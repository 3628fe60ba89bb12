// What a team gets from `npm pack`: the tarball installed into an empty folder outside this checkout, with the npm
// cache only, then every command a team runs, through npx, as a team would. The install is done once for all tests.
import { spawn, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { stripVTControlCharacters } from 'node:util';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ListKnowledgeOutputSchema } from '../mcp/tools/list-knowledge.ts';
import { ReadKnowledgeOutputSchema } from '../mcp/tools/read-knowledge.ts';
import { SearchKnowledgeOutputSchema } from '../mcp/tools/search-knowledge.ts';
import { packCached } from '../scripts/lib/pack-cache.ts';
import { logHeavy } from './helpers/once-per-run.ts';

const ROOT = resolve(import.meta.dirname, '..');

let work = '';
let team = '';
/** The environment of a team's shell: this Node first on PATH, none of this checkout's build variables. */
let env: NodeJS.ProcessEnv = {};

function run(args: string[], cwd = team): SpawnSyncReturns<string> {
  return spawnSync(args[0]!, args.slice(1), { cwd, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 240_000 });
}

function npxMaru(...args: string[]): SpawnSyncReturns<string> {
  return run(['npx', '--no-install', 'maru', ...args]);
}

interface Packed {
  name: string;
  tarball: string;
  pkg: { version: string; dependencies: Record<string, string>; bin: Record<string, string> };
}

/**
 * The team folder's package.json and lock: `maru` (and `maru-mcp`) from their tarballs, and every other package at the
 * version and tarball URL this checkout's lock resolved (its production entries). `npm install <tgz> --offline` would
 * need each dependency's registry metadata, which `npm ci` never fetched; with a lock, `npm ci --offline` needs only
 * the tarballs, which it did.
 */
function writeTeamLock(dir: string, packed: Packed[]): void {
  const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, { dev?: boolean }> };
  const dependencies = Object.fromEntries(packed.map((p) => [p.name, `file:${p.tarball}`]));
  const packages: Record<string, unknown> = { '': { name: 'team', dependencies } };
  for (const { name, tarball, pkg } of packed) {
    const integrity = `sha512-${createHash('sha512').update(readFileSync(tarball)).digest('base64')}`;
    packages[`node_modules/${name}`] = { version: pkg.version, resolved: `file:${tarball}`, integrity, dependencies: pkg.dependencies, bin: pkg.bin };
  }
  for (const [path, entry] of Object.entries(lock.packages)) if (path && !entry.dev) packages[path] = entry;
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify({ name: 'team', private: true, dependencies }, null, 2)}\n`);
  writeFileSync(join(dir, 'package-lock.json'), `${JSON.stringify({ name: 'team', lockfileVersion: 3, requires: true, packages }, null, 2)}\n`);
}

/**
 * `npm pack` of the package in `dir` into the work folder (its prepack builds the JavaScript); `npm run lint` packed the
 * same checkout a moment before in `npm test`, and its tarball is reused (scripts/lib/pack-cache.ts).
 */
function pack(dir: string): Packed {
  const { tarball, packed } = packCached(dir, work, env);
  if (packed) logHeavy('npm pack');
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Packed['pkg'] & { name: string };
  return { name: pkg.name, tarball, pkg };
}

/** Every file under `dir`, as paths relative to it. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)));
}

/** Sentences of this repository's example wiki that no team's site may contain: its config's description and its documents' longer titles. */
function exampleWikiWords(): string[] {
  const config = readFileSync(join(ROOT, 'maru.config.ts'), 'utf8');
  const words = [/description: '([^']+)'/.exec(config)![1]!];
  for (const file of readdirSync(join(ROOT, 'content'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.md'))) {
    const title = /^title: (.+)$/m.exec(readFileSync(join(ROOT, 'content', file), 'utf8'))?.[1]?.replace(/^['"]|['"]$/g, '');
    // Short titles ("검색") are also words of the interface; the longer ones are the example wiki's own.
    if (title && title.length >= 10) words.push(title);
  }
  return words;
}

/** Starts `npx maru <args>` with `PORT=0` and resolves with the server's origin, read from its log by `pattern`. */
function serve(args: string[], pattern: RegExp): Promise<{ origin: string; stop: () => void }> {
  // The installed bin itself, not npx: a stopped npx leaves its child running.
  const server = spawn(join(team, 'node_modules/.bin/maru'), args, { cwd: team, env: { ...env, PORT: '0', NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
  const stop = () => void server.kill('SIGTERM');
  return new Promise((done, fail) => {
    let log = '';
    const timer = setTimeout(() => {
      stop();
      fail(new Error(`maru ${args.join(' ')} printed no address in 60 s: ${log}`));
    }, 60_000);
    const read = (d: Buffer) => {
      // Astro colours its banner even without a terminal.
      log += stripVTControlCharacters(d.toString());
      const m = pattern.exec(log);
      if (m) {
        clearTimeout(timer);
        done({ origin: m[1]!, stop });
      }
    };
    server.stdout.on('data', read);
    server.stderr.on('data', read);
    server.on('exit', (code) => fail(new Error(`maru ${args.join(' ')} exited (${code}): ${log}`)));
  });
}

/** The texts of a page's first two second-level headings, once `until` accepts them (the dev server may still be optimizing). */
async function headingsOf(url: string, until: (headings: string[]) => boolean): Promise<string[]> {
  let headings: string[] = [];
  for (let i = 0; i < 100; i++) {
    const html = await (await fetch(url)).text();
    headings = [...html.matchAll(/<h2 id="[^"]*"[^>]*>([^<]*)/g)].map((m) => m[1]!).slice(0, 2);
    if (until(headings)) break;
    await new Promise((r) => setTimeout(r, 300));
  }
  return headings;
}

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'maru-package-'));
  env = { ...process.env, PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ''}`, npm_config_update_notifier: 'false' };
  // Nor vitest's: Astro and Vite behave otherwise under VITEST and NODE_ENV=test.
  for (const key of Object.keys(env)) if (/^(MARU_|WIKI_CONTENT_DIR$|BASE_PATH$|npm_(package|lifecycle)_|VITEST|TEST$|NODE_ENV$)/.test(key)) delete env[key];
  const packed = [pack(ROOT), pack(join(ROOT, 'packages/mcp'))];
  team = join(work, 'acme-docs');
  mkdirSync(team);
  writeTeamLock(team, packed);
  const install = run(['npm', 'ci', '--offline', '--no-audit', '--no-fund', '--loglevel=error']);
  expect(install.status, install.stderr).toBe(0);
}, 600_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('the packed tarball', () => {
  it('holds JavaScript, the pages and the templates, and no tests, fixtures, benchmarks or example content', () => {
    const installed = join(team, 'node_modules/maru');
    const files = readdirSync(installed, { recursive: true, encoding: 'utf8' });
    expect(files.filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))).toEqual([]);
    // The template's two starter pages are the only content.
    expect(files.filter((f) => /(^|\/)(test|fixtures|bench|content|corpora)\//.test(f) || /\.test\.js$/.test(f)).sort()).toEqual([
      'templates/content/guide',
      'templates/content/guide/writing.md',
      'templates/content/index.md',
    ]);
    expect(files).toContain('lib/bin/maru.js');
    expect(files).toContain('lib/src/pages/index.astro');
    expect(files).toContain('lib/src/lib/wiki/config.d.ts');
  });
});

describe('the MCP server package', () => {
  it('depends on nothing of the site build', () => {
    const pkg = JSON.parse(readFileSync(join(team, 'node_modules/maru-mcp/package.json'), 'utf8')) as { dependencies: Record<string, string> };
    expect(Object.keys(pkg.dependencies).filter((d) => /^(astro|@astrojs\/|unified|remark-|rehype-|mermaid|katex|vite)/.test(d))).toEqual([]);
    expect(Object.keys(pkg.dependencies)).toContain('@modelcontextprotocol/server');
  });
});

describe('a team folder with maru installed', () => {
  it('answers --help on every command, and an unknown command with exit 2', () => {
    for (const command of ['init', 'dev', 'build', 'check', 'start', 'mcp', 'new', 'diff']) {
      const r = npxMaru(command, '--help');
      expect([command, r.status]).toEqual([command, 0]);
      expect(r.stdout).toMatch(new RegExp(`^Usage: maru ${command}`));
    }
    const unknown = npxMaru('publish');
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('maru: unknown command "publish".');
  });

  it('init writes the starter wiki without a terminal, and a second init overwrites nothing', () => {
    const first = npxMaru('init');
    expect(first.status, first.stderr).toBe(0);
    // npm's package.json has no "type": "module", so the config is an .mts file (an ES module whatever it says).
    expect(first.stdout.split('\n').filter((l) => /^(wrote|updated)/.test(l))).toEqual([
      'wrote  maru.config.mts',
      'wrote  content/index.md',
      'wrote  content/guide/writing.md',
      'wrote  .github/workflows/wiki.yml',
      'wrote  .mcp.json',
      'wrote  .gitignore',
      'updated  package.json',
    ]);
    expect(JSON.parse(readFileSync(join(team, 'package.json'), 'utf8')).scripts).toEqual({
      dev: 'maru dev',
      build: 'maru build',
      check: 'maru check',
      start: 'maru start',
    });
    expect(readFileSync(join(team, '.github/workflows/wiki.yml'), 'utf8')).toContain('uses: ./node_modules/maru');
    const config = readFileSync(join(team, 'maru.config.mts'), 'utf8');
    const second = npxMaru('init');
    expect(second.status).toBe(0);
    expect(second.stdout).toContain('Nothing written: every file maru init makes is already there.');
    expect(second.stdout).toContain('kept   maru.config.mts (exists; not overwritten)');
    expect(readFileSync(join(team, 'maru.config.mts'), 'utf8')).toBe(config);
  });

  it('check --json reports the starter pages clean', () => {
    const r = npxMaru('check', '--json');
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ root: 'content', documents: 2, errors: 0, warnings: 0 });
  });

  it("build makes the team's site: its title, its pages, none of the example wiki's words", () => {
    const r = npxMaru('build');
    expect(r.status, r.stderr + r.stdout.slice(-2000)).toBe(0);
    const home = readFileSync(join(team, 'dist/index.html'), 'utf8');
    expect(home).toContain(`<title>${basename(team)}</title>`);
    expect(existsSync(join(team, 'dist/docs/writing/index.html'))).toBe(true);
    const texts = filesUnder(join(team, 'dist'))
      .filter((f) => /\.(html|txt|json|md)$/.test(f))
      .map((f) => readFileSync(join(team, 'dist', f), 'utf8'))
      .join('\n');
    const found = exampleWikiWords().filter((w) => texts.includes(w));
    expect(found).toEqual([]);
  });

  it("build copies the package's prebuilt site scripts, byte for byte, instead of bundling them, but not the dev server's own", () => {
    const bundle = join(team, 'node_modules/maru/lib/client-bundle');
    const manifest = JSON.parse(readFileSync(join(bundle, 'manifest.json'), 'utf8')) as { entries: Record<string, string>; files: string[] };
    expect(readFileSync(join(team, 'dist/index.html'), 'utf8')).toContain(`<script type="module" src="/_astro/${manifest.entries['site']}"></script>`);
    // The version check `maru dev` pages load: the package carries it, a built site does not.
    const devOnly = manifest.entries['dev-version'];
    expect(devOnly).toMatch(/^dev-version\.[\w-]+\.js$/);
    expect(existsSync(join(team, 'dist/_astro', devOnly!))).toBe(false);
    const copied = manifest.files.filter((f) => f !== devOnly);
    expect(copied.filter((f) => !readFileSync(join(team, 'dist/_astro', f)).equals(readFileSync(join(bundle, f))))).toEqual([]);
    expect(manifest.files.some((f) => f.startsWith('search-worker-'))).toBe(true);
    // Nothing was bundled beside the package: the checkout's cache folder is not made in an installed Maru.
    expect(existsSync(join(team, 'node_modules/maru/lib/node_modules/.cache/maru-client'))).toBe(false);
  });

  it('mcp serves the build to a real MCP client: list, search, read', async () => {
    const client = new Client({ name: 'team-test', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: 'npx',
        args: ['--no-install', 'maru', 'mcp', '--artifacts', './dist'],
        cwd: team,
        env: env as Record<string, string>,
        stderr: 'pipe',
      }),
    );
    try {
      const list = ListKnowledgeOutputSchema.parse((await client.callTool({ name: 'list_knowledge', arguments: {} })).structuredContent);
      expect(list.documents.map((d) => d.id).sort()).toEqual(['welcome', 'writing']);
      const search = SearchKnowledgeOutputSchema.parse(
        (await client.callTool({ name: 'search_knowledge', arguments: { query: 'frontmatter' } })).structuredContent,
      );
      expect(search.results[0]?.id).toBe('writing');
      const read = ReadKnowledgeOutputSchema.parse(
        (await client.callTool({ name: 'read_knowledge', arguments: { document_id: 'writing' } })).structuredContent,
      );
      expect(read.title).toBe('문서 쓰는 법');
    } finally {
      await client.close();
    }
  });

  it('start serves /, /healthz and /mcp on one port', async () => {
    const { origin, stop } = await serve(['start'], /site (http:\/\/127\.0\.0\.1:\d+)\//);
    try {
      const home = await fetch(`${origin}/`);
      expect([home.status, (await home.text()).includes(`<title>${basename(team)}</title>`)]).toEqual([200, true]);
      const health = (await (await fetch(`${origin}/healthz`)).json()) as { ok: boolean; documentCount: number };
      expect([health.ok, health.documentCount]).toEqual([true, 2]);
      const mcp = await fetch(`${origin}/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
        }),
      });
      expect(mcp.status).toBe(200);
      expect(await mcp.text()).toContain('"serverInfo"');
      // The light server package, as an AI client starts it, reading the deployed site by URL.
      const client = new Client({ name: 'team-test', version: '1.0.0' });
      await client.connect(
        new StdioClientTransport({
          command: 'npx',
          args: ['--no-install', 'maru-mcp', '--artifacts', `${origin}/`],
          cwd: team,
          env: env as Record<string, string>,
          stderr: 'pipe',
        }),
      );
      try {
        const search = SearchKnowledgeOutputSchema.parse(
          (await client.callTool({ name: 'search_knowledge', arguments: { query: 'frontmatter' } })).structuredContent,
        );
        expect(search.results.map((r) => r.id)).toEqual(['writing']);
      } finally {
        await client.close();
      }
    } finally {
      stop();
    }
  });

  it('dev shows an edited page without a restart', async () => {
    const { origin, stop } = await serve(['dev', '--port', '0'], /Local\s+(http:\/\/127\.0\.0\.1:\d+)\//);
    try {
      const page = `${origin}/docs/writing/`;
      expect(await headingsOf(page, (h) => h.length > 0)).toEqual(['frontmatter', '링크']);
      const file = join(team, 'content/guide/writing.md');
      writeFileSync(file, readFileSync(file, 'utf8').replace('## 링크\n', '## 문서 사이의 링크\n'));
      const headings = await headingsOf(page, (h) => h[1] === '문서 사이의 링크');
      expect(headings).toEqual(['frontmatter', '문서 사이의 링크']);
    } finally {
      stop();
    }
  });
});

import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import type * as z from 'zod';
import { logHeavy, oncePerRun } from '../helpers/once-per-run.ts';
import { corpus } from '../helpers/corpora.ts';

export const ROOT = resolve(import.meta.dirname, '../..');
export const EXAMPLE_CONTENT = join(ROOT, 'content');
/** react.dev in Korean, the corpus the repository carries (test/corpora). */
export const KO_REACT_CONTENT = corpus('ko-react-docs');

/**
 * A fresh temp folder holding `_wiki/*` built from `content` (`npm run artifacts`: no Astro, the MCP server needs only
 * the artifacts). A folder of this repository (the example wiki, a fixture, a carried corpus: tests never change those)
 * is built once per test run (`oncePerRun`), with the same MARU_BROKEN_LINKS, and copied: a dozen files start servers
 * on the example wiki.
 */
export function buildFixture(content: string, prefix = 'maru-mcp-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const source = resolve(content);
  if (!source.startsWith(`${ROOT}/`)) {
    runArtifacts(source, dir);
    return dir;
  }
  // A build of the largest corpus takes a minute on a busy machine.
  const { home } = oncePerRun('artifacts', [source, process.env.MARU_BROKEN_LINKS ?? null], (folder) => runArtifacts(source, join(folder, 'out')), 10);
  cpSync(join(home, 'out'), dir, { recursive: true });
  return dir;
}

/** `npm run artifacts` of `content` into `out`, without the parse cache. */
const artifactsArgs = (content: string, out: string) => [join(ROOT, 'scripts/artifacts.ts'), '--no-cache', '--content', content, '--out', out];

/** `npm run artifacts` of `content` into `out`; throws with its output when it fails. */
function runArtifacts(content: string, out: string): void {
  logHeavy('npm run artifacts');
  const r = spawnSync(process.execPath, artifactsArgs(content, out), { cwd: ROOT, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`npm run artifacts failed for ${content}:\n${r.stdout}${r.stderr}`);
}

/**
 * Rebuilds the artifacts in `out` from `content` in another process, as a team's build does beside a running server: this
 * process's connections stay served while it runs (a build on this thread blocks it long enough for a server to close an
 * idle keep-alive connection that the client then reuses).
 */
export function rebuildArtifacts(content: string, out: string): Promise<void> {
  logHeavy('npm run artifacts');
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, artifactsArgs(content, out), { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolvePromise() : reject(new Error(`npm run artifacts failed for ${content}:\n${output}`))));
  });
}

export function removeDir(dir: string | undefined): void {
  if (dir) rmSync(dir, { recursive: true, force: true });
}

/** legacy = the 2025 initialize handshake (the SDK default); auto = probe for the 2026-07-28 era. */
export type Era = 'legacy' | 'auto';

function newClient(era: Era): Client {
  return new Client({ name: 'maru-test', version: '1.0.0' }, { versionNegotiation: { mode: era } });
}

/**
 * The SDK client over the real stdio process, started exactly as `npm run mcp` starts it. The server answers the
 * handshake while its build is still loading; unless `loaded` is false this waits until the build is in (prompts/list
 * waits for it), so a test that changes the artifact folder next starts from a served build.
 */
export async function connectStdio(artifacts: string, era: Era = 'legacy', extraArgs: string[] = [], loaded = true): Promise<Client> {
  const client = newClient(era);
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [join(ROOT, 'mcp/cli.ts'), '--artifacts', artifacts, ...extraArgs],
    cwd: ROOT,
    stderr: 'pipe',
  });
  // Read as it comes (an unread pipe would fill and stall the server's writes), kept for `stdioStderr`.
  let stderr = '';
  transport.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  stderrs.set(client, () => stderr);
  await client.connect(transport);
  if (loaded) await client.listPrompts();
  return client;
}

const stderrs = new WeakMap<Client, () => string>();

/** What the stdio server behind `client` (from `connectStdio`) has written to stderr so far. */
export const stdioStderr = (client: Client): string => stderrs.get(client)?.() ?? '';

/** The same through npm itself; `--silent` keeps npm's "> maru@… mcp" banner off stdout, which is the protocol. */
export async function connectNpm(artifacts: string): Promise<Client> {
  const client = newClient('legacy');
  const env = { ...process.env, PATH: `${join(ROOT, 'node_modules/.bin')}:${process.env.PATH ?? ''}` } as Record<string, string>;
  await client.connect(
    new StdioClientTransport({ command: 'npm', args: ['run', '--silent', 'mcp', '--', '--artifacts', artifacts], cwd: ROOT, env, stderr: 'pipe' }),
  );
  return client;
}

/** The SDK client over Streamable HTTP. */
export async function connectHttp(url: string, era: Era = 'legacy', headers: Record<string, string> = {}): Promise<Client> {
  const client = newClient(era);
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  return client;
}

/** Calls a tool that must succeed and parses its structuredContent with the tool's own output schema. */
export async function callOk<S extends z.ZodType>(
  client: Client,
  name: string,
  args: Record<string, unknown>,
  schema: S,
): Promise<{ data: z.output<S>; text: string }> {
  const result = await client.callTool({ name, arguments: args });
  const text = textOf(result);
  if (result.isError) throw new Error(`${name} failed: ${text}`);
  return { data: schema.parse(result.structuredContent), text };
}

/** Calls a tool that must fail and returns its error text. */
export async function callError(client: Client, name: string, args: Record<string, unknown>): Promise<string> {
  const result = await client.callTool({ name, arguments: args });
  if (!result.isError) throw new Error(`${name} unexpectedly succeeded: ${textOf(result).slice(0, 200)}`);
  return textOf(result);
}

export function textOf(result: { content?: unknown }): string {
  const content = (result.content ?? []) as { type: string; text?: string }[];
  return content.map((c) => (c.type === 'text' ? (c.text ?? '') : '')).join('\n');
}

/** A running `npm start` (scripts/start.ts) on a free port, with its base URL. */
export interface StartedServer {
  url: string;
  child: ChildProcess;
  stderr: () => string;
  stop: () => Promise<void>;
}

/** Spawns scripts/start.ts with PORT=0 and waits for the line that names its URL. */
export async function spawnStart(dist: string, env: Record<string, string> = {}, args: string[] = []): Promise<StartedServer> {
  const child = spawn(process.execPath, [join(ROOT, 'scripts/start.ts'), '--site', dist, '--poll', '0.1', ...args], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  const url = await new Promise<string>((done, reject) => {
    const timer = setTimeout(() => reject(new Error(`start.ts did not come up: ${err}`)), 20_000);
    child.stderr.on('data', (chunk: Buffer) => {
      err += chunk.toString();
      const m = /MCP (http:\/\/\S+)\/mcp/.exec(err);
      if (m) {
        clearTimeout(timer);
        done(m[1]!);
      }
    });
    child.once('exit', (code) => reject(new Error(`start.ts exited ${code}: ${err}`)));
  });
  return {
    url,
    child,
    stderr: () => err,
    stop: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
}

/** Polls `check` until it returns true or the time is up. */
export async function waitFor(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('condition not met in time');
}

import type { IncomingMessage, ServerResponse } from 'node:http';
import { posix } from 'node:path';
import { originValidation, toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler, validateHostHeader } from '@modelcontextprotocol/server';
import type { ArtifactSet } from '../artifacts.ts';
import type { MissLog } from '../misses.ts';
import { createServer as createMcpServer } from '../server.ts';
import type { Writer } from '../write/writer.ts';
import type { ArtifactStore } from '../store.ts';
import { bearerGuard } from './auth.ts';
import { createAdmission, DEFAULT_ADMISSION, refuse, type Admission, type AdmissionLimits } from './admission.ts';
import { createGate, type Gate } from './gate.ts';
import { handleMissPost, MISS_PATH } from './miss.ts';
import { createStaticHandler, send } from './static.ts';

/** Hostnames a local server answers to; anything else in Host or Origin is a DNS-rebinding attempt. */
export const LOCAL_HOSTNAMES = ['localhost', '127.0.0.1', '[::1]'];

export interface HttpAppOptions {
  store: ArtifactStore;
  /** Realpath of the built site to serve, or undefined for MCP only. */
  siteRoot?: string | undefined;
  /** Base path of the site (`/` or `/a/b/`). */
  base?: string;
  /** Bearer tokens; empty means no authentication. */
  tokens?: readonly string[];
  /** Hostnames accepted in Host and Origin, besides the local ones (for `--host` binds behind a proxy). */
  extraHosts?: readonly string[];
  log?: (msg: string) => void;
  /** --allow-write: serves remember_knowledge; refused unless bearer tokens are configured. */
  writer?: Writer | undefined;
  /** --log-misses: MCP searches log weak results, and the site may POST its own to /_wiki/miss. */
  misses?: MissLog | undefined;
  /** --protect-artifacts: `/_wiki/*` needs the bearer token too (pages stay public); refused without tokens. */
  protectArtifacts?: boolean;
  /** MCP requests admitted at once (running or waiting their turn); more get 503 with Retry-After (default MARU_MCP_MAX_CONCURRENT, else 32). */
  maxConcurrent?: number;
  /** The gate those requests go through (default: one of `maxConcurrent`); a test passes its own to hold its slots. */
  gate?: Gate;
  /** Bodies, connections and header time (default `DEFAULT_ADMISSION`, connection counts from MARU_MAX_CONNECTIONS and MARU_MAX_CONNECTIONS_PER_CLIENT). */
  admission?: Partial<AdmissionLimits>;
}

/** Default bound on concurrent /mcp requests: a few per core keeps p99 low; the rest are told to retry. */
export const DEFAULT_MAX_CONCURRENT = 32;

/** Why an HTTP server with a writer but no tokens does not start. */
export const WRITE_NEEDS_TOKENS =
  '--allow-write over HTTP needs bearer tokens: anyone who can reach the port could write into the content folder. Set MARU_MCP_TOKENS or --tokens-file, or use --allow-write with stdio only.';

/** Why --protect-artifacts without tokens does not start. */
export const PROTECT_NEEDS_TOKENS = '--protect-artifacts needs bearer tokens: set MARU_MCP_TOKENS or --tokens-file.';

/** The one request listener of `npm start`: `/mcp`, `/healthz` and the static site. */
export function createHttpApp(options: HttpAppOptions): {
  listener: (req: IncomingMessage, res: ServerResponse) => void;
  close: () => Promise<void>;
  /** Hand to `listen`: it counts connections and sets the header timeout. */
  admission: Admission;
} {
  const { store, writer, misses } = options;
  if (writer && !options.tokens?.length) throw new Error(WRITE_NEEDS_TOKENS);
  if (options.protectArtifacts && !options.tokens?.length) throw new Error(PROTECT_NEEDS_TOKENS);
  const log = options.log ?? ((m: string) => console.error(m));
  const artifacts = writer ? () => writer.current() : () => store.current();
  const mcp = createMcpHandler(() => createMcpServer({ artifacts, writer, misses }), { onerror: (e) => log(`maru-mcp: ${e.message}`) });
  const missPaths = new Set([MISS_PATH, `${options.base ?? '/'}${MISS_PATH.slice(1)}`]);
  const mcpNode = toNodeHandler(mcp);
  const hostnames = [...LOCAL_HOSTNAMES, ...(options.extraHosts ?? [])];
  const hostOk = hostGuard(hostnames);
  const originOk = originValidation(hostnames);
  const authOk = bearerGuard(options.tokens ?? []);
  const maxConcurrent = options.maxConcurrent ?? maxConcurrentFromEnv(process.env.MARU_MCP_MAX_CONCURRENT);
  const gate = options.gate ?? createGate(maxConcurrent);
  const admission = createAdmission({
    ...DEFAULT_ADMISSION,
    maxConnections: positiveIntFromEnv('MARU_MAX_CONNECTIONS', process.env.MARU_MAX_CONNECTIONS, DEFAULT_ADMISSION.maxConnections),
    maxConnectionsPerClient: positiveIntFromEnv(
      'MARU_MAX_CONNECTIONS_PER_CLIENT',
      process.env.MARU_MAX_CONNECTIONS_PER_CLIENT,
      DEFAULT_ADMISSION.maxConnectionsPerClient,
    ),
    ...options.admission,
  });
  const site = options.siteRoot ? createStaticHandler(options.siteRoot, options.base ?? '/') : undefined;

  const listener = (req: IncomingMessage, res: ServerResponse): void => {
    const path = (req.url ?? '/').split('?')[0];
    // Every path checks Host first: a rebound DNS name must not read pages, /healthz or the artifacts either.
    if (!hostOk(req, res)) return;
    if (path === '/mcp') {
      // Order matters: a foreign Origin is refused (403) before credentials are even looked at.
      if (!originOk(req, res) || !authOk(req, res)) return;
      const done = new Promise<void>((resolve) => res.once('close', resolve));
      // IncomingMessage is what toNodeHandler reads; only exactOptionalPropertyTypes objects to its `method?`.
      const run = (body?: unknown) => () =>
        void mcpNode(req as unknown as Parameters<typeof mcpNode>[0], res, body).catch((e: Error) => log(`maru-mcp: /mcp failed: ${e.message}`));
      // Beyond the bound a client hears so at once, instead of queueing until its own timeout.
      if (req.method !== 'POST') {
        if (!gate.admit(run(), done)) overloaded(res, maxConcurrent);
        return;
      }
      // A POST asks for a slot only once its whole body is here and parsed: a slow body holds a connection, not a slot.
      void admission.readJsonBody(req).then((outcome) => {
        if (outcome === undefined || res.destroyed) return;
        if ('status' in outcome) return refuse(req, res, outcome.status, outcome.message);
        if (!gate.admit(run(outcome.body), done)) overloaded(res, maxConcurrent);
      });
      return;
    }
    if (path === '/healthz') return health(store, res, artifacts, saturation(gate, maxConcurrent, admission));
    if (options.protectArtifacts && isArtifactPath(path ?? '/', options.base ?? '/') && !authOk(req, res)) return;
    // The site asks this file whether misses are received; the built copy says no, so static hosts are never POSTed to.
    if (misses && path === `${options.base ?? '/'}site-features.json`)
      return send(res, 200, '{"missLog":true}\n', { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
    if (misses && missPaths.has(path ?? '')) return handleMissPost(req, res, misses);
    if (site) {
      void site(req, res).catch((e: Error) => {
        log(`maru: ${req.url ?? ''}: ${e.message}`);
        if (!res.headersSent) send(res, 500, 'Internal error.\n');
      });
      return;
    }
    send(res, 404, 'Not found. The MCP endpoint is /mcp.\n');
  };
  return { listener, close: () => mcp.close(), admission };
}

/** Refuses a Host outside `hostnames` (DNS rebinding) with 403 and what to configure when the name is legitimate. */
function hostGuard(hostnames: readonly string[]): (req: IncomingMessage, res: ServerResponse) => boolean {
  return (req, res) => {
    const result = validateHostHeader(req.headers.host, [...hostnames]);
    if (result.ok) return true;
    const message = `${result.message.slice(0, 300)}. This server answers only to ${hostnames.join(', ')}; to reach it under another name (a proxy, a LAN address), add that name to MARU_ALLOWED_HOSTS.`;
    res.writeHead(403, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32000, message } }));
    return false;
  };
}

/** 503 with Retry-After and a JSON-RPC error body, so both HTTP clients and MCP SDKs see why. */
function overloaded(res: ServerResponse, max: number): void {
  res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '1', 'cache-control': 'no-store' });
  res.end(
    JSON.stringify({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32000, message: `Server busy: ${max} MCP requests are already being handled. Retry after 1 second.` },
    }),
  );
}

/** MARU_MCP_MAX_CONCURRENT as a positive integer; anything else is a start-up error naming the variable. */
export function maxConcurrentFromEnv(value: string | undefined): number {
  return positiveIntFromEnv('MARU_MCP_MAX_CONCURRENT', value, DEFAULT_MAX_CONCURRENT);
}

function positiveIntFromEnv(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a whole number of at least 1, got ${JSON.stringify(value)}.`);
  return n;
}

/** Why the server cannot take more work right now, if it cannot: what `/healthz` reports as degraded. */
function saturation(gate: Gate, max: number, admission: Admission): string[] {
  const reasons: string[] = [];
  if (gate.size >= max) reasons.push(`all ${max} MCP request slots are taken`);
  const { connections } = admission.stats();
  if (connections >= admission.limits.maxConnections) reasons.push(`all ${admission.limits.maxConnections} connections are open`);
  return reasons;
}

/** The artifacts outside `_wiki/` that carry document text: every document's Markdown, titles and summaries. */
const TEXT_ARTIFACTS = ['llms.txt', 'llms-full.txt'];

/**
 * True for `/_wiki/…`, `/llms.txt` and `/llms-full.txt` (at the root or below the base) however the path is encoded,
 * dotted or cased (a case-insensitive file system serves `/LLMS-FULL.TXT` as the file).
 */
export function isArtifactPath(rawPath: string, base: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return true; // the static handler refuses it anyway; no reason to skip the token check first
  }
  const path = posix.normalize(decoded.replaceAll('\\', '/')).toLowerCase();
  const roots = ['/', base.toLowerCase()];
  return roots.some((root) => path === `${root}_wiki` || path.startsWith(`${root}_wiki/`) || TEXT_ARTIFACTS.some((name) => path === `${root}${name}`));
}

/**
 * `/healthz`: which build is served and how the last reload went; 200 even after a failed reload, since the last good
 * build still serves. 503 with `degraded` while the server refuses MCP work (every slot taken, every connection open),
 * so a probe or a load balancer notices what clients see.
 */
function health(store: ArtifactStore, res: ServerResponse, artifacts: () => ArtifactSet, degraded: string[]): void {
  const set = artifacts();
  const last = store.lastReload();
  const body = {
    ok: last?.ok ?? true,
    buildId: set.manifest.buildId,
    documentCount: set.manifest.documentCount,
    generatedAt: set.manifest.generatedAt,
    commit: set.manifest.commit,
    source: set.source,
    loadedAt: set.loadedAt,
    lastReload: last ?? null,
    ...(degraded.length ? { degraded } : {}),
  };
  res.writeHead(degraded.length ? 503 : 200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(`${JSON.stringify(body, null, 2)}\n`);
}

/** A non-local bind also accepts its own name plus MARU_ALLOWED_HOSTS (comma-separated) in Host/Origin. */
export function extraHosts(host: string): string[] {
  const extra = (process.env.MARU_ALLOWED_HOSTS ?? '')
    .split(',')
    .map((h) => h.trim())
    .filter(Boolean);
  const local = ['127.0.0.1', 'localhost', '::1'].includes(host);
  const wildcard = host === '0.0.0.0' || host === '::';
  return [...(local || wildcard ? [] : [host.includes(':') ? `[${host}]` : host]), ...extra];
}

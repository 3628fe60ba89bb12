import type { IncomingMessage, ServerResponse } from 'node:http';
import { hostHeaderValidation, originValidation, toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler } from '@modelcontextprotocol/server';
import type { ArtifactSet } from '../artifacts.ts';
import type { MissLog } from '../misses.ts';
import { createServer as createMcpServer } from '../server.ts';
import type { Writer } from '../write/writer.ts';
import type { ArtifactStore } from '../store.ts';
import { bearerGuard } from './auth.ts';
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
}

/** Why an HTTP server with a writer but no tokens does not start. */
export const WRITE_NEEDS_TOKENS =
  '--allow-write over HTTP needs bearer tokens: anyone who can reach the port could write into the content folder. Set MARU_MCP_TOKENS or --tokens-file, or use --allow-write with stdio only.';

/** The one request listener of `npm start`: `/mcp`, `/healthz` and the static site. */
export function createHttpApp(options: HttpAppOptions): { listener: (req: IncomingMessage, res: ServerResponse) => void; close: () => Promise<void> } {
  const { store, writer, misses } = options;
  if (writer && !options.tokens?.length) throw new Error(WRITE_NEEDS_TOKENS);
  const log = options.log ?? ((m: string) => console.error(m));
  const artifacts = writer ? () => writer.current() : () => store.current();
  const mcp = createMcpHandler(() => createMcpServer({ artifacts, writer, misses }), { onerror: (e) => log(`maru-mcp: ${e.message}`) });
  const missPaths = new Set([MISS_PATH, `${options.base ?? '/'}${MISS_PATH.slice(1)}`]);
  const mcpNode = toNodeHandler(mcp);
  const hostnames = [...LOCAL_HOSTNAMES, ...(options.extraHosts ?? [])];
  const hostOk = hostHeaderValidation(hostnames);
  const originOk = originValidation(hostnames);
  const authOk = bearerGuard(options.tokens ?? []);
  const site = options.siteRoot ? createStaticHandler(options.siteRoot, options.base ?? '/') : undefined;

  const listener = (req: IncomingMessage, res: ServerResponse): void => {
    const path = (req.url ?? '/').split('?')[0];
    if (path === '/mcp') {
      // Order matters: a foreign Origin is refused (403) before credentials are even looked at.
      if (!hostOk(req, res) || !originOk(req, res) || !authOk(req, res)) return;
      // IncomingMessage is what toNodeHandler reads; only exactOptionalPropertyTypes objects to its `method?`.
      void mcpNode(req as unknown as Parameters<typeof mcpNode>[0], res).catch((e: Error) => log(`maru-mcp: /mcp failed: ${e.message}`));
      return;
    }
    if (path === '/healthz') return health(store, res, artifacts);
    // The site asks this file whether misses are received; the built copy says no, so static hosts are never POSTed to.
    if (misses && path === `${options.base ?? '/'}site-features.json`) return send(res, 200, '{"missLog":true}\n', { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
    if (misses && missPaths.has(path ?? '')) {
      if (!hostOk(req, res)) return;
      return handleMissPost(req, res, misses);
    }
    if (site) {
      void site(req, res).catch((e: Error) => {
        log(`maru: ${req.url ?? ''}: ${e.message}`);
        if (!res.headersSent) send(res, 500, 'Internal error.\n');
      });
      return;
    }
    send(res, 404, 'Not found. The MCP endpoint is /mcp.\n');
  };
  return { listener, close: () => mcp.close() };
}

/** `/healthz`: which build is served and how the last reload went; 200 even after a failed reload, since the last good build still serves. */
function health(store: ArtifactStore, res: ServerResponse, artifacts: () => ArtifactSet): void {
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
  };
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(`${JSON.stringify(body, null, 2)}\n`);
}

/** A non-local bind also accepts its own name plus MARU_ALLOWED_HOSTS (comma-separated) in Host/Origin. */
export function extraHosts(host: string): string[] {
  const extra = (process.env.MARU_ALLOWED_HOSTS ?? '').split(',').map((h) => h.trim()).filter(Boolean);
  const local = ['127.0.0.1', 'localhost', '::1'].includes(host);
  const wildcard = host === '0.0.0.0' || host === '::';
  return [...(local || wildcard ? [] : [host.includes(':') ? `[${host}]` : host]), ...extra];
}

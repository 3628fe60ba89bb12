import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { isInside } from '../source.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
  '.wasm': 'application/wasm',
  '.pdf': 'application/pdf',
};

/** Serves files of the built site below `base`; `root` must already be realpath'd. */
export function createStaticHandler(root: string, base: string): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  return async (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'Method not allowed.\n', { allow: 'GET, HEAD' });
    const pathname = (req.url ?? '/').split('?')[0]!;
    if (pathname === '/' && base !== '/') return send(res, 302, '', { location: base });
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return send(res, 400, 'Bad request: malformed percent-encoding.\n');
    }
    if (!decoded.startsWith(base) || decoded.includes('\0') || decoded.includes('\\')) return notFound(root, res, req);
    const file = await resolveFile(root, decoded.slice(base.length));
    if (file === 'dir') return send(res, 301, '', { location: `${pathname}/` });
    if (!file) return notFound(root, res, req);
    await sendFile(res, req, file, 200);
  };
}

/** The real file for a site path, `'dir'` when a slash is missing, or undefined when nothing (inside root) is there. */
async function resolveFile(root: string, rel: string): Promise<string | 'dir' | undefined> {
  const candidate = normalize(join(root, rel));
  if (!isInside(root, candidate)) return undefined;
  try {
    const real = await realpath(candidate);
    // A symlink in the build must not lead out of it.
    if (!isInside(root, real)) return undefined;
    const info = await stat(real);
    if (info.isFile()) return real;
    if (!info.isDirectory()) return undefined;
    if (!rel.endsWith('/') && rel !== '') return 'dir';
    const index = await realpath(join(real, 'index.html'));
    return isInside(root, index) && (await stat(index)).isFile() ? index : undefined;
  } catch {
    return undefined;
  }
}

async function notFound(root: string, res: ServerResponse, req: IncomingMessage): Promise<void> {
  const page = await resolveFile(root, '404.html');
  if (page && page !== 'dir') return sendFile(res, req, page, 404);
  send(res, 404, 'Not found.\n');
}

async function sendFile(res: ServerResponse, req: IncomingMessage, file: string, status: number): Promise<void> {
  const info = await stat(file);
  const type = TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
  const etag = `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
  // HTML and the artifacts change with every build; hashed assets could be cached longer, but we cannot tell them apart here.
  const headers = { 'cache-control': 'no-cache', etag, 'last-modified': info.mtime.toUTCString(), 'x-content-type-options': 'nosniff' };
  if (status === 200 && req.headers['if-none-match'] === etag) {
    res.writeHead(304, headers);
    return void res.end();
  }
  res.writeHead(status, { ...headers, 'content-type': type, 'content-length': String(info.size) });
  if (req.method === 'HEAD') return void res.end();
  await new Promise<void>((done) => {
    createReadStream(file).on('error', () => res.destroy()).on('close', done).pipe(res);
  });
}

/** A small plain-text answer. */
export function send(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', ...headers });
  res.end(body);
}

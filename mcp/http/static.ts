import { createReadStream } from 'node:fs';
import { readFile, realpath, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { cacheControlFor, etagOf, isCompressible, isNotModified, negotiateEncoding, type Encoding } from '../../src/lib/http/http-static.ts';
import { isInside } from '../source.ts';

const ENCODERS: Record<Encoding, (data: Buffer) => Promise<Buffer>> = {
  // Quality 5 of 11: most of brotli's gain at a small share of its CPU; the result is kept in ENCODED.
  br: (data) => promisify(brotliCompress)(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
  gzip: (data) => promisify(gzip)(data, { level: 6 }),
};
/** Files larger than this are sent as they are: compressing them on request would hold a core too long. */
const MAX_ENCODED_SOURCE = 32 * 1024 * 1024;
/** Bytes of compressed bodies kept; the oldest go first. A cache of derived bytes, not state: any replica rebuilds it. */
const ENCODED_BUDGET = 64 * 1024 * 1024;
const ENCODED = new Map<string, Buffer>();
let encodedBytes = 0;

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
/** What `npm start` sends with every `.svg`; the deploy guide asks other hosts to send the same. */
const SVG_CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'";

export function createStaticHandler(root: string, base: string): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  return async (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'Method not allowed.\n', { allow: 'GET, HEAD' });
    const pathname = (req.url ?? '/').split('?')[0]!;
    if (pathname === '/' && base !== '/') return send(res, 302, '', { location: base });
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      // A reader who followed a mangled link should see the site's own page (in its language), not a protocol message.
      return notFound(root, res, req, 400, 'Bad request: malformed percent-encoding.\n');
    }
    if (!decoded.startsWith(base) || decoded.includes('\0') || decoded.includes('\\')) return notFound(root, res, req);
    const rel = decoded.slice(base.length);
    const file = await resolveFile(root, rel);
    if (file === 'dir') return send(res, 301, '', { location: `${pathname}/` });
    if (!file) return notFound(root, res, req);
    await sendSiteFile(res, req, file, 200, rel);
  };
}

/** The real file for a site path, `'dir'` when a slash is missing, or undefined when nothing (inside root) is there. */
async function resolveFile(root: string, rel: string): Promise<string | undefined> {
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

/** Answers `status` with the site's 404 page when the build has one, else with `fallback` as plain text. */
async function notFound(root: string, res: ServerResponse, req: IncomingMessage, status = 404, fallback = 'Not found.\n'): Promise<void> {
  const page = await resolveFile(root, '404.html');
  if (page && page !== 'dir') return sendSiteFile(res, req, page, status, '404.html');
  send(res, status, fallback);
}

/**
 * Sends a file: brotli or gzip for text when the client accepts it (`Vary: Accept-Encoding`), a weak
 * ETag per representation and `Last-Modified` for 304s, and a year of caching for Astro's hashed assets.
 * A file that vanished since it was found (a build being published or removed) is a plain 404, not a failure.
 */
export async function sendSiteFile(res: ServerResponse, req: IncomingMessage, file: string, status: number, sitePath: string): Promise<void> {
  const info = await stat(file).catch(unlessGone);
  if (!info?.isFile()) return send(res, 404, 'Not found.\n');
  const type = TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
  const compressible = isCompressible(type) && info.size > 0 && info.size <= MAX_ENCODED_SOURCE;
  const encoding = compressible ? negotiateEncoding(req.headers['accept-encoding']) : undefined;
  const etag = etagOf(info.size, info.mtimeMs, encoding);
  const headers: Record<string, string> = {
    'cache-control': cacheControlFor(sitePath),
    etag,
    'last-modified': info.mtime.toUTCString(),
    'x-content-type-options': 'nosniff',
    // Opened by its address an SVG is a document of this origin; even one the build rebuilt gets no script, no
    // request and no frame from the browser (the pages carry their own CSP in a meta element).
    ...(type.startsWith('image/svg+xml') ? { 'content-security-policy': SVG_CONTENT_SECURITY_POLICY } : {}),
    ...(compressible ? { vary: 'Accept-Encoding' } : {}),
  };
  const conditional = { ifNoneMatch: req.headers['if-none-match'], ifModifiedSince: req.headers['if-modified-since'] };
  if (status === 200 && isNotModified(conditional, etag, info.mtimeMs)) {
    res.writeHead(304, headers);
    return void res.end();
  }
  if (encoding) {
    const body = await encoded(file, etag, encoding).catch(unlessGone);
    if (!body) return send(res, 404, 'Not found.\n');
    res.writeHead(status, { ...headers, 'content-type': type, 'content-encoding': encoding, 'content-length': String(body.length) });
    return void res.end(req.method === 'HEAD' ? undefined : body);
  }
  res.writeHead(status, { ...headers, 'content-type': type, 'content-length': String(info.size) });
  if (req.method === 'HEAD') return void res.end();
  await new Promise<void>((done) => {
    createReadStream(file)
      .on('error', () => res.destroy())
      .on('close', done)
      .pipe(res);
  });
}

/** Undefined for a file that is no longer there; any other failure is still one (the app answers 500). */
function unlessGone(error: NodeJS.ErrnoException): undefined {
  if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return undefined;
  throw error;
}

/** The file's bytes in `encoding`, compressed once per file version (the ETag names size and mtime). */
async function encoded(file: string, etag: string, encoding: Encoding): Promise<Buffer> {
  const key = `${file}\0${etag}`;
  const hit = ENCODED.get(key);
  if (hit) {
    // Refresh its place: the Map's order is the eviction order.
    ENCODED.delete(key);
    ENCODED.set(key, hit);
    return hit;
  }
  const body = await ENCODERS[encoding](await readFile(file));
  ENCODED.set(key, body);
  encodedBytes += body.length;
  for (const [k, v] of ENCODED) {
    if (encodedBytes <= ENCODED_BUDGET) break;
    ENCODED.delete(k);
    encodedBytes -= v.length;
  }
  return body;
}

/** A small plain-text answer. */
export function send(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', ...headers });
  res.end(body);
}

import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, relative, sep } from 'node:path';
import { cacheControlFor } from '../../src/lib/http/http-static.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

/** A running static server and its origin. */
export interface StaticServer {
  origin: string;
  close: () => Promise<void>;
}

/** Maps a request path under `base` to a file in `root` (`/a/` → `a/index.html`); undefined when none exists. */
export function resolveFile(root: string, base: string, urlPath: string): string | undefined {
  let path: string;
  try {
    path = decodeURIComponent(urlPath.split(/[?#]/)[0]!);
  } catch {
    return undefined;
  }
  if (!path.startsWith(base)) return undefined;
  const rel = normalize(path.slice(base.length));
  if (rel.startsWith('..')) return undefined;
  const file = join(root, rel);
  if (!file.startsWith(root + sep) && file !== root) return undefined;
  for (const candidate of [file, join(file, 'index.html'), `${file}.html`]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

/** Serves a built site on 127.0.0.1 under `base`, answering 404 with the site's 404.html as GitHub Pages does. */
export async function serve(root: string, base = '/'): Promise<StaticServer> {
  const server: Server = createServer((req, res) => {
    const file = resolveFile(root, base, req.url ?? '/');
    const notFound = join(root, '404.html');
    const target = file ?? (existsSync(notFound) ? notFound : undefined);
    if (!target) {
      res.writeHead(404).end('not found');
      return;
    }
    // Cached as `npm start` and static hosts have browsers cache them: hashed assets for good, the rest revalidated.
    const cacheControl = file ? cacheControlFor(relative(root, file).split(sep).join('/')) : 'no-cache';
    res.writeHead(file ? 200 : 404, {
      'Content-Type': TYPES[extname(target)] ?? 'application/octet-stream',
      'Content-Length': String(statSync(target).size),
      'Cache-Control': cacheControl,
    });
    createReadStream(target).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

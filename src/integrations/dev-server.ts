import type { ViteDevServer } from 'vite';

const SERVED = /^\/(?:_wiki\/.+|llms(?:-full)?\.txt)$/;

/** In `astro dev`, serves `_wiki/*` and llms files from a fresh build of the content, so search works in dev too. */
export function serveArtifacts(server: ViteDevServer, build: () => Map<string, string> | undefined): void {
  const base = server.config.base.replace(/\/$/, '');
  server.middlewares.use((req, res, next) => {
    const url = decodeURIComponent((req.url ?? '').split('?')[0]!);
    const path = base && url.startsWith(base) ? url.slice(base.length) : url;
    if (!SERVED.test(path)) return next();
    const file = build()?.get(path.slice(1));
    if (file === undefined) return next();
    res.setHeader('Content-Type', path.endsWith('.json') ? 'application/json; charset=utf-8' : 'text/markdown; charset=utf-8');
    res.setHeader('Cache-Control', 'no-store');
    res.end(file);
  });
}

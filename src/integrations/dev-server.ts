import type { ViteDevServer } from 'vite';
import { createReadStream, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { contentPathOfPublished, FILES_DIR } from '../lib/wiki/url.ts';
import { MERMAID_SITE_DIR, mermaidFile } from '../node/mermaid-asset.ts';
import { CLIENT_SITE_DIR, clientFile, type ClientManifest } from '../node/client-bundle.ts';
import { DEV_VERSION_FILE, devPages } from './dev-pages.ts';

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

/** In `astro dev`, serves mermaid's prebuilt modules where `astro build` copies them (src/node/mermaid-asset.ts). */
export function serveMermaid(server: ViteDevServer): void {
  const prefix = `${server.config.base.replace(/\/$/, '')}/${MERMAID_SITE_DIR}/`;
  server.middlewares.use((req, res, next) => {
    const url = (req.url ?? '').split('?')[0]!;
    const file = url.startsWith(prefix) ? mermaidFile(url.slice(prefix.length)) : undefined;
    if (!file) return next();
    res.setHeader('Content-Type', 'text/javascript; charset=utf-8');
    res.end(readFileSync(file));
  });
}

/** In `astro dev`, serves the prebuilt site scripts (src/node/client-bundle.ts) where `astro build` copies them (`_astro/`). */
export function serveClientBundle(server: ViteDevServer, dir: string, manifest: ClientManifest): void {
  const prefix = `${server.config.base.replace(/\/$/, '')}/${CLIENT_SITE_DIR}/`;
  server.middlewares.use((req, res, next) => {
    const url = (req.url ?? '').split('?')[0]!;
    const file = url.startsWith(prefix) ? clientFile(dir, manifest, url.slice(prefix.length)) : undefined;
    if (!file) return next();
    res.setHeader('Content-Type', 'text/javascript; charset=utf-8');
    res.end(readFileSync(file));
  });
}

/** Types of the linked files a page shows (the config's logo) or a browser opens itself; anything else is a download. */
const FILE_TYPES: Readonly<Record<string, string>> = {
  '.pdf': 'application/pdf',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.avif': 'image/avif',
};

/**
 * In `astro dev`, serves the content files documents link to where `astro build` copies them (`_files/`): only the
 * files `linked` lists for the current content (so nothing else in the folder, and only publishable types), read from
 * `root`. As on the built site, they are downloads: no type sniffing.
 */
export function serveLinkedFiles(server: ViteDevServer, linked: () => { root: string; paths: ReadonlySet<string> } | undefined): void {
  const prefix = `${server.config.base.replace(/\/$/, '')}/${FILES_DIR}/`;
  server.middlewares.use((req, res, next) => {
    const raw = (req.url ?? '').split('?')[0]!;
    if (!raw.startsWith(prefix)) return next();
    let path: string | undefined;
    try {
      path = contentPathOfPublished(decodeURIComponent(raw.slice(prefix.length)));
    } catch {
      return next();
    }
    const files = linked();
    if (path === undefined || !files?.paths.has(path)) return next();
    const type = FILE_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
    res.setHeader('Content-Type', type);
    // An SVG opened on its own runs no script, as `npm start` serves it (mcp/http/static.ts).
    if (type === 'image/svg+xml') res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Cache-Control', 'no-store');
    createReadStream(join(files.root, path))
      .on('error', () => next())
      .pipe(res);
  });
}

/** Per dev server: the `DevPages.addresses` Astro was last told about (`reloadPages`). */
const addressesTold = new WeakMap<ViteDevServer, number>();

/**
 * After a save: every open tab loads its page again. All pages, not only the saved document's: a save can change any
 * other (a title in the links and sidebars that name it, backlinks, related lists, a tag's or project's listing), and a
 * tab that reloads costs one page request. When the save added or removed an address (a document, or a project,
 * category or tag), Astro is also told that the content changed, so it forgets the pages' `getStaticPaths` (else a new
 * document would be a 404): asked again, the documents' route lists every document (tens of ms at 10,000, in the first
 * request after the save). A save that keeps the addresses keeps Astro's lists, and a page reads its entry of the
 * current version itself (`src/site/wiki.ts` `currentEntry`), not the props Astro kept.
 */
export function reloadPages(server: ViteDevServer, warn: (message: string) => void): void {
  const addresses = devPages()?.addresses;
  if (addresses === undefined || addressesTold.get(server) !== addresses) {
    if (addresses !== undefined) addressesTold.set(server, addresses);
    for (const [name, environment] of Object.entries(server.environments)) {
      if (name === 'client') continue;
      try {
        environment.hot.send('astro:content-changed', {});
      } catch (error) {
        // The tabs are reloaded all the same: a page this environment renders may show the last version until the next save.
        warn(`could not tell Astro's ${name} environment that the wiki changed: ${error instanceof Error ? error.message : String(error)}`);
        addressesTold.delete(server);
      }
    }
  }
  server.environments.client.hot.send({ type: 'full-reload', path: '*' });
}

/**
 * In `astro dev`, answers the version of the wiki the pages read now. A tab that was loading a page when the server told
 * the tabs to reload (`reloadPages`) has no connection to hear it; its page asks here and reloads if it shows an older one.
 */
export function serveDevVersion(server: ViteDevServer): void {
  const path = `${server.config.base.replace(/\/$/, '')}/${DEV_VERSION_FILE}`;
  server.middlewares.use((req, res, next) => {
    if ((req.url ?? '').split('?')[0] !== path) return next();
    res.setHeader('Content-Type', 'text/plain; charset=utf-8');
    res.setHeader('Cache-Control', 'no-store');
    res.end(String(devPages()?.version ?? 0));
  });
}

import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Catalog } from '../lib/artifacts/schema.ts';
import { devPages, publishDevPages, unpublishDevPages, type DataEntry } from './dev-pages.ts';
import { reloadPages, serveDevVersion, serveLinkedFiles } from './dev-server.ts';

type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/** `astro dev`'s middleware stack reduced to one middleware, behind a real HTTP server; what it passes on is a 404. */
async function devServer(base: string, install: (server: ViteDevServer) => void): Promise<{ server: Server; origin: string }> {
  let middleware: Middleware | undefined;
  // Only what the middleware reads of Vite's server: its base and where middlewares go.
  install({ config: { base }, middlewares: { use: (m: Middleware) => (middleware = m) } } as unknown as ViteDevServer);
  const server = createServer((req, res) =>
    middleware!(req, res, () => {
      res.statusCode = 404;
      res.end('passed on');
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe('astro dev serves linked files where the build copies them (_files/)', () => {
  const root = mkdtempSync(join(tmpdir(), 'maru-dev-files-'));
  mkdirSync(join(root, 'docs/자료'), { recursive: true });
  writeFileSync(join(root, 'docs/자료/표 1.csv'), 'a,b\n1,2\n');
  writeFileSync(join(root, 'docs/notes.txt'), 'not linked from any document');
  mkdirSync(join(root, '.gitbook/assets'), { recursive: true });
  writeFileSync(join(root, '.gitbook/assets/guide.pdf'), '%PDF-1.4\n');
  writeFileSync(join(root, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  const paths = new Set(['docs/자료/표 1.csv', '.gitbook/assets/guide.pdf', 'logo.svg']);
  let dev: { server: Server; origin: string };
  beforeAll(async () => {
    dev = await devServer('/wiki/', (server) => serveLinkedFiles(server, () => ({ root, paths })));
  });
  afterAll(() => dev.server.close());

  test('a linked file, by its encoded path under the base: its bytes, as a download without type sniffing', async () => {
    const res = await fetch(`${dev.origin}/wiki/_files/${encodeURI('docs/자료/표 1.csv')}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await res.text()).toBe('a,b\n1,2\n');
  });

  test("a linked file in a hidden folder, where the build publishes it: GitBook's .gitbook/ as _.gitbook/", async () => {
    const res = await fetch(`${dev.origin}/wiki/_files/_.gitbook/assets/guide.pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(await res.text()).toBe('%PDF-1.4\n');
  });

  test('a picture (the config logo) as the picture it is; an SVG with a policy that lets no script of it run', async () => {
    const res = await fetch(`${dev.origin}/wiki/_files/logo.svg`);
    expect([res.status, res.headers.get('content-type'), res.headers.get('content-security-policy')]).toEqual([
      200,
      'image/svg+xml',
      "default-src 'none'; style-src 'unsafe-inline'",
    ]);
  });

  test('anything else is passed on: a file no document links to, a path out of the folder, bad encoding, no base', async () => {
    for (const path of [
      // Under its own hidden name it is not published.
      '/wiki/_files/.gitbook/assets/guide.pdf',
      '/wiki/_files/docs/notes.txt',
      '/wiki/_files/docs%2F..%2Fdocs%2Fnotes.txt',
      '/wiki/_files/%E0%A4%A',
      `/_files/${encodeURI('docs/자료/표 1.csv')}`,
    ]) {
      const res = await fetch(`${dev.origin}${path}`);
      expect({ path, status: res.status, body: await res.text() }).toEqual({ path, status: 404, body: 'passed on' });
    }
  });

  test('while the content has errors (no wiki to read), nothing is served from the folder', async () => {
    const broken = await devServer('/', (server) => serveLinkedFiles(server, () => undefined));
    try {
      const res = await fetch(`${broken.origin}/_files/${encodeURI('docs/자료/표 1.csv')}`);
      expect(res.status).toBe(404);
    } finally {
      broken.server.close();
    }
  });
});

describe('astro dev says which version of the wiki its pages show, for a tab that missed the reload notice', () => {
  test('the version the docs loader last published, under the base; other addresses are passed on', async () => {
    const dev = await devServer('/wiki/', (server) => serveDevVersion(server));
    try {
      const version = async (path: string) => {
        const res = await fetch(dev.origin + path);
        return [res.status, await res.text(), res.headers.get('cache-control')];
      };
      unpublishDevPages();
      expect(await version('/wiki/_maru/dev-version')).toEqual([200, '0', 'no-store']);
      const catalog = { documents: [], projects: [], categories: [], tags: [] } as unknown as Catalog;
      publishDevPages(catalog, new Map());
      publishDevPages(catalog, new Map());
      expect(await version('/wiki/_maru/dev-version')).toEqual([200, '2', 'no-store']);
      expect((await version('/_maru/dev-version'))[1]).toBe('passed on');
    } finally {
      unpublishDevPages();
      dev.server.close();
    }
  });
});

describe('after a save, astro dev reloads the open tabs, and makes Astro ask the pages for their addresses only when the save changed them', () => {
  /** A catalog with these documents (project `p`) and tags; only what the addresses depend on. */
  const catalog = (ids: string[], tags: string[] = []) =>
    ({ documents: ids.map((id) => ({ id })), projects: [{ id: 'p' }], categories: [{ id: 'guide' }], tags: tags.map((id) => ({ id })) }) as unknown as Catalog;
  /** What each of Vite's environments was sent, as `environment: message`. */
  const sent: string[] = [];
  const environment = (name: string) => ({
    hot: { send: (message: string | { type: string }) => void sent.push(`${name}: ${typeof message === 'string' ? message : message.type}`) },
  });
  const server = { environments: { client: environment('client'), ssr: environment('ssr'), astro: environment('astro') } } as unknown as ViteDevServer;
  const save = (next: Catalog) => {
    sent.length = 0;
    publishDevPages(next, new Map());
    reloadPages(server, (message) => sent.push(`warned: ${message}`));
    return [...sent];
  };
  const forgotten = ['ssr: astro:content-changed', 'astro: astro:content-changed', 'client: full-reload'];

  test('a new or deleted document, or a new tag: Astro forgets the addresses it holds; an edit that keeps them: the tabs reload only', () => {
    unpublishDevPages();
    try {
      // The first reload after the server started always tells Astro: what it holds was listed before this server's saves.
      expect(save(catalog(['a', 'b']))).toEqual(forgotten);
      expect(save(catalog(['b', 'a']))).toEqual(['client: full-reload']);
      expect(save(catalog(['a', 'b', 'c']))).toEqual(forgotten);
      expect(save(catalog(['a', 'b', 'c']))).toEqual(['client: full-reload']);
      expect(save(catalog(['a', 'b', 'c'], ['배포']))).toEqual(forgotten);
      expect(save(catalog(['a', 'c'], ['배포']))).toEqual(forgotten);
      expect(save(catalog(['a', 'd'], ['배포']))).toEqual(forgotten);
      expect(devPages()!.version).toBe(7);
    } finally {
      unpublishDevPages();
    }
  });

  test("each version's entries by id, for the page of a document whose props Astro kept", () => {
    unpublishDevPages();
    try {
      const stored = (id: string, body: string) => ({ id, data: { id }, body }) as unknown as DataEntry;
      const b = stored('b', '둘');
      publishDevPages(catalog(['a', 'b']), new Map(Object.entries({ a: stored('a', '처음'), b })));
      publishDevPages(catalog(['a', 'b']), new Map(Object.entries({ a: stored('a', '고쳤습니다'), b })));
      expect([devPages()!.docById.get('a')?.body, devPages()!.docs.map((d) => d.id)]).toEqual(['고쳤습니다', ['a', 'b']]);
      expect(devPages()!.docById.get('a')?.collection).toBe('docs');
    } finally {
      unpublishDevPages();
    }
  });
});

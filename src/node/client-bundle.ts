import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { CLIENT_ENTRIES, DEV_CLIENT_ENTRIES, type ClientEntry } from '../lib/ui/client-entries.ts';
import { sha256 } from './hash.ts';
import { MERMAID_MODULE } from './mermaid-asset.ts';

/**
 * The site's browser code reaches every build already bundled: it is the same for every wiki (the base path is read in
 * the browser, `src/client/site-base.ts`), so Vite bundling it again was a cost each `astro build` paid for identical
 * files. An installed Maru carries the bundle (`lib/client-bundle/`, made by npm pack's prepack); this checkout keeps
 * it under `node_modules/.cache/maru-client/<key>/`, made again when the code it is made from changes (`clientKey`).
 * The files go to the site's `_astro/` beside Astro's own; their names carry a hash of their content, so `_astro/`'s
 * immutable caching holds.
 */

/** Maru's own folder: this checkout, or the installed package (`node_modules/maru/lib`). */
const PROJECT = resolve(import.meta.dirname, '../..');

/** The site folder the bundle's files go to, relative to the base. */
export const CLIENT_SITE_DIR = '_astro';

/** What a bundle folder holds: each entry's file, and every file of the folder (entries, shared chunks, the search worker). */
export interface ClientManifest {
  entries: Record<ClientEntry, string>;
  files: string[];
}

const MANIFEST = 'manifest.json';

/** The prebuilt bundle an installed Maru carries (`scripts/build-package.ts` writes it). */
export const PACKAGED_BUNDLE = join(PROJECT, 'client-bundle');

/**
 * The code the bundle is made from, as one digest: the browser code and the pure modules it imports, this file (the
 * bundler's options), and the locked dependencies (Vite, zod, MiniSearch, mermaid's version in the module's address).
 */
export function clientKey(project = PROJECT): string {
  const parts: string[] = [];
  for (const folder of ['src/client', 'src/lib']) {
    const full = join(project, folder);
    for (const f of readdirSync(full, { recursive: true, encoding: 'utf8' }).sort()) {
      if (!/\.ts$/.test(f) || /\.test\.ts$/.test(f)) continue;
      parts.push(`${folder}/${f}\0${readFileSync(join(full, f), 'utf8')}`);
    }
  }
  for (const file of ['src/node/client-bundle.ts', 'package-lock.json']) {
    const path = join(project, file);
    parts.push(`${file}\0${existsSync(path) ? readFileSync(path, 'utf8') : ''}`);
  }
  return sha256(parts.join('\0')).slice(0, 16);
}

/** The manifest of the bundle folder `dir`, or undefined when it has none (not made, or made only in part). */
export function readClientManifest(dir: string): ClientManifest | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(join(dir, MANIFEST), 'utf8'));
  } catch {
    return undefined;
  }
  const m = parsed as Partial<ClientManifest>;
  const names = Object.keys(CLIENT_ENTRIES) as ClientEntry[];
  const fine =
    Array.isArray(m.files) &&
    m.files.every((f) => typeof f === 'string' && isBundleFile(f)) &&
    typeof m.entries === 'object' &&
    m.entries !== null &&
    names.every((n) => typeof m.entries![n] === 'string' && m.files!.includes(m.entries![n]));
  if (!fine)
    throw new Error(`${join(dir, MANIFEST)}: not a client bundle manifest (entries ${names.join(', ')} and their files); delete the folder to make it again`);
  return m as ClientManifest;
}

/** A file name the bundle may hold: flat, a script, no way out of the folder. */
function isBundleFile(name: string): boolean {
  return /^[\w.-]+\.js$/.test(name) && !name.startsWith('.');
}

/** The bundle this build uses: the packaged one, or this checkout's for the current code, made now if missing. */
export async function clientBundle(): Promise<{ dir: string; manifest: ClientManifest; made: boolean }> {
  const packaged = readClientManifest(PACKAGED_BUNDLE);
  if (packaged) return { dir: PACKAGED_BUNDLE, manifest: packaged, made: false };
  const parent = resolve(PROJECT, 'node_modules/.cache/maru-client');
  const dir = join(parent, clientKey());
  const cached = readClientManifest(dir);
  if (cached) return { dir, manifest: cached, made: false };
  mkdirSync(parent, { recursive: true });
  // Built aside and renamed into place: builds running at once (the tests') each see a whole folder or none.
  const staging = mkdtempSync(join(parent, '.staging-'));
  try {
    await bundleClient(staging);
    try {
      renameSync(staging, dir);
    } catch (e) {
      // Another build put the same bundle there first: use it.
      if (!readClientManifest(dir)) throw e;
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  pruneOtherBundles(parent, dir);
  return { dir, manifest: readClientManifest(dir)!, made: true };
}

/** Removes bundles of other code from `parent` once they are an hour old (a build started before an edit may still read its own). */
function pruneOtherBundles(parent: string, keep: string): void {
  for (const name of readdirSync(parent)) {
    const path = join(parent, name);
    if (path === keep) continue;
    try {
      if (Date.now() - statSync(path).mtimeMs > 3_600_000) rmSync(path, { recursive: true, force: true });
    } catch {
      // removed by another build meanwhile
    }
  }
}

/** Vite, once asked for (`loadBundlerEarly`). */
let bundler: Promise<typeof import('vite')> | undefined;

/**
 * Starts loading Vite in this checkout (Astro has loaded it already), so `clientBundle` can make a bundle. Called while
 * Astro loads the project's config: in `astro dev` that config and the modules it imports run in a Vite module runner
 * that Astro closes before the integration's hooks, and an `import()` made from them after that fails ("Vite module
 * runner has been closed"). An installed Maru has its bundle and never loads Vite for it (Vite is Astro's dependency, not
 * Maru's).
 */
export function loadBundlerEarly(): void {
  if (bundler || readClientManifest(PACKAGED_BUNDLE)) return;
  bundler = import('vite');
  // A failure is reported where the bundle is made; nothing is left unhandled meanwhile.
  bundler.catch(() => undefined);
}

/**
 * Bundles `src/client/` into the folder `outDir` (flat: entries, shared chunks and the search worker) and writes its
 * manifest last. The options are those of Astro's client build (esnext, minified, no inlined assets: the CSP forbids
 * inline script); the base is relative, so the worker and lazily loaded chunks are found beside the script that asks.
 */
export async function bundleClient(outDir: string, project = PROJECT): Promise<ClientManifest> {
  const { build } = await (bundler ??= import('vite'));
  const source = join(project, 'src/client');
  // Astro's names for its own client files (`_astro/<name>.<hash>.js`).
  const fileNames = '[name].[hash].js';
  const output = await build({
    configFile: false,
    root: source,
    base: './',
    mode: 'production',
    logLevel: 'warn',
    publicDir: false,
    envDir: false,
    // mermaid's module by its address under the base; the page joins it to the base it reads (src/client/mermaid.ts).
    define: { __MARU_MERMAID_MODULE__: JSON.stringify(MERMAID_MODULE) },
    worker: { format: 'es', rolldownOptions: { output: { entryFileNames: '[name]-[hash].js', chunkFileNames: fileNames } } },
    build: {
      outDir,
      emptyOutDir: true,
      assetsDir: '',
      target: 'esnext',
      minify: true,
      sourcemap: false,
      assetsInlineLimit: 0,
      copyPublicDir: false,
      modulePreload: { polyfill: false },
      write: true,
      rolldownOptions: {
        input: Object.fromEntries(Object.entries(CLIENT_ENTRIES).map(([name, file]) => [name, join(source, file)])),
        preserveEntrySignatures: 'exports-only',
        output: { entryFileNames: fileNames, chunkFileNames: fileNames, assetFileNames: '[name].[hash][extname]' },
      },
    },
  });
  const outputs = (Array.isArray(output) ? output : [output]) as { output: { type: string; fileName: string; name?: string; isEntry?: boolean }[] }[];
  const entries: Partial<Record<ClientEntry, string>> = {};
  for (const item of outputs.flatMap((o) => o.output))
    if (item.type === 'chunk' && item.isEntry && item.name && item.name in CLIENT_ENTRIES) entries[item.name as ClientEntry] = item.fileName;
  const files = readdirSync(outDir).filter(isBundleFile).sort();
  const others = readdirSync(outDir).filter((f) => !isBundleFile(f));
  if (others.length > 0)
    throw new Error(`client bundle: ${others.join(', ')} in ${relative(project, outDir)} is not a script; the site's _astro/ takes scripts only`);
  const manifest = { entries, files } as ClientManifest;
  writeFileSync(join(outDir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return readClientManifest(outDir)!;
}

/** Copies the bundle's files into the built site `outDir` (`_astro/`), but for the dev server's own scripts; returns how many. */
export function copyClientBundle(dir: string, manifest: ClientManifest, outDir: string): number {
  mkdirSync(join(outDir, CLIENT_SITE_DIR), { recursive: true });
  const devOnly = new Set(DEV_CLIENT_ENTRIES.map((name) => manifest.entries[name]));
  const files = manifest.files.filter((f) => !devOnly.has(f));
  for (const f of files) copyFileSync(join(dir, f), join(outDir, CLIENT_SITE_DIR, f));
  return files.length;
}

/** The bundle's file that serves `path` (relative to the site's `_astro/`), or undefined for any other path. */
export function clientFile(dir: string, manifest: ClientManifest, path: string): string | undefined {
  return manifest.files.includes(path) ? join(dir, path) : undefined;
}

/** Each entry's address under the base (`_astro/site.<hash>.js`), for the pages (`src/site/client-scripts.ts`). */
export function clientScripts(manifest: ClientManifest): Record<ClientEntry, string> {
  return Object.fromEntries(Object.entries(manifest.entries).map(([name, file]) => [name, `${CLIENT_SITE_DIR}/${file}`])) as Record<ClientEntry, string>;
}

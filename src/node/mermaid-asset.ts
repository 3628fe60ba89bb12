import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * Mermaid reaches the site as the package's own prebuilt ES modules, copied as they are, instead of through Vite:
 * bundling its 5 MB of code again took about 6 CPU seconds of every build (a third of the example wiki's), and the
 * result was the same minified chunks. The folder carries the version, so `_astro/`'s year-long immutable caching
 * (http-static.ts) holds: another version is another address.
 */
const dist = dirname(createRequire(import.meta.url).resolve('mermaid'));
const version = (JSON.parse(readFileSync(join(dist, '../package.json'), 'utf8')) as { version: string }).version;
const ENTRY = 'mermaid.esm.min.mjs';
const CHUNKS = 'chunks/mermaid.esm.min';

/** The folder of the site that holds mermaid, relative to the base. */
export const MERMAID_SITE_DIR = `_astro/mermaid-${version}`;

/** The module a page imports, relative to the base. */
export const MERMAID_MODULE = `${MERMAID_SITE_DIR}/${ENTRY}`;

/** The files of the site's mermaid folder, relative to it: the entry and every chunk it may import (no source maps). */
export function mermaidFiles(): string[] {
  const chunks = readdirSync(join(dist, CHUNKS)).filter((f) => f.endsWith('.mjs'));
  return [ENTRY, ...chunks.sort().map((f) => `${CHUNKS}/${f}`)];
}

/** The file of the package that serves `path` (relative to the site's mermaid folder), or undefined for any other path. */
export function mermaidFile(path: string): string | undefined {
  if (path !== ENTRY && !(path.startsWith(`${CHUNKS}/`) && /^[\w.-]+\.mjs$/.test(path.slice(CHUNKS.length + 1)))) return undefined;
  const file = join(dist, path);
  return existsSync(file) ? file : undefined;
}

/** Copies mermaid into the built site `outDir`; returns how many files. */
export function copyMermaid(outDir: string): number {
  const files = mermaidFiles();
  mkdirSync(join(outDir, MERMAID_SITE_DIR, CHUNKS), { recursive: true });
  for (const f of files) copyFileSync(join(dist, f), join(outDir, MERMAID_SITE_DIR, f));
  return files.length;
}

import { readFileSync, realpathSync } from 'node:fs';
import { realpath } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';

/** Where the artifacts come from: a build folder or a deployed site's base URL. */
export interface ArtifactSource {
  /** How the user named it (`./dist`, `https://wiki.example/`), for messages. */
  readonly label: string;
  readonly kind: 'dir' | 'url';
  /** Reads a file by its path relative to the build output (`_wiki/catalog.json`). */
  read(rel: string): Promise<string>;
  /** The same file's bytes, undecoded (hashing bytes skips encoding the text back to UTF-8). */
  readBytes(rel: string): Promise<Buffer>;
  /** URL sources only: a conditional GET with the validators of the last answer; `undefined` means 304. */
  readIfChanged?(rel: string, validators: Validators): Promise<{ text: string; validators: Validators } | undefined>;
}

/** HTTP cache validators remembered between polls. */
export interface Validators {
  etag?: string | undefined;
  lastModified?: string | undefined;
}

/** Thrown when a file does not exist (as opposed to being unreadable or refused). */
export class NotFoundError extends Error {}

/** A relative artifact path: forward slashes, no empty, `.` or `..` segments. */
function checkRel(rel: string): void {
  const bad = isAbsolute(rel) || rel.includes('\\') || rel.includes('\0') || rel.split('/').some((s) => s === '' || s === '.' || s === '..');
  if (bad) throw new Error(`Refusing to read "${rel}": artifact paths must be relative and stay inside the artifact folder.`);
}

/** True when `path` is `root` or below it (both already realpath'd). */
export function isInside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}

/** A folder source; the folder is realpath'd once here so every later check compares real paths. */
export async function dirSource(dir: string): Promise<ArtifactSource> {
  const label = dir;
  let root: string;
  try {
    root = await realpath(resolve(dir));
  } catch {
    throw new NotFoundError(notFoundMessage(label));
  }
  // Synchronous calls on purpose: a build has 10,000 small files, and the promise API's five thread-pool round trips
  // per file (realpath, open, fstat, read, close) took a second of the load; the loader yields between batches.
  const readBytes = async (rel: string): Promise<Buffer> => {
    checkRel(rel);
    let real: string;
    try {
      real = realpathSync.native(join(root, rel));
    } catch {
      throw new NotFoundError(`${rel} is missing in ${label}.`);
    }
    // A symlink inside the build may point anywhere; only targets inside the folder are served.
    if (!isInside(root, real)) throw new Error(`Refusing ${rel} in ${label}: it is a symlink that leads outside the artifact folder.`);
    try {
      return readFileSync(real);
    } catch {
      throw new NotFoundError(`${rel} is missing in ${label}.`);
    }
  };
  return {
    label,
    kind: 'dir',
    // One read and one decode: readFile(path, 'utf8') decodes chunk by chunk, twice as slow on a 30 MB index.
    read: async (rel) => (await readBytes(rel)).toString('utf8'),
    readBytes,
  };
}

/** A deployed site's base URL (`https://wiki.example/team/`); files are fetched below it. */
export function urlSource(spec: string, timeoutMs = 15_000): ArtifactSource {
  const base = new URL(spec.endsWith('/') ? spec : `${spec}/`);
  const get = async (rel: string, headers: Record<string, string> = {}) => {
    checkRel(rel);
    const url = new URL(rel.split('/').map(encodeURIComponent).join('/'), base);
    const res = await fetch(url, { headers, signal: AbortSignal.timeout(timeoutMs) }).catch((e: Error) => {
      // undici reports only "fetch failed"; the cause says whether it was DNS, a refused connection or the timeout.
      const why = e.cause instanceof Error ? e.cause.message : e.message;
      throw new Error(`Cannot fetch ${url.href}: ${why}. Check that the site is up and that --artifacts is its base URL.`);
    });
    if (res.status === 404) throw new NotFoundError(`${rel} is missing at ${base.href} (GET ${url.href} → 404).`);
    if (!res.ok && res.status !== 304) throw new Error(`GET ${url.href} → HTTP ${res.status}.`);
    return res;
  };
  return {
    label: base.href,
    kind: 'url',
    async read(rel) {
      return (await get(rel)).text();
    },
    async readBytes(rel) {
      return Buffer.from(await (await get(rel)).arrayBuffer());
    },
    async readIfChanged(rel, v) {
      const headers: Record<string, string> = {};
      if (v.etag) headers['if-none-match'] = v.etag;
      if (v.lastModified) headers['if-modified-since'] = v.lastModified;
      const res = await get(rel, headers);
      if (res.status === 304) return undefined;
      const validators = { etag: res.headers.get('etag') ?? undefined, lastModified: res.headers.get('last-modified') ?? undefined };
      return { text: await res.text(), validators };
    },
  };
}

/** A source for `--artifacts`: http(s) URLs are fetched, anything else is a folder. */
export async function openSource(spec: string): Promise<ArtifactSource> {
  return /^https?:\/\//i.test(spec) ? urlSource(spec) : dirSource(spec);
}

/** The message for a folder without a build, telling the user how to make one. */
export function notFoundMessage(label: string): string {
  return `Artifacts not found in ${label} (looked for _wiki/manifest.json). Run \`npm run build\` first.`;
}

import { readFileSync, realpathSync } from 'node:fs';
import { realpath } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';

/** Where the artifacts come from: a build folder or a deployed site's base URL. */
export interface ArtifactSource {
  /** How the user named it (`./dist`, `https://wiki.example/`), for messages. */
  readonly label: string;
  readonly kind: 'dir' | 'url';
  /** Reads a file by its path relative to the build output (`_wiki/catalog.json`); refused past `maxBytes`. */
  read(rel: string, maxBytes?: number): Promise<string>;
  /** The same file's bytes, undecoded (hashing bytes skips encoding the text back to UTF-8). */
  readBytes(rel: string, maxBytes?: number): Promise<Buffer>;
  /** URL sources only: a conditional GET with the validators of the last answer; `undefined` means 304. */
  readIfChanged?(rel: string, validators: Validators, maxBytes?: number): Promise<{ text: string; validators: Validators } | undefined>;
}

/**
 * The most a file may hold when nothing says how large it is (a document's Markdown: the catalog gives its sha256,
 * not its size). The manifest names the size of every other file, and a source never reads past that.
 */
export const MAX_ARTIFACT_FILE_BYTES = 16 * 1024 * 1024;
/**
 * The most a manifest may hold: it lists every file of the site's split index too (3.4 MB at 10,000 documents, so
 * about 10 MB at 30,000); a manifest over 1 MiB kept a 10,000-document build from being served from a URL.
 */
export const MAX_MANIFEST_BYTES = 32 * 1024 * 1024;
/** Redirects an artifact URL may take, all on the origin it names. */
const MAX_REDIRECTS = 5;

function tooLarge(rel: string, where: string, maxBytes: number): Error {
  return new Error(`Refusing ${rel} in ${where}: it is larger than ${maxBytes} bytes, the size its manifest gives (or the limit for its kind).`);
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
  // No size cap here: the folder is this machine's build output, read whole as it is (a URL source caps each file).
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
    let url = new URL(rel.split('/').map(encodeURIComponent).join('/'), base);
    for (let redirects = 0; ; redirects++) {
      // Redirects are followed by hand: one to another origin (a cloud metadata address, another host) is refused.
      const res = await fetch(url, { headers, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) }).catch((e: Error) => {
        // undici reports only "fetch failed"; the cause says whether it was DNS, a refused connection or the timeout.
        const why = e.cause instanceof Error ? e.cause.message : e.message;
        throw new Error(`Cannot fetch ${url.href}: ${why}. Check that the site is up and that --artifacts is its base URL.`);
      });
      const location = res.status >= 300 && res.status < 400 && res.status !== 304 ? res.headers.get('location') : null;
      if (location === null) {
        if (res.status === 404) throw new NotFoundError(`${rel} is missing at ${base.href} (GET ${url.href} → 404).`);
        if (!res.ok && res.status !== 304) throw new Error(`GET ${url.href} → HTTP ${res.status}.`);
        return res;
      }
      res.body?.cancel().catch(() => undefined);
      const next = new URL(location, url);
      if (next.origin !== base.origin) throw new Error(`GET ${url.href} redirects to ${next.origin}, another origin than ${base.origin}; refused.`);
      if (redirects >= MAX_REDIRECTS) throw new Error(`GET ${url.href}: more than ${MAX_REDIRECTS} redirects; refused.`);
      url = next;
    }
  };
  /** The body, read only up to `maxBytes` (a declared Content-Length over it is refused before reading). */
  const body = async (rel: string, res: Response, maxBytes: number): Promise<Buffer> => {
    const declared = Number(res.headers.get('content-length'));
    if (Number.isFinite(declared) && declared > maxBytes) {
      res.body?.cancel().catch(() => undefined);
      throw tooLarge(rel, base.href, maxBytes);
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of res.body ?? []) {
      size += chunk.length;
      // Throwing out of the loop ends its iterator, which cancels the body (a cancel() here would be refused: the loop
      // holds the stream's lock).
      if (size > maxBytes) throw tooLarge(rel, base.href, maxBytes);
      chunks.push(chunk);
    }
    return Buffer.concat(chunks);
  };
  return {
    label: base.href,
    kind: 'url',
    async read(rel, maxBytes = MAX_ARTIFACT_FILE_BYTES) {
      return (await body(rel, await get(rel), maxBytes)).toString('utf8');
    },
    async readBytes(rel, maxBytes = MAX_ARTIFACT_FILE_BYTES) {
      return body(rel, await get(rel), maxBytes);
    },
    async readIfChanged(rel, v, maxBytes = MAX_ARTIFACT_FILE_BYTES) {
      const headers: Record<string, string> = {};
      if (v.etag) headers['if-none-match'] = v.etag;
      if (v.lastModified) headers['if-modified-since'] = v.lastModified;
      const res = await get(rel, headers);
      if (res.status === 304) return undefined;
      const validators = { etag: res.headers.get('etag') ?? undefined, lastModified: res.headers.get('last-modified') ?? undefined };
      return { text: (await body(rel, res, maxBytes)).toString('utf8'), validators };
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

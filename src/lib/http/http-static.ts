/** How the built site is served over HTTP: encodings, cache lifetimes and validators. Pure; `mcp/http/static.ts` wires it. */

/** Content encodings the server produces, best first. */
export type Encoding = 'br' | 'gzip';

/** Whether a media type is worth compressing (text formats; images and fonts are compressed already). */
export function isCompressible(contentType: string): boolean {
  return /^(text\/|application\/(json|javascript|xml|manifest\+json|wasm)|image\/svg\+xml)/.test(contentType);
}

/**
 * The encoding to answer with for an `Accept-Encoding` header: `br` before `gzip` when both are
 * acceptable, none when neither is (q=0 refuses, `*` accepts anything not named).
 */
export function negotiateEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const q = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  const accepts = (e: Encoding) => (q.get(e) ?? q.get('*') ?? 0) > 0;
  return (['br', 'gzip'] as const).find(accepts);
}

/** One year, the longest lifetime caches honour. */
const YEAR = 31_536_000;

/**
 * `Cache-Control` for a path relative to the site's base. Astro names what it writes under `_astro/`
 * by content hash, so those never change and may be kept for a year. Pages, `_wiki/*` artifacts and
 * every other file keep their name across builds: caches must revalidate (cheap, with the ETag).
 */
export function cacheControlFor(sitePath: string): string {
  return /^_astro\//.test(sitePath) ? `public, max-age=${YEAR}, immutable` : 'no-cache';
}

/** A weak validator from size and modification time; each encoding is its own representation. */
export function etagOf(size: number, mtimeMs: number, encoding?: Encoding): string {
  return `W/"${size.toString(16)}-${Math.floor(mtimeMs).toString(16)}${encoding ? `-${encoding}` : ''}"`;
}

/**
 * Whether a conditional GET may be answered 304. `If-None-Match` wins over `If-Modified-Since`
 * (RFC 9110 §13.2.2); ETags compare weakly, `*` matches anything.
 */
export function isNotModified(headers: { ifNoneMatch?: string | undefined; ifModifiedSince?: string | undefined }, etag: string, mtimeMs: number): boolean {
  const weak = (tag: string) => tag.trim().replace(/^W\//, '');
  if (headers.ifNoneMatch !== undefined) {
    return headers.ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || weak(tag) === weak(etag));
  }
  if (headers.ifModifiedSince !== undefined) {
    const since = Date.parse(headers.ifModifiedSince);
    // HTTP dates have whole seconds.
    return Number.isFinite(since) && Math.floor(mtimeMs / 1000) * 1000 <= since;
  }
  return false;
}

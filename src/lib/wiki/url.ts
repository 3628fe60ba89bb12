import type { Slug } from './slug.ts';

/** A site URL path that already includes the base path. */
export type Href = string & { readonly __brand: 'href' };

/** Normalises a base path to `/` or `/a/b/` (leading and trailing slash). */
export function normalizeBase(base: string | undefined): string {
  const trimmed = (base ?? '/').replace(/^\/+|\/+$/g, '');
  return trimmed ? `/${trimmed}/` : '/';
}

/** Joins a base path and a site-relative path: `joinUrl('/pr/1', 'docs/a/')` → `/pr/1/docs/a/`. */
export function joinUrl(base: string, path: string): Href {
  return (normalizeBase(base) + path.replace(/^\/+/, '')) as Href;
}

/** The page of a document, relative to the base. */
export function docPath(id: Slug | string): string {
  return `docs/${id.split('/').map(encodeURIComponent).join('/')}/`;
}

/** The folder of the site where files that documents link to (`./data.csv`) are copied, under their content path. */
export const FILES_DIR = '_files';

/** The address of a copied content file (content path), relative to nothing: already under the base. */
export function fileHref(base: string, path: string): Href {
  return joinUrl(base, `${FILES_DIR}/${encodePath(publishedFilePath(path))}`);
}

/**
 * Where a linked content file is published under `_files/`: its content path, with `_` before each hidden name
 * (`.assets/a.pdf` → `_.assets/a.pdf`). Static hosts and GitHub Pages' artifact upload leave hidden
 * files out, so a file published under a hidden folder would be a dead link.
 */
export function publishedFilePath(path: string): string {
  return path
    .split('/')
    .map((part) => (part.startsWith('.') && part !== '.' && part !== '..' ? `_${part}` : part))
    .join('/');
}

/** The content path published at `published` (the inverse of publishedFilePath), or undefined for no such path. */
export function contentPathOfPublished(published: string): string | undefined {
  const path = published
    .split('/')
    .map((part) => (part.startsWith('_.') ? part.slice(1) : part))
    .join('/');
  return publishedFilePath(path) === published ? path : undefined;
}

/** Encodes a heading anchor for use after `#`. */
export function anchorHash(anchor: string): string {
  return anchor ? `#${encodeURIComponent(anchor)}` : '';
}

/** `decodeURIComponent`, or the text as it is when it is not valid percent-encoding (a stray `%` in a link). */
export function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** A file path as a URL path: each name percent-encoded (`그림 1.png`, `a#b.png`), `/`, `.` and `..` kept. */
export function encodePath(path: string): string {
  return path
    .split('/')
    .map((part) => (part === '.' || part === '..' ? part : encodeURIComponent(part)))
    .join('/');
}

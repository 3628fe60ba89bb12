/** A document id: lowercase path-like segments of letters, digits, `_` and `-`, joined by `/`. */
export type Slug = string & { readonly __brand: 'slug' };
/** A path relative to the content root, always with `/` separators. */
export type ContentPath = string & { readonly __brand: 'content-path' };

const SEGMENT = /^[\p{Ll}\p{Lo}\p{N}_]+(?:-[\p{Ll}\p{Lo}\p{N}_]+)*$/u;

/** True when `value` is a well-formed document id. */
export function isSlug(value: string): value is Slug {
  return value.length > 0 && value.length <= 200 && value.split('/').every((s) => SEGMENT.test(s));
}

/** Turns one free-text segment into slug form (lowercase, non-word runs become `-`). */
export function slugifySegment(segment: string): string {
  return segment
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}_-]+/gu, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Normalises a file path to a content path (forward slashes, no leading `./`). */
export function toContentPath(path: string): ContentPath {
  return path.replace(/\\/g, '/').replace(/^\.\//, '') as ContentPath;
}

/** Derives the default id of a document from its content path: `guides/Setup Guide.md` → `guides/setup-guide`, `guides/index.md` and a section's `guides/_index.md` → `guides`. */
export function toSlug(path: string): Slug {
  const segments = toContentPath(path)
    .replace(/\.(md|mdx|markdown)$/i, '')
    .split('/')
    .map(slugifySegment)
    .filter((s) => s.length > 0);
  // A folder's own page: `index.md`, or `_index.md` (a section's page).
  if (segments.length > 1 && (segments[segments.length - 1] === 'index' || segments[segments.length - 1] === '_index')) segments.pop();
  return (segments.length === 0 ? 'index' : segments.join('/')) as Slug;
}

import type { Element, Root } from 'hast';
import { raw } from 'hast-util-raw';
import { sanitize } from 'hast-util-sanitize';
import type { Transformer } from 'unified';
import type { VFile } from 'vfile';
import { visit } from 'unist-util-visit';
import { SANITIZE_SCHEMA } from './sanitize-schema.ts';

/** Properties the schema prefixes (DOM clobbering); Maru's own values of them are restored afterwards. */
const CLOBBER = SANITIZE_SCHEMA.clobber ?? [];
const PREFIX = SANITIZE_SCHEMA.clobberPrefix ?? '';

/**
 * The one sanitizer of content HTML. It first parses the raw HTML of the Markdown (so nothing inert
 * can become live later), then applies GitHub's schema as extended in `sanitize-schema.ts`. Ids that
 * Maru's Markdown pipeline wrote itself (heading ids, footnote ids, their `aria-describedby`) keep their
 * value, so `#anchor` links and `[[doc#heading]]` land; ids from raw HTML get GitHub's `user-content-`.
 * Place it first among the rehype plugins: enrichments after it (callouts, a code-block renderer) are
 * trusted, and the ones Astro runs before it (Shiki) are allowed by the schema.
 */
export default function rehypeSanitizeContent(): Transformer<Root, Root> {
  return (tree: Root, file: VFile) => {
    const trusted = markdownIds(tree);
    const clean = sanitize(raw(tree, { file }), SANITIZE_SCHEMA) as Root;
    if (PREFIX) restoreIds(clean, trusted);
    return clean;
  };
}

/** Clobber-able values present before raw HTML is parsed: the Markdown's own, never an author's raw HTML. */
function markdownIds(tree: Root): Set<string> {
  const ids = new Set<string>();
  visit(tree, 'element', (node: Element) => {
    for (const key of CLOBBER) for (const value of tokens(node.properties[key])) ids.add(value);
  });
  return ids;
}

function restoreIds(tree: Root, trusted: ReadonlySet<string>): void {
  const unprefix = (value: string) => (value.startsWith(PREFIX) && trusted.has(value.slice(PREFIX.length)) ? value.slice(PREFIX.length) : value);
  visit(tree, 'element', (node: Element) => {
    for (const key of CLOBBER) {
      const value = node.properties[key];
      if (typeof value === 'string') node.properties[key] = unprefix(value);
      else if (Array.isArray(value)) node.properties[key] = value.map((v) => (typeof v === 'string' ? unprefix(v) : v));
    }
  });
}

function tokens(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

import type { Element, Root } from 'hast';
import { raw } from 'hast-util-raw';
import { h } from 'hastscript';
import { find, html } from 'property-information';
import { sanitize } from 'hast-util-sanitize';
import type { Transformer } from 'unified';
import type { VFile } from 'vfile';
import { visit } from '../lib/markdown/visit.ts';
import { SANITIZE_SCHEMA } from './sanitize-schema.ts';

/** Properties the schema prefixes (DOM clobbering); Maru's own values of them are restored afterwards. */
const CLOBBER = SANITIZE_SCHEMA.clobber ?? [];
const PREFIX = SANITIZE_SCHEMA.clobberPrefix ?? '';

/**
 * The one sanitizer of content HTML. It first parses the raw HTML of the Markdown (so nothing inert
 * can become live later), then applies GitHub's schema as extended in `sanitize-schema.ts`. Ids that
 * Maru's Markdown pipeline wrote itself (heading ids, footnote ids, their `aria-describedby`) keep their
 * value, so `#anchor` links and `[[doc#heading]]` land; ids from raw HTML get GitHub's `user-content-` (so
 * content cannot take over an id the site's own scripts look up), and in-page `#id` links follow them.
 * Place it first among the rehype plugins: enrichments after it (callouts, a code-block renderer) are
 * trusted, and the ones Astro runs before it (Shiki) are allowed by the schema.
 */
export default function rehypeSanitizeContent(options: Options = {}): Transformer<Root, Root> {
  return (tree: Root, file: VFile) => {
    // The Markdown's own ids are tagged with a secret per page before raw HTML joins the tree, so only they come back
    // unprefixed: an author's `<img name="body">` stays `user-content-body` even beside a heading `## body`.
    const tag = `maru${randomHex()}-`;
    tagMarkdownIds(tree, tag);
    // hast-util-raw re-parses the whole tree with parse5 (a third of this plugin's time over a wiki), but only
    // `raw` nodes need it: most documents hold no HTML, and for them the round trip returns the same tree
    // (test/markdown/sanitize-fast-path.test.ts renders every file of the shared corpora both ways).
    const parsed = options.reparse === 'always' || hasRaw(tree) ? raw(tree, { file }) : normalizeProperties(tree);
    const clean = sanitize(parsed, SANITIZE_SCHEMA) as Root;
    restoreIds(clean, PREFIX + tag);
    if (PREFIX) followPrefixedIds(clean);
    return clean;
  };
}

/** Options of rehypeSanitizeContent. */
export interface Options {
  /** `always` parses every tree with hast-util-raw, also one without raw HTML (the reference the tests compare with). */
  reparse?: 'always' | 'when-raw';
}

/**
 * What the parse5 round trip does to a tree without raw nodes: property names and values as hast spells them.
 * Astro's Shiki writes attribute names (`class: 'astro-code'`, `tabindex: '0'`), which the sanitizer would drop.
 */
function normalizeProperties(tree: Root): Root {
  visit(tree, 'element', (node: Element) => {
    for (const key of Object.keys(node.properties)) {
      if (find(html, key).property === key) continue;
      node.properties = h(node.tagName, node.properties).properties;
      return;
    }
  });
  return tree;
}

function hasRaw(tree: Root): boolean {
  let found = false;
  visit(tree, 'raw', () => {
    found = true;
    return false;
  });
  return found;
}

/** Tags the clobber-able values present before raw HTML is parsed (the Markdown's own, never an author's raw HTML). */
function tagMarkdownIds(tree: Root, tag: string): void {
  visit(tree, 'element', (node: Element) => {
    for (const key of CLOBBER) {
      const value = node.properties[key];
      if (typeof value === 'string') node.properties[key] = tag + value;
      else if (Array.isArray(value)) node.properties[key] = value.map((v) => (typeof v === 'string' ? tag + v : v));
    }
  });
}

/** 64 random bits as hex: what an author cannot write into the page ahead of time. */
function randomHex(): string {
  return Array.from(crypto.getRandomValues(new Uint32Array(2)), (n) => n.toString(16).padStart(8, '0')).join('');
}

/** The tagged values back as written; a value without the tag (raw HTML) keeps the schema's prefix. */
function restoreIds(tree: Root, tagged: string): void {
  const unprefix = (value: string) => (value.startsWith(tagged) ? value.slice(tagged.length) : value);
  visit(tree, 'element', (node: Element) => {
    for (const key of CLOBBER) {
      const value = node.properties[key];
      if (typeof value === 'string') node.properties[key] = unprefix(value);
      else if (Array.isArray(value)) node.properties[key] = value.map((v) => (typeof v === 'string' ? unprefix(v) : v));
    }
  });
}

/** `<a href="#top">` to a raw `<a id="top">` (now `user-content-top`) points at the prefixed id, as GitHub's script does. */
function followPrefixedIds(tree: Root): void {
  const ids = new Set<string>();
  visit(tree, 'element', (node: Element) => {
    if (typeof node.properties['id'] === 'string') ids.add(node.properties['id']);
  });
  visit(tree, 'element', (node: Element) => {
    const href = node.tagName === 'a' ? node.properties['href'] : undefined;
    if (typeof href !== 'string' || !href.startsWith('#')) return;
    let target: string;
    try {
      target = decodeURIComponent(href.slice(1));
    } catch {
      return;
    }
    if (!ids.has(target) && ids.has(PREFIX + target)) node.properties['href'] = `#${PREFIX}${href.slice(1)}`;
  });
}

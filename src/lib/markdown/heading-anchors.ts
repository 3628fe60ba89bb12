import GithubSlugger from 'github-slugger';
import type { Heading, Root } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { visit } from './visit.ts';
import { takeHeadingId } from './heading-id.ts';
import { htmlAnchorIds } from './html-anchors.ts';
import { headingSlugRules } from '../dialects/links.ts';

/** A heading with the id the page gives it and the ids other tools would have given it. */
export interface AnchoredHeading {
  node: Heading;
  text: string;
  /** The page's id: an explicit `{#id}`, else GitHub's rule (what Astro's rehypeHeadingIds computes). */
  anchor: string;
  /** Ids under other slug rules (the dialects', markdown-it-anchor's) that differ from `anchor` and from every other id. */
  aliases: string[];
  /** Ids the heading's own raw HTML carries (`<a id="install">`): the page has them already, links using them land here. */
  htmlIds?: string[];
}

/** markdown-it-anchor's default slugify, decoded: lowercase, whitespace runs become `-`, punctuation kept. */
export function markdownItAnchorSlug(text: string): string {
  return text.trim().toLowerCase().replace(/\s+/g, '-');
}

/** The other tools' slug rules, each numbering its duplicates itself: the dialects' sites', then markdown-it-anchor's. */
const SLUG_RULES: readonly ((text: string) => string)[] = [...headingSlugRules(), markdownItAnchorSlug];

/**
 * The first heading whose text, under a dialect's or markdown-it-anchor's slug rule, gives `anchor`: what a link copied
 * from a page those tools built names (`#resolve-conditions` for `resolve.conditions`, `#4.-한글` for `4. 한글`). For
 * readers of the catalog, whose headings carry their page id only; the site's pages carry these ids themselves.
 */
export function headingBySlugRule<H extends { text: string }>(headings: readonly H[], anchor: string): H | undefined {
  const want = anchor.trim().replace(/^#/, '').normalize('NFC').toLowerCase();
  if (!want) return undefined;
  return headings.find((h) => SLUG_RULES.some((rule) => rule(h.text).normalize('NFC') === want));
}

/** Plain text of a heading without its explicit id marker. */
export function headingText(node: Heading): string {
  return withoutExplicitId(node).text;
}

/**
 * The heading's explicit id and its text without the id's marker. Only a heading that has one is copied (to take the
 * marker off): most have none, and copying every heading of a 10,000-document wiki cost 1.6 s of a build.
 */
function withoutExplicitId(node: Heading): { explicit: string | undefined; text: string } {
  if (takeHeadingId(node, false) === undefined) return { explicit: undefined, text: toString(node, { includeHtml: false }).trim() };
  const copy = structuredClone(node);
  const explicit = takeHeadingId(copy, true);
  return { explicit, text: toString(copy, { includeHtml: false }).trim() };
}

/**
 * Ids a heading's own raw HTML gives it: a book exported from an editor writes `## 설치 <a href="#install" id="install"></a>` to keep a
 * heading's old anchor, and pages converted from HTML keep `<a name="…">`; links using them land on the heading.
 */
function htmlIds(node: Heading): string[] {
  const ids: string[] = [];
  for (const child of node.children) {
    if (child.type === 'html') for (const id of htmlAnchorIds(child.value)) ids.push(id.normalize('NFC'));
  }
  return ids;
}

/**
 * Gives every heading of a tree its page id and its aliases, in document order. One slugger per document
 * and rule, as each tool numbers duplicates (`-1`, `-2`) itself; explicit ids bypass the GitHub slugger.
 * `skip` is the leading title, which the page does not render as a heading.
 */
export function anchorHeadings(tree: Root, skip?: Heading): AnchoredHeading[] {
  const github = new GithubSlugger();
  const others = SLUG_RULES.map(() => new Map<string, number>());
  const out: AnchoredHeading[] = [];
  visit(tree, 'heading', (node: Heading) => {
    if (node === skip) return;
    const { explicit, text } = withoutExplicitId(node);
    const anchor = explicit ?? github.slug(text);
    const candidates = SLUG_RULES.map((rule, i) => unique(others[i]!, rule(text)));
    const own = htmlIds(node).filter((id) => id !== anchor);
    out.push({
      node,
      text,
      anchor,
      aliases: [...new Set(candidates)].filter((a) => a && a !== anchor && !own.includes(a)),
      ...(own.length ? { htmlIds: own } : {}),
    });
  });
  const taken = new Set(out.map((h) => h.anchor));
  for (const h of out) {
    h.aliases = h.aliases.filter((a) => !taken.has(a));
    h.aliases.forEach((a) => taken.add(a));
  }
  return out;
}

function unique(seen: Map<string, number>, slug: string): string {
  const n = seen.get(slug);
  seen.set(slug, (n ?? 0) + 1);
  return n === undefined ? slug : `${slug}-${n}`;
}

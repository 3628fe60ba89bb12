import type { Heading, Root } from 'mdast';
import { headingText } from './heading-anchors.ts';
import { splitExplicitId } from './heading-id.ts';
import { visit } from './visit.ts';

/** The `# heading` a body opens with (raw HTML and link definitions before it aside), if any. */
export function leadingH1(tree: Root): Heading | undefined {
  const first = tree.children.find((n) => n.type !== 'html' && n.type !== 'definition');
  return first?.type === 'heading' && first.depth === 1 ? first : undefined;
}

/** A heading's text as a title reads it: without `{#id}`, trimmed. */
export function titleTextOf(heading: Heading): string {
  return splitExplicitId(headingText(heading)).text.trim();
}

/**
 * Keeps one h1 per page, the page's title. The body's leading `# heading` stays an h1 (the title, which the page shows
 * above the body) when the document has no other title or it reads the same; every other h1 becomes an h2, so a
 * `# Different heading` under a frontmatter `title` is a section of the page rather than a second title. Parse and
 * site both call it, so the table of contents, the anchors and the sections agree. Returns the title heading it kept.
 */
export function demoteBodyH1s(tree: Root, title: string | undefined): Heading | undefined {
  const lead = leadingH1(tree);
  const kept = lead && (title === undefined || sameTitle(titleTextOf(lead), title)) ? lead : undefined;
  visit(tree, 'heading', (node: Heading) => {
    if (node.depth === 1 && node !== kept) node.depth = 2;
  });
  return kept;
}

function sameTitle(a: string, b: string): boolean {
  const norm = (s: string) => s.normalize('NFC').replace(/\s+/g, ' ').trim();
  return norm(a) === norm(b);
}

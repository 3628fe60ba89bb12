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
 * above the body) when the document has no other title or it reads the same. When the body holds any other h1 (a
 * `# Different heading` under a frontmatter `title`, or `#` used for the page's parts), every heading but the title
 * goes one level down (h6 stays h6): the parts become h2 sections and what they hold keeps its nesting under them.
 * Parse and site both call it, so the table of contents, the anchors and the sections agree. Returns the title heading
 * it kept.
 */
export function demoteBodyH1s(tree: Root, title: string | undefined): Heading | undefined {
  const lead = leadingH1(tree);
  const kept = lead && (title === undefined || sameTitle(titleTextOf(lead), title)) ? lead : undefined;
  let bodyH1 = false;
  visit(tree, 'heading', (node: Heading) => {
    if (node.depth === 1 && node !== kept) bodyH1 = true;
  });
  if (!bodyH1) return kept;
  visit(tree, 'heading', (node: Heading) => {
    if (node !== kept && node.depth < 6) node.depth = (node.depth + 1) as Heading['depth'];
  });
  return kept;
}

function sameTitle(a: string, b: string): boolean {
  const norm = (s: string) => s.normalize('NFC').replace(/\s+/g, ' ').trim();
  return norm(a) === norm(b);
}

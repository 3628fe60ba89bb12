import type { Link, PhrasingContent, Root, Text } from 'mdast';
import type { Transformer } from 'unified';
import { ChildReplacements } from '../../markdown/child-replacements.ts';
import { SKIP, visit } from '../../markdown/visit.ts';
import { positionsIn } from '../../markdown/text-position.ts';

/** `[[scheme://…]]` or `[[mailto:…]]`, with an optional `|label`: a URL written as a wikilink (GitHub wikis do). */
const URL_WIKILINK = /\[\[[ \t]*((?:[a-z][a-z\d+.-]*:\/\/|mailto:)[^[\]|\n]*?)[ \t]*(?:\|([^[\]\n]*?))?\]\]/gi;

/**
 * `[[https://example.com]]` and `[[https://example.com|label]]` become the Markdown link to that URL (`[label](url)`,
 * the URL itself as the text when there is no label), so the page and the link checks treat it as any external link:
 * not a document that is missing, not `[[` around a link. GFM's autolinks have already made the URL a link by the
 * time this runs, taking a `|label` with them; the link is put back together from the text around it.
 */
export default function remarkUrlWikiLinks(): Transformer<Root> {
  return (tree, file) => {
    if (typeof file.value === 'string' && !file.value.includes('[[')) return;
    visit(tree, (node) => {
      if (node.type === 'link' || node.type === 'linkReference') return SKIP;
      if (!('children' in node)) return undefined;
      const children = node.children as PhrasingContent[];
      for (let i = 1; i < children.length - 1; i++) joinAutolink(children, i);
      return undefined;
    });
    const replacements = new ChildReplacements();
    visit(tree, 'text', (node: Text, index, parent) => {
      if (!parent || index === undefined || parent.type === 'link' || parent.type === 'linkReference' || !node.value.includes('[[')) return;
      const parts = splitUrlWikiLinks(node);
      if (parts) replacements.set(parent, index, parts);
    });
    replacements.apply();
  };
}

/** `[[` + an autolink + `]]` (or `|label]]`) around `children[i]`, made one link; the text around it keeps the rest. */
function joinAutolink(children: PhrasingContent[], i: number): void {
  const [before, link, after] = [children[i - 1]!, children[i]!, children[i + 1]!];
  if (before.type !== 'text' || link.type !== 'link' || after.type !== 'text' || !before.value.endsWith('[[') || before.value.endsWith('![[')) return;
  // An autolink shows its URL as written; GFM may have put `http://` or `mailto:` in front of it.
  const only = link.children.length === 1 ? link.children[0] : undefined;
  const shown = only?.type === 'text' ? only.value : undefined;
  if (shown === undefined || !link.url.endsWith(shown)) return;
  // The closing `]]` is in the text after, or inside the autolink itself when a letter follows it (`[[https://a.b]]도`).
  const full = shown + after.value;
  const close = full.indexOf(']]');
  const written = full.slice(0, Math.max(close, 0));
  if (close < 0 || /[[\]\n]/.test(written)) return;
  const bar = written.indexOf('|');
  const target = (bar < 0 ? written : written.slice(0, bar)).trim();
  const label = bar < 0 ? '' : written.slice(bar + 1).trim();
  link.url = link.url.slice(0, link.url.length - shown.length) + target;
  link.children = [{ type: 'text', value: label || target }];
  before.value = before.value.slice(0, -2);
  after.value = full.slice(close + 2);
}

/**
 * A text's `[[url|label]]`s as links between its other text; undefined when it has none. Each part keeps the line it
 * starts on: the `[[document]]` links in the text around are reported at their own line, not the paragraph's first.
 */
function splitUrlWikiLinks(node: Text): PhrasingContent[] | undefined {
  const { value } = node;
  const positionAt = positionsIn(node);
  const at = (offset: number) => {
    const position = positionAt(offset);
    return position ? { position } : {};
  };
  const parts: PhrasingContent[] = [];
  let from = 0;
  for (const m of value.matchAll(URL_WIKILINK)) {
    // `![[…]]` is an embed, remarkObsidianEmbeds' business.
    if (value[m.index - 1] === '!') continue;
    if (m.index > from) parts.push({ type: 'text', value: value.slice(from, m.index), ...at(from) });
    const url = m[1]!;
    parts.push({ type: 'link', url, children: [{ type: 'text', value: m[2]?.trim() || url }], ...at(m.index) } satisfies Link);
    from = m.index + m[0].length;
  }
  if (!parts.length) return undefined;
  if (from < value.length) parts.push({ type: 'text', value: value.slice(from), ...at(from) });
  return parts;
}

import type { Emphasis, Html, Link, PhrasingContent, Root, Text } from 'mdast';
import type { Transformer } from 'unified';
import { ChildReplacements } from '../lib/markdown/child-replacements.ts';
import { rewriteHtmlLinks } from '../lib/markdown/html-links.ts';
import { isInternalUrl } from '../lib/markdown/parse.ts';
import { visit } from '../lib/markdown/visit.ts';
import type { VFile } from 'vfile';
import { findWikiLinks, inGithubWikiOrder } from '../lib/markdown/wikilink.ts';

/** Options of remarkWikiLinks; without resolvers links are left as written. */
export interface Options {
  /** Page href for a wikilink target and optional anchor; undefined when there is no such document. */
  resolveWiki?: (target: string, anchor: string | undefined) => string | undefined;
  /** Page href for a Markdown link URL written in the file at `fromPath` (content path); undefined to leave it. */
  resolveUrl?: (url: string, fromPath: string) => string | undefined;
  /** Why a wikilink target has no page, when there is more to say than that no document has it (a draft). */
  brokenWiki?: (target: string) => string | undefined;
  /** Why a Markdown link URL is broken (it names a document that does not exist); undefined when it is not. */
  brokenUrl?: (url: string, fromPath: string) => string | undefined;
  /** Text shown for `[[target]]` and `[[target#anchor]]` without a label, e.g. the target's title. */
  labelOf?: (target: string, anchor: string | undefined) => string | undefined;
  /** The title of the document (and heading) a Markdown link URL names, for page mentions; undefined for none. */
  titleOfUrl?: (url: string, fromPath: string) => string | undefined;
  /** Content path of a vfile (default: its path as given). */
  contentPathOf?: (file: VFile) => string;
}

/** A synced book writes a page mention as `[page.md](page.md "mention")`: the file name as text, "mention" as the title. */
const MENTION = 'mention';

/** Turns `[[id]]`, `[[id|label]]` and `[[id#heading]]` into links and points `.md`/site links at pages. */
export default function remarkWikiLinks(options: Options = {}): Transformer<Root> {
  return (tree, file) => {
    const fromPath = options.contentPathOf?.(file) ?? file.path;
    const replacements = new ChildReplacements();
    visit(tree, 'text', (node: Text, index, parent) => {
      if (!parent || index === undefined || parent.type === 'link' || parent.type === 'linkReference') return;
      const matches = findWikiLinks(node.value);
      if (!matches.length) return;
      const parts: PhrasingContent[] = [];
      let at = 0;
      for (const found of matches) {
        if (found.index > at) parts.push({ type: 'text', value: node.value.slice(at, found.index) });
        const resolveWiki = options.resolveWiki;
        // A page that is there, or a draft that will be, names a GitHub wiki's `[[text|Page]]` as the build reads it.
        const named = (t: string) => resolveWiki?.(t, undefined) !== undefined || options.brokenWiki?.(t) !== undefined;
        const m = resolveWiki ? inGithubWikiOrder(found, named) : found;
        const href = options.resolveWiki?.(m.target, m.anchor);
        const label = m.label ?? options.labelOf?.(m.target, m.anchor) ?? (m.anchor ? `${m.target} § ${m.anchor}` : m.target);
        const children: PhrasingContent[] = [{ type: 'text', value: label }];
        parts.push(
          href
            ? ({ type: 'link', url: href, children, data: { hProperties: { className: ['wikilink'] } } } satisfies Link)
            : brokenSpan(children, options.brokenWiki?.(m.target) ?? `[[${m.target}]]: 문서가 없습니다`),
        );
        at = found.index + found.length;
      }
      if (at < node.value.length) parts.push({ type: 'text', value: node.value.slice(at) });
      replacements.set(parent, index, parts);
    });
    replacements.apply();
    if (options.resolveUrl || options.brokenUrl) {
      visit(tree, 'link', (node: Link, index, parent) => {
        // `[[wiki links]]` made above already point at their page; their hrefs are site URLs, not content paths.
        if (isWikiLink(node)) return;
        const href = options.resolveUrl?.(node.url, fromPath);
        if (href) {
          // A mention shows the page's title, as the book's editor does, not the file name it was synced with.
          const title = node.title === MENTION ? options.titleOfUrl?.(node.url, fromPath) : undefined;
          if (title) {
            node.children = [{ type: 'text', value: title }];
            node.title = null;
          }
          node.url = href;
          return;
        }
        const reason = options.brokenUrl?.(node.url, fromPath);
        if (reason && parent && index !== undefined) parent.children[index] = brokenSpan(node.children, reason);
      });
      // Raw HTML `<a href>` goes where the same Markdown link would; one that names nothing is left as written (the
      // build's link check reports it, as the parse collects it).
      const resolveUrl = options.resolveUrl;
      if (resolveUrl)
        visit(tree, 'html', (node: Html) => {
          node.value = rewriteHtmlLinks(node.value, (url) => (isInternalUrl(url) || /^#./.test(url) ? resolveUrl(url, fromPath) : undefined));
        });
    }
  };
}

/** A broken link as plain text with a marker: `<span class="broken-link" title="…">`, never a link to a 404. */
function brokenSpan(children: PhrasingContent[], title: string): Emphasis {
  return { type: 'emphasis', data: { hName: 'span', hProperties: { className: ['broken-link'], title } }, children };
}

function isWikiLink(node: Link): boolean {
  const className = (node.data?.hProperties as { className?: unknown } | undefined)?.className;
  return Array.isArray(className) && className.includes('wikilink');
}

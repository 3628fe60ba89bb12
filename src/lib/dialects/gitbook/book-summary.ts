import { joinPath, pathCandidates } from '../../wiki/links.ts';
import { safeDecode } from '../../wiki/url.ts';

/** A link's destination: `<with spaces.md>` or a plain one, up to the first space or `)`. */
const LINK = /\]\(\s*(?:<([^<>\n]*)>|([^()\s]+))/g;

/**
 * The reading order a book's table of contents gives (GitBook's and mdBook's SUMMARY.md, Docsify's `_sidebar.md`, at the
 * content root): each page it links to, by content path, with its place in the list. A page listed twice keeps its first
 * place; links out of the folder, to other files or to anchors only are not pages. With `isPage` (the folder's Markdown
 * files), links written as Docsify writes them also count: from the root (`/guide/setup`) or without `.md`, read as the
 * site reads a link (`guide/` is `guide/README.md`, `/` the root's README.md).
 */
export function bookOrder(summary: string, isPage?: (path: string) => boolean): Map<string, number> {
  const order = new Map<string, number>();
  for (const m of summary.matchAll(LINK)) {
    const written = safeDecode((m[1] ?? m[2] ?? '').split('#')[0]!.split('?')[0]!.trim());
    if (/^[a-z][a-z\d+.-]*:/i.test(written) || written.split('/').includes('..')) continue;
    const path = pageOf(written, isPage);
    if (path === undefined || order.has(path)) continue;
    order.set(path, order.size + 1);
  }
  return order;
}

function pageOf(written: string, isPage: ((path: string) => boolean) | undefined): string | undefined {
  // An anchor alone (`#setup`) names no page.
  if (!written) return undefined;
  if (!isPage) return !written.startsWith('/') && /\.(md|markdown)$/i.test(written) ? joinPath('', written) : undefined;
  return pathCandidates(joinPath('', written)).find(isPage);
}

import { joinPath } from './links.ts';
import { safeDecode } from './url.ts';

/** A link's destination: `<with spaces.md>` or a plain one, up to the first space or `)`. */
const LINK = /\]\(\s*(?:<([^<>\n]*)>|([^()\s]+))/g;

/**
 * The reading order a book's table of contents gives (GitBook's and mdBook's SUMMARY.md at the content root): each
 * Markdown page it links to, by content path, with its place in the list. A page listed twice keeps its first place;
 * links out of the folder, to other files or to anchors only are not pages.
 */
export function bookOrder(summary: string): Map<string, number> {
  const order = new Map<string, number>();
  for (const m of summary.matchAll(LINK)) {
    const written = safeDecode((m[1] ?? m[2] ?? '').split('#')[0]!.trim());
    if (!written || /^[a-z][a-z\d+.-]*:/i.test(written) || written.startsWith('/') || !/\.(md|markdown)$/i.test(written)) continue;
    if (written.split('/').includes('..')) continue;
    const path = joinPath('', written);
    if (order.has(path)) continue;
    order.set(path, order.size + 1);
  }
  return order;
}

/**
 * The reading order of one folder that an Azure DevOps wiki's `.order` file gives (`.order` at `orderPath`, a content
 * path): one page name per line, the file name without `.md`, as the folder's pages are to be read.
 */
export function folderOrder(orderPath: string, text: string): Map<string, number> {
  const folder = orderPath.includes('/') ? orderPath.slice(0, orderPath.lastIndexOf('/') + 1) : '';
  const order = new Map<string, number>();
  for (const line of text.split(/\r?\n/)) {
    const name = line.trim();
    if (!name || name.includes('/') || name === '.' || name === '..') continue;
    const path = `${folder}${name}.md`;
    if (!order.has(path)) order.set(path, order.size + 1);
  }
  return order;
}

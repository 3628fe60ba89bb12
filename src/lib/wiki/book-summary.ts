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

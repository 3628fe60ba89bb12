/**
 * Anchors written as raw HTML in Markdown: `<a id="factory-ajv"></a>` above a heading, `<a name="top">`, a
 * `<div id="notes">`. Repositories whose headings' slugs are long or unstable (Fastify, Pino) place such anchors
 * and link to them from other pages (`./Server.md#factory-ajv`).
 *
 * The sanitizer keeps these ids but prefixes them (GitHub's `user-content-`, so content cannot take over an id the
 * site's scripts look up); a link that names one is written to the prefixed id.
 */

/** What GitHub's sanitizing schema puts before every id and `name` written in raw HTML. */
export const RAW_ID_PREFIX = 'user-content-';

/** An opening tag: its name, then its attributes up to the `>` (quoted values may hold `>`). */
const OPEN_TAG = /<([a-zA-Z][a-zA-Z0-9-]*)((?:[^<>"']|"[^"]*"|'[^']*')*)>/g;
/** An `id` or `name` attribute with a quoted or bare value. */
const ANCHOR_ATTRIBUTE = /(?:^|\s)(id|name)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/gi;

/**
 * The fragment ids a piece of raw HTML defines, in order, each once: every element's `id`, and an `<a>`'s `name`
 * (browsers go to `#x` for `<a name="x">`, for no other element). Character references in values are not
 * decoded: an anchor written `&amp;` is rare enough not to warrant an HTML parser here.
 */
export function htmlAnchorIds(html: string): string[] {
  if (!html.includes('=')) return [];
  const ids = new Set<string>();
  for (const tag of html.matchAll(OPEN_TAG)) {
    const isLink = tag[1]!.toLowerCase() === 'a';
    for (const attribute of tag[2]!.matchAll(ANCHOR_ATTRIBUTE)) {
      if (attribute[1]!.toLowerCase() === 'name' && !isLink) continue;
      const value = (attribute[2] ?? attribute[3] ?? attribute[4] ?? '').trim();
      if (value && !/\s/.test(value)) ids.add(value);
    }
  }
  return [...ids];
}

/**
 * The heading an anchor written as raw HTML stands above (`<a id="factory-ajv"></a>` on the line before `### ajv`, as
 * repositories on GitHub place them), in a document's Markdown whose `headings` carry 1-based lines: the first heading
 * at most `within` lines below the anchor's line, or undefined. The site lands on such an anchor itself; a reader of
 * sections (`read_knowledge`) needs the heading.
 */
export function headingBelowAnchor<H extends { line: number }>(markdown: string, headings: readonly H[], id: string, within = 3): H | undefined {
  if (!id || !markdown.includes(id)) return undefined;
  const lines = markdown.split('\n');
  const at = lines.findIndex((line) => line.includes(id) && htmlAnchorIds(line).includes(id));
  if (at < 0) return undefined;
  return headings.find((h) => h.line > at && h.line <= at + 1 + within);
}

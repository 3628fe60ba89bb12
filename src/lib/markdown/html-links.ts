/**
 * Links written as raw HTML in Markdown: `<a href="/guide/essentials/forms.html">` in an HTML block or inline, as
 * documentation sites write them to add `target="_blank"` or a class. They are checked and pointed at their
 * page like Markdown links (`collectLinks`, `remarkWikiLinks`); only `<a>`'s `href` is read, never a script's text.
 */

/** An `<a>` opening tag, across lines, its attributes up to the `>` (quoted values may hold `>`). */
const A_TAG = /<a(?=[\s>/])((?:[^<>"']|"[^"]*"|'[^']*')*)>/gi;
/** The `href` attribute: its quote (none for a bare value) and value. */
const HREF = /(^|\s)href\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/i;

/** One `href` of an `<a>` tag in raw HTML: the URL as the browser reads it, and where it starts in the text. */
export interface HtmlLink {
  url: string;
  /** Offset of the tag in the HTML, for its line. */
  index: number;
}

/** Every `<a href>` of a piece of raw HTML, in order, its value with `&amp;` and the other common references decoded. */
export function htmlLinks(html: string): HtmlLink[] {
  if (!/<a[\s>/]/i.test(html)) return [];
  const links: HtmlLink[] = [];
  // A link inside a comment is never on the page: blanked, with every offset kept.
  const shown = html.includes('<!--') ? html.replace(/<!--[\s\S]*?(?:-->|$)/g, (c) => c.replace(/[^\n]/g, ' ')) : html;
  for (const tag of shown.matchAll(A_TAG)) {
    const href = HREF.exec(tag[1]!);
    if (!href) continue;
    links.push({ url: asBrowserReads(decodeReferences(href[2] ?? href[3] ?? href[4] ?? '')), index: tag.index });
  }
  return links;
}

/**
 * The HTML with each `<a>`'s `href` replaced by what `rewrite` returns for its URL (undefined leaves it as written);
 * the new value is written in double quotes, escaped, and the rest of the tag stays as it was.
 */
export function rewriteHtmlLinks(html: string, rewrite: (url: string) => string | undefined): string {
  if (!/<a[\s>/]/i.test(html)) return html;
  return html.replace(A_TAG, (tag: string, attributes: string) => {
    const href = HREF.exec(attributes);
    if (!href) return tag;
    const next = rewrite(asBrowserReads(decodeReferences(href[2] ?? href[3] ?? href[4] ?? '')));
    if (next === undefined) return tag;
    const at = href.index + href[1]!.length;
    const written = `href="${next.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"`;
    return `<a${attributes.slice(0, at)}${written}${attributes.slice(at + href[0].length - href[1]!.length)}>`;
  });
}

/**
 * A URL as the browser's URL parser reads it: tabs and line breaks anywhere dropped, control characters and spaces at
 * either end trimmed. `java&#x09;script:` is `javascript:`, a scheme, never a page of the wiki.
 */
function asBrowserReads(url: string): string {
  // eslint-disable-next-line no-control-regex -- the C0 controls the URL standard trims
  return url.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');
}

const REFERENCES: Record<string, string> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>' };

function decodeReferences(value: string): string {
  return value.replace(/&(amp|quot|apos|lt|gt|#(\d+)|#x([0-9a-f]+));/gi, (whole, name: string, dec?: string, hex?: string) => {
    if (dec) return String.fromCodePoint(Number(dec));
    if (hex) return String.fromCodePoint(parseInt(hex, 16));
    return REFERENCES[name.toLowerCase()] ?? whole;
  });
}

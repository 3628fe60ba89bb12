/** A `[[target#anchor|label]]` reference found in text. */
export interface WikiLinkMatch {
  /** Offset of `[[` in the text. */
  index: number;
  /** Length of the whole `[[…]]`. */
  length: number;
  target: string;
  anchor?: string;
  label?: string;
}

const WIKILINK = /\[\[([^[\]|#\n]+?)(?:#([^[\]|\n]+?))?(?:\|([^[\]\n]+?))?\]\]/g;

/** Finds every wikilink in a text node's value. */
export function findWikiLinks(text: string): WikiLinkMatch[] {
  const out: WikiLinkMatch[] = [];
  for (const m of text.matchAll(WIKILINK)) {
    const target = m[1]!.trim();
    if (!target) continue;
    out.push({
      index: m.index,
      length: m[0].length,
      target,
      ...(m[2] ? { anchor: m[2].trim() } : {}),
      ...(m[3] ? { label: m[3].trim() } : {}),
    });
  }
  return out;
}

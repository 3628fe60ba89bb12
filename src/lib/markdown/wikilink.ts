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

/** Files Obsidian shows as pictures when embedded with `![[…]]`. */
const PICTURE_FILE = /\.(?:png|jpe?g|gif|svg|webp|avif|bmp)$/i;
/** Obsidian's size option of a picture embed: `|300` (width) or `|300x200`. */
const PICTURE_SIZE = /^(\d{1,5})(?:x(\d{1,5}))?$/;

/** Whether an embed `![[target]]` shows a picture (else it names a note). */
export function isPictureEmbed(target: string): boolean {
  return PICTURE_FILE.test(target.trim());
}

/** What a picture embed's `|label` says: a size (`300`, `300x200`) or, otherwise, the alt text. */
export function pictureEmbedLabel(label: string | undefined): { alt: string; width?: string; height?: string } {
  const size = label === undefined ? null : PICTURE_SIZE.exec(label.trim());
  if (!size) return { alt: label ?? '' };
  return { alt: '', width: size[1]!, ...(size[2] ? { height: size[2] } : {}) };
}

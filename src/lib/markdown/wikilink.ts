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

/** The parts of a wikilink that name what it points to and what it reads as. */
export interface WikiLinkParts {
  target: string;
  anchor?: string;
  label?: string;
}

/**
 * GitHub wikis write `[[Link text|Page name]]`, the reverse of note tools' `[[page|label]]`. A link whose first part names
 * no document while its second part does is read GitHub's way (the second part may carry `#anchor`); any other link keeps
 * the note tools' reading, so a link that resolves as written never changes.
 */
export function inGithubWikiOrder<L extends WikiLinkParts>(link: L, resolves: (target: string) => boolean): L | WikiLinkParts {
  if (!link.label || resolves(link.target)) return link;
  const hash = link.label.indexOf('#');
  const page = (hash < 0 ? link.label : link.label.slice(0, hash)).trim();
  const anchor = hash < 0 ? '' : link.label.slice(hash + 1).trim();
  if (!page || !resolves(page)) return link;
  return { target: page, ...(anchor ? { anchor } : {}), label: link.target };
}

/** Files note tools show as pictures when embedded with `![[…]]`. */
const PICTURE_FILE = /\.(?:png|jpe?g|gif|svg|webp|avif|bmp)$/i;
/** The size option of a picture embed: `|300` (width) or `|300x200`. */
const PICTURE_SIZE = /^(\d{1,5})(?:x(\d{1,5}))?$/;

/** Whether an embed `![[target]]` shows a picture (else it names a note). */
export function isPictureEmbed(target: string): boolean {
  return PICTURE_FILE.test(target.trim());
}

/** What a picture embed's `|label` says: a size (`300`, `300x200`) or, otherwise, the alt text (GitHub wikis write `alt=설명`). */
export function pictureEmbedLabel(label: string | undefined): { alt: string; width?: string; height?: string } {
  const size = label === undefined ? null : PICTURE_SIZE.exec(label.trim());
  if (!size) return { alt: label?.trim().replace(/^alt=/i, '') ?? '' };
  return { alt: '', width: size[1]!, ...(size[2] ? { height: size[2] } : {}) };
}

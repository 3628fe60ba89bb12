import type { Blockquote, Image, Paragraph, PhrasingContent, Root, Text } from 'mdast';
import type { Transformer } from 'unified';
import type { Position } from 'unist';
import { ChildReplacements } from '../../markdown/child-replacements.ts';
import { SKIP, visit } from '../../markdown/visit.ts';
import { findWikiLinks, isPictureEmbed, pictureEmbedLabel, type WikiLinkMatch } from '../../markdown/wikilink.ts';
import { positionsIn } from '../../markdown/text-position.ts';

declare module 'mdast' {
  interface ImageData {
    /** The file name an Obsidian `![[name]]` embed gave, as written: the site resolves it by searching the folder. */
    embed?: string;
  }
}

/** Callout kind of a note embed's block (rehype-callouts gives it the `포함된 문서` title). */
export const EMBED_CALLOUT = 'embed';

/**
 * Obsidian embeds. `![[diagram.png]]`, `![[diagram.png|300]]`, `![[attachments/diagram.png]]` become Markdown images,
 * so they are checked, copied and shown like `![](…)`; the name stays in `data.embed` because Obsidian finds a bare name
 * anywhere in the vault, which only the whole folder can answer (`createAttachmentFinder`). A note embed alone on its
 * line has the note's text pasted in before any parse (`withIncludes`, `src/lib/wiki/include-files.ts`); one that is
 * left (a `#^block` embed, a note not there, a draft) and alone in its paragraph becomes a callout-like block around the
 * wikilink, and one inside a sentence becomes the wikilink. A GitHub
 * wiki's picture link (`[[images/a.png]]`, `[[/images/a.png|alt=설명]]`, without the `!`) is a picture too: a wiki page
 * has no other way to show one.
 */
export default function remarkObsidianEmbeds(): Transformer<Root> {
  return (tree) => {
    visit(tree, 'paragraph', (node: Paragraph, index, parent) => {
      const embed = loneNoteEmbed(node);
      if (!embed || !parent || index === undefined) return;
      const block: Blockquote = {
        type: 'blockquote',
        data: { hProperties: { dataCallout: EMBED_CALLOUT } },
        children: [{ ...node, children: [{ ...embed, value: embed.value.trim().slice(1) }] }],
        ...(node.position ? { position: node.position } : {}),
      };
      (parent.children as unknown[])[index] = block;
      return SKIP;
    });
    const replacements = new ChildReplacements();
    visit(tree, 'text', (node: Text, index, parent) => {
      if (!parent || index === undefined || parent.type === 'link' || parent.type === 'linkReference') return;
      // GitHub wikis show a picture written without the `!` (`[[images/diagram.png]]`, `[[diagram.png|alt=구조도]]`).
      const embeds = findWikiLinks(node.value).filter((m) => node.value[m.index - 1] === '!' || isPictureEmbed(m.target));
      if (!embeds.length) return;
      const parts: PhrasingContent[] = [];
      const positionAt = positionsIn(node);
      let at = 0;
      for (const m of embeds) {
        const start = node.value[m.index - 1] === '!' ? m.index - 1 : m.index;
        parts.push(textPart(node, at, start, positionAt));
        // A note embed inside a sentence is read as the link it names.
        parts.push(isPictureEmbed(m.target) ? imageOf(m, positionAt(start)) : textPart(node, m.index, m.index + m.length, positionAt));
        at = m.index + m.length;
      }
      parts.push(textPart(node, at, node.value.length, positionAt));
      const kept = parts.filter((p) => p.type !== 'text' || p.value);
      replacements.set(parent, index, kept);
    });
    replacements.apply();
  };
}

/** The text node of a paragraph made of one note embed and nothing else. */
function loneNoteEmbed(node: Paragraph): Text | undefined {
  const [only] = node.children;
  if (node.children.length !== 1 || only?.type !== 'text') return undefined;
  const text = only.value.trim();
  const [m] = findWikiLinks(text);
  if (!m || m.index !== 1 || text[0] !== '!' || m.length !== text.length - 1 || isPictureEmbed(m.target)) return undefined;
  return only;
}

function imageOf(m: WikiLinkMatch, position: Position | undefined): Image {
  const { alt, ...size } = pictureEmbedLabel(m.label);
  return {
    type: 'image',
    url: encodeURI(m.target),
    alt,
    data: { embed: m.target, ...(size.width ? { hProperties: size } : {}) },
    ...(position ? { position } : {}),
  };
}

function textPart(node: Text, from: number, to: number, positionAt: (offset: number) => Position | undefined): Text {
  const position = positionAt(from);
  return { type: 'text', value: node.value.slice(from, to), ...(position ? { position } : {}) };
}

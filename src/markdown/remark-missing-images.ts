import type { Image, Root } from 'mdast';
import type { Transformer } from 'unified';
import { SKIP, visit } from '../lib/markdown/visit.ts';
import { imageFile, isLocalImage, MISSING_IMAGE_CLASS, missingImageText } from '../lib/markdown/missing-image.ts';
import type { VFile } from 'vfile';

/** Options of remarkMissingImages. */
export interface Options {
  /**
   * True when an image path names a picture the site can show (the file exists and is a readable image): a relative
   * one from the Markdown file, a site-absolute one (`/a.png`) from the content root.
   */
  exists: (src: string, file: VFile) => boolean;
  /** The address of the file a `![[name]]` embed shows, from the Markdown file; undefined when there is none. */
  findEmbed?: (name: string, file: VFile) => string | undefined;
  /** A site-absolute image path (`/images/a.png`, from the content root) as a path relative to the Markdown file. */
  fromFile?: (path: string, file: VFile) => string;
}

/**
 * Points note embeds (`![[diagram.png]]`, made images by a dialect's plugin) at the file they name, wherever in
 * the folder it is, and site-absolute images (`/images/a.png`, a wiki's `/.attachments/…`) at their file from the
 * Markdown file, so Astro copies and sizes them as it does `![](./a.png)`. Turns relative images whose file is missing or unreadable (`exists`) into a marked placeholder with their alt text, so one missing
 * picture in imported docs does not fail the whole site build (Astro would stop at the first one). Raw-HTML
 * `<img>` gets the same placeholder from rehypeMissingImages, after the raw HTML is parsed.
 */
export default function remarkMissingImages(options: Options): Transformer<Root> {
  return (tree, file) => {
    visit(tree, 'image', (node: Image, index, parent) => {
      if (!parent || index === undefined || !isLocalImage(node.url)) return;
      const embed = node.data?.embed;
      const found = embed === undefined ? undefined : options.findEmbed?.(embed, file);
      if (found !== undefined) node.url = found;
      if ((embed === undefined || found !== undefined) && options.exists(imageFile(node.url), file)) {
        // Astro takes only relative paths for its image pipeline: a site-absolute one was left pointing at nothing.
        if (node.url.startsWith('/') && options.fromFile && !/[?#]/.test(node.url)) node.url = options.fromFile(imageFile(node.url), file);
        return;
      }
      file.message(`missing image ${embed ?? node.url}`, { place: node.position, ruleId: 'missing-image', source: 'maru' });
      parent.children.splice(index, 1, {
        type: 'emphasis',
        data: { hName: 'span', hProperties: { className: [MISSING_IMAGE_CLASS] } },
        children: [{ type: 'text', value: missingImageText(node.alt, embed ?? node.url) }],
      });
      return [SKIP, index + 1];
    });
  };
}

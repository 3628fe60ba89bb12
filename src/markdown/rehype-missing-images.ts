import type { Element, Root } from 'hast';
import type { Transformer } from 'unified';
import type { VFile } from 'vfile';
import { imageFile, isLocalImage, MISSING_IMAGE_CLASS, missingImageText } from '../lib/markdown/missing-image.ts';
import { SKIP, visit } from '../lib/markdown/visit.ts';

/** Options of rehypeMissingImages. */
export interface Options {
  /** True when an image path names a picture the site can show (see remarkMissingImages): relative from the Markdown file, site-absolute from the content root. */
  exists: (src: string, file: VFile) => boolean;
}

/**
 * Replaces a raw-HTML `<img>` whose local file is missing or unreadable with the placeholder remarkMissingImages gives a Markdown
 * image, so the reader sees its alt text instead of a broken-image icon and a 404. Runs after the sanitizer, which
 * is what parses raw HTML into elements. `npm run check` lists the missing files (content-checks.ts).
 */
export default function rehypeMissingImages(options: Options): Transformer<Root> {
  return (tree, file) => {
    visit(tree, 'element', (node: Element, index, parent) => {
      const src = node.properties['src'];
      if (node.tagName !== 'img' || !parent || index === undefined || typeof src !== 'string' || !isLocalImage(src)) return;
      if (options.exists(imageFile(src), file)) return;
      const alt = node.properties['alt'];
      parent.children[index] = {
        type: 'element',
        tagName: 'span',
        properties: { className: [MISSING_IMAGE_CLASS] },
        children: [{ type: 'text', value: missingImageText(typeof alt === 'string' ? alt : undefined, src) }],
      };
      return SKIP;
    });
  };
}

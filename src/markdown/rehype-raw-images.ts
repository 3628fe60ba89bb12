import type { Element, Root } from 'hast';
import type { Transformer } from 'unified';
import type { VFile } from 'vfile';
import { imageFile, isLocalImage } from '../lib/markdown/missing-image.ts';
import { visit } from '../lib/markdown/visit.ts';

/** Options of rehypeRawImages. */
export interface Options {
  /** True when a relative image path names a picture the site can show (the same rule as rehypeMissingImages). */
  exists: (src: string, file: VFile) => boolean;
  /** A site-absolute image path (from the content root) as a path relative to the Markdown file. */
  fromFile: (path: string, file: VFile) => string;
}

interface AstroData {
  astro?: { localImagePaths?: string[] };
}

/**
 * Hands a raw-HTML `<img>` with a relative or site-absolute path to a picture of the content folder to Astro's image
 * pipeline, as a Markdown image is. Astro collects only Markdown images (`![]()`), so `<img src="./chart.png">` and an exported
 * `<figure><img src="../.assets/x.png">` kept their relative path on a page whose address is another folder:
 * the reader saw a broken picture. Runs after the sanitizer (which parses raw HTML into elements) and
 * rehypeMissingImages (which has replaced the missing ones), before Astro's rehypeImages reads the list.
 */
export default function rehypeRawImages(options: Options): Transformer<Root> {
  return (tree, file) => {
    const found: string[] = [];
    visit(tree, 'element', (node: Element) => {
      const src = node.properties['src'];
      if (node.tagName !== 'img' || typeof src !== 'string' || !isLocalImage(src)) return;
      // Astro's rehypeImages matches `decodeURI(src)`; a query or fragment would not match, so such an image is left alone.
      if (/[?#]/.test(src)) return;
      const path = imageFile(src);
      if (!options.exists(path, file)) return;
      if (!path.startsWith('/')) return void found.push(path);
      // A site-absolute path (from the content root): Astro takes only relative ones.
      const relative = options.fromFile(path, file);
      node.properties['src'] = relative;
      found.push(imageFile(relative));
    });
    if (!found.length) return;
    const data = file.data as AstroData;
    data.astro ??= {};
    const paths = new Set(data.astro.localImagePaths ?? []);
    for (const path of found) paths.add(path);
    data.astro.localImagePaths = [...paths];
  };
}

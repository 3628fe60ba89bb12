import type { Image, Root } from 'mdast';
import type { Transformer } from 'unified';
import { SKIP, visit } from '../lib/markdown/visit.ts';
import type { VFile } from 'vfile';

/** Options of remarkMissingImages. */
export interface Options {
  /** True when an image path exists: a relative one from the Markdown file, a site-absolute one (`/a.png`) from the content root. */
  exists: (src: string, file: VFile) => boolean;
}

/**
 * Turns relative images whose file is missing into their alt text, so one missing picture in
 * imported docs does not fail the whole site build (Astro would stop at the first one).
 */
export default function remarkMissingImages(options: Options): Transformer<Root> {
  return (tree, file) => {
    visit(tree, 'image', (node: Image, index, parent) => {
      if (!parent || index === undefined || /^(?:[a-z][a-z0-9+.-]*:|\/\/|#)/i.test(node.url)) return;
      if (options.exists(decodeURI(node.url.split(/[?#]/)[0]!), file)) return;
      file.message(`missing image ${node.url}`, { place: node.position, ruleId: 'missing-image', source: 'maru' });
      parent.children.splice(index, 1, { type: 'emphasis', children: [{ type: 'text', value: `[이미지 없음: ${node.alt || node.url}]` }] });
      return [SKIP, index + 1];
    });
  };
}

import type { Root } from 'mdast';
import type { Transformer } from 'unified';
import type { VFile } from 'vfile';
import { demoteBodyH1s } from '../lib/markdown/title-heading.ts';

/** Options of remarkStripTitle. */
export interface Options {
  /** The document's title (frontmatter `title`, else its leading `# heading`); without it the leading h1 is the title. */
  titleOf?: (file: VFile) => string | undefined;
}

/** Drops the leading `# Title` (the page shows the document title itself) and makes every other h1 an h2: one h1 per page. */
export default function remarkStripTitle(options: Options = {}): Transformer<Root> {
  return (tree, file) => {
    const title = demoteBodyH1s(tree, options.titleOf?.(file));
    if (title) tree.children.splice(tree.children.indexOf(title), 1);
  };
}

import type { Emphasis, Root } from 'mdast';
import type { Transformer } from 'unified';
import { anchorHeadings } from '../lib/markdown/heading-anchors.ts';
import { takeHeadingId } from '../lib/markdown/heading-id.ts';

/**
 * Gives every heading the id the catalog computed (explicit `{#id}` / react.dev's `{/*id*\/}` markers are
 * stripped), and puts the ids other generators would have used (markdown-it's `#resolve-conditions`) on empty
 * spans at its start, so old links and bookmarks still scroll to the heading. Runs after remarkStripTitle.
 */
export default function remarkHeadingIds(): Transformer<Root> {
  return (tree) => {
    for (const { node, anchor, aliases } of anchorHeadings(tree)) {
      takeHeadingId(node, true);
      node.data = { ...node.data, hProperties: { ...(node.data?.hProperties ?? {}), id: anchor } };
      const spans: Emphasis[] = aliases.map((id) => ({
        type: 'emphasis',
        data: { hName: 'span', hProperties: { id, className: ['heading-alias'] } },
        children: [],
      }));
      node.children.unshift(...spans);
    }
  };
}

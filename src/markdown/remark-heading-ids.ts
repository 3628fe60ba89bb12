import type { Heading, Root } from 'mdast';
import type { Transformer } from 'unified';
import { visit } from 'unist-util-visit';
import { takeHeadingId } from '../lib/markdown/heading-id.ts';

/** Honours explicit heading ids `{#id}` and react.dev's `{/*id*\/}`: strips the marker, sets the id. */
export default function remarkHeadingIds(): Transformer<Root> {
  return (tree) => {
    visit(tree, 'heading', (node: Heading) => {
      const id = takeHeadingId(node, true);
      if (id) node.data = { ...node.data, hProperties: { ...(node.data?.hProperties ?? {}), id } };
    });
  };
}

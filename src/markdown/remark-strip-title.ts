import type { Root } from 'mdast';
import type { Transformer } from 'unified';

/** Drops a leading `# Title`: the page shows the document title itself. */
export default function remarkStripTitle(): Transformer<Root> {
  return (tree) => {
    const first = tree.children.findIndex((n) => n.type !== 'html' && n.type !== 'definition');
    const node = tree.children[first];
    if (node?.type === 'heading' && node.depth === 1) tree.children.splice(first, 1);
  };
}

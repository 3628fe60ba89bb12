import type { Root } from 'mdast';
import type { Transformer } from 'unified';
import { visit } from '../lib/markdown/visit.ts';

const SCRIPT = /<\s*\/?\s*script\b/i;

/**
 * Shows raw `<script>` tags in Markdown as code instead of running them. A wiki page is content, not
 * code: a stray script (or one in a pull request's preview) must neither run nor swallow the rest of
 * the page, as an unclosed `<script>` inside a raw HTML block does.
 */
export default function remarkInertScripts(): Transformer<Root> {
  return (tree) => {
    visit(tree, 'html', (node, index, parent) => {
      if (!parent || index === undefined || !SCRIPT.test(node.value)) return;
      const inline =
        parent.type === 'paragraph' || parent.type === 'heading' || parent.type === 'emphasis' || parent.type === 'strong' || parent.type === 'link';
      parent.children.splice(index, 1, inline ? { type: 'inlineCode', value: node.value } : { type: 'code', lang: 'html', value: node.value });
    });
  };
}

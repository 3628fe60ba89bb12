import type { Root } from 'mdast';
import type { Transformer } from 'unified';
import { visit } from '../../markdown/visit.ts';

/**
 * VitePress writes line marks straight after the language (```` ```js{2,5} ````, ```` ```ts{1}:line-numbers ````);
 * CommonMark reads that whole word as the language, so Shiki knows no such language and the marks are lost.
 * This moves the marks into the meta string, where they are read as in ```` ```js {2,5} ````.
 */
export default function remarkCodeLangMeta(): Transformer<Root> {
  return (tree) => {
    visit(tree, 'code', (node) => {
      const m = /^([\w+#.-]+)(\{[^}]*\})(\S*)$/.exec(node.lang ?? '');
      if (!m) return;
      node.lang = m[1]!;
      node.meta = [m[2], m[3]?.replace(/^:/, '') || undefined, node.meta ?? undefined].filter(Boolean).join(' ');
    });
  };
}

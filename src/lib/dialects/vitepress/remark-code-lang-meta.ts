import type { Code, Root } from 'mdast';
import type { Transformer } from 'unified';
import { visit } from '../../markdown/visit.ts';

/**
 * VitePress writes line marks straight after the language (```` ```js{2,5} ````, ```` ```ts{1}:line-numbers ````);
 * CommonMark reads that whole word as the language, so Shiki knows no such language and the marks are lost.
 * This moves the marks into the meta string, where they are read as in ```` ```js {2,5} ````.
 *
 * A `-vue` language (```` ```sh-vue ````) asks VitePress to evaluate `{{ … }}` in the block with Vue. Maru runs no
 * content code, so the block is highlighted as its base language and only what needs no evaluation is filled in:
 * an interpolation of one string literal (`{{'<your-project-name>'}}` reads `<your-project-name>`). Any other
 * expression stays as written, which is what a reader of the source sees too.
 */
export default function remarkCodeLangMeta(): Transformer<Root> {
  return (tree) => {
    visit(tree, 'code', (node) => {
      const m = /^([\w+#.-]+)(\{[^}]*\})(\S*)$/.exec(node.lang ?? '');
      if (m) {
        node.lang = m[1]!;
        node.meta = [m[2], m[3]?.replace(/^:/, '') || undefined, node.meta ?? undefined].filter(Boolean).join(' ');
      }
      withoutVueInterpolation(node);
    });
  };
}

const STRING_INTERPOLATION = /\{\{\s*(?:'([^'\\\n]*)'|"([^"\\\n]*)")\s*\}\}/g;

function withoutVueInterpolation(node: Code): void {
  const base = /^(.+)-vue$/.exec(node.lang ?? '')?.[1];
  if (base === undefined) return;
  node.lang = base;
  node.value = node.value.replace(STRING_INTERPOLATION, (_all, single?: string, double?: string) => single ?? double ?? '');
}

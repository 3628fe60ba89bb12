import type { Root } from 'mdast';
import type { Transformer } from 'unified';
import { visit } from '../lib/markdown/visit.ts';

/** A fenced or indented code block as written, in document order. */
export interface CodeBlockSource {
  lang: string | undefined;
  meta: string | undefined;
  value: string;
}

declare module 'vfile' {
  interface DataMap {
    /** Every code block of the document in order, kept for rehype-code-blocks (the sanitizer drops hast `data`). */
    codeBlocks: CodeBlockSource[];
  }
}

/** Records each code block's language, meta (`title="…" {2-3}`) and text on the file, for rehypeCodeBlocks. */
export default function remarkCodeMeta(): Transformer<Root> {
  return (tree, file) => {
    const blocks: CodeBlockSource[] = [];
    visit(tree, 'code', (node) => {
      blocks.push({ lang: node.lang ?? undefined, meta: node.meta ?? undefined, value: node.value });
    });
    file.data.codeBlocks = blocks;
  };
}

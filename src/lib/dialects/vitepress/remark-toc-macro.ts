import type { Root } from 'mdast';
import { toString } from 'mdast-util-to-string';
import type { Transformer } from 'unified';

/** Table-of-contents macros of other generators: `[[TOC]]` (VitePress, GitLab), `[TOC]`, `[[_TOC_]]`, `${toc}`. */
const TOC_MACRO = /^\s*(?:\[\[_?TOC_?\]\]|\[TOC\]|\$\{toc\})\s*$/i;

/** Drops a paragraph that is only a TOC macro: the page shows its own table of contents. */
export default function remarkTocMacro(): Transformer<Root> {
  return (tree) => {
    tree.children = tree.children.filter((n) => !(n.type === 'paragraph' && TOC_MACRO.test(toString(n))));
  };
}

import type { Blockquote, Root } from 'mdast';
import type { Transformer } from 'unified';
import { calloutBlock } from '../../markdown/remark-containers.ts';
import { visit } from '../../markdown/visit.ts';

/** Wiki.js's class line under a quote (`{.is-info}`), which CommonMark reads as the quote's last line. */
const CLASS_LINE = /\n[ \t]*\{\.is-(info|success|warning|danger)\}[ \t]*$/;
const KIND = { info: 'note', success: 'tip', warning: 'warning', danger: 'caution' } as const;
/**
 * Wiki.js's callouts: a quote whose last line is `{.is-info}`, `{.is-success}`, `{.is-warning}` or `{.is-danger}`
 * becomes the callout `> [!NOTE]`, `[!TIP]`, `[!WARNING]` or `[!CAUTION]` becomes, without that line. A quote without
 * one stays a quote.
 */
export default function remarkWikijsCallouts(): Transformer<Root> {
  return (tree, file) => {
    if (!String(file.value ?? '').includes('{.is-')) return;
    visit(tree, 'blockquote', (node: Blockquote, index, parent) => {
      if (!parent || index === undefined) return undefined;
      const replaced = callout(node);
      if (!replaced) return undefined;
      (parent.children as unknown[])[index] = replaced;
      // On from the callout itself: quotes it holds are read too.
      return index;
    });
  };
}

function callout(quote: Blockquote): Blockquote | undefined {
  const last = quote.children[quote.children.length - 1];
  if (last?.type !== 'paragraph') return undefined;
  const text = last.children[last.children.length - 1];
  if (text?.type !== 'text') return undefined;
  const marker = CLASS_LINE.exec(text.value);
  if (!marker) return undefined;
  const rest = text.value.slice(0, marker.index);
  const paragraph = { ...last, children: [...last.children.slice(0, -1), ...(rest ? [{ ...text, value: rest }] : [])] };
  const body = [...quote.children.slice(0, -1), ...(paragraph.children.length ? [paragraph] : [])];
  return calloutBlock(KIND[marker[1] as keyof typeof KIND], [], body, quote.position);
}

import type { Nodes, Paragraph, Root } from 'mdast';
import type { Transformer } from 'unified';
import type { VFile } from 'vfile';
import { visit } from '../../markdown/visit.ts';

declare module 'vfile' {
  interface DataMap {
    /** The Obsidian block ids of the document (`^block-id`, with the caret), in order. */
    blockIds: string[];
  }
}

/** `^block-id` closing a paragraph after a space: Obsidian's block id (letters, digits and dashes). */
const ID_AT_END = /^\^([A-Za-z0-9-]{1,100})[ \t]*$/;
/** A paragraph that is only `^block-id`: the id of the block (list, table, quote) right above it. */
const LONE_ID = /^\^([A-Za-z0-9-]{1,100})$/;

/** The element id of a block id: the id as Obsidian writes it in links (`[[노트#^id]]` → `#^id`), never a heading's. */
export function blockAnchor(id: string): string {
  return `^${id}`;
}

/**
 * Obsidian block ids. A paragraph ending in ` ^block-id` loses the marker and gets the id `^block-id`, so
 * `[[노트#^block-id]]` lands on it; a `^block-id` paragraph of its own names the block above it and goes away.
 * The ids are listed in `file.data.blockIds` (the parse keeps them for link checks). The marker never reaches the
 * page or the search text.
 */
export default function remarkBlockIds(): Transformer<Root> {
  return (tree, file: VFile) => {
    const ids: string[] = [];
    visit(tree, (node: Nodes) => {
      if (!('children' in node)) return;
      for (let i = 0; i < node.children.length; i++) {
        const child = node.children[i]!;
        if (child.type !== 'paragraph') continue;
        const lone = loneId(child);
        const above = node.children[i - 1];
        if (lone && above && above.type !== 'heading') {
          ids.push(setId(above, lone));
          node.children.splice(i--, 1);
          continue;
        }
        const trailing = takeTrailingId(child);
        if (trailing) ids.push(setId(child, trailing));
      }
    });
    file.data.blockIds = ids;
  };
}

function loneId(node: Paragraph): string | undefined {
  const [only] = node.children;
  return node.children.length === 1 && only?.type === 'text' ? LONE_ID.exec(only.value.trim())?.[1] : undefined;
}

function takeTrailingId(node: Paragraph): string | undefined {
  const last = node.children[node.children.length - 1];
  if (last?.type !== 'text') return undefined;
  // Found from the last caret, not by a regex from the start: a long run of spaces must not make the match slow.
  const caret = last.value.lastIndexOf('^');
  const m = caret > 0 && /\s/.test(last.value[caret - 1]!) ? ID_AT_END.exec(last.value.slice(caret)) : null;
  if (!m) return undefined;
  last.value = last.value.slice(0, caret).trimEnd();
  if (!last.value) node.children.pop();
  return m[1];
}

function setId(node: Nodes, id: string): string {
  const anchor = blockAnchor(id);
  node.data = { ...node.data, hProperties: { ...(node.data as { hProperties?: object } | undefined)?.hProperties, id: anchor } };
  return anchor;
}

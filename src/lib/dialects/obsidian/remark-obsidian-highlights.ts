import type { Emphasis, Parent, PhrasingContent, Root, Text } from 'mdast';
import type { Transformer } from 'unified';
import { visit } from '../../markdown/visit.ts';

/** What opens and closes a highlight. */
const MARK = '==';

/** One `==` in a text child of a paragraph-like parent: which child, where, and what it may do. */
interface Marker {
  child: number;
  at: number;
  opens: boolean;
  closes: boolean;
}

/**
 * Obsidian highlights: `==text==` becomes `<mark>text</mark>` (an emphasis node named `mark` for the HTML; the search
 * text keeps its words, without the `==`). Obsidian's rule: no space right after the opening `==` or right before the
 * closing one, so `a == b == c` stays as written; a run of three or more `=` is no marker. Markers are read in text
 * nodes only, so `==` in code, link addresses and raw HTML stays; a highlight opens and closes within one paragraph,
 * heading or other inline parent, and may hold emphasis, links and code.
 */
export default function remarkObsidianHighlights(): Transformer<Root> {
  return (tree, file) => {
    if (typeof file.value === 'string' && !file.value.includes(MARK)) return;
    visit(tree, (node) => {
      if (!('children' in node) || !(node.children as PhrasingContent[]).some((c) => c.type === 'text' && c.value.includes(MARK))) return;
      const parent = node as Parent & { children: PhrasingContent[] };
      const pairs = pairUp(markersOf(parent.children));
      if (pairs.length) parent.children = wrap(parent.children, pairs);
    });
  };
}

function markersOf(children: readonly PhrasingContent[]): Marker[] {
  const out: Marker[] = [];
  children.forEach((c, child) => {
    if (c.type !== 'text') return;
    const v = c.value;
    for (let at = v.indexOf(MARK); at >= 0; at = v.indexOf(MARK, at + 2)) {
      // Exactly two: `===` and longer runs are skipped whole.
      let end = at + 2;
      while (v[end] === '=') end++;
      if (end - at !== 2 || v[at - 1] === '=') {
        at = end - 2;
        continue;
      }
      const after = end < v.length ? v[end]! : firstChar(children[child + 1]);
      const before = at > 0 ? v[at - 1]! : lastChar(children[child - 1]);
      out.push({ child, at, opens: after !== undefined && !/\s/.test(after), closes: before !== undefined && !/\s/.test(before) });
    }
  });
  return out;
}

/** The first character a sibling shows ('x' for a node that is not text: it is content, not a space). */
function firstChar(node: PhrasingContent | undefined): string | undefined {
  return node === undefined ? undefined : node.type === 'text' ? node.value[0] : 'x';
}

function lastChar(node: PhrasingContent | undefined): string | undefined {
  return node === undefined ? undefined : node.type === 'text' ? node.value.at(-1) : 'x';
}

/** Openers and the first closer after each, in order; an opener never closed is text. */
function pairUp(markers: readonly Marker[]): [Marker, Marker][] {
  const pairs: [Marker, Marker][] = [];
  let open: Marker | undefined;
  for (const m of markers) {
    if (open && m.closes && !(m.child === open.child && m.at === open.at + 2)) {
      pairs.push([open, m]);
      open = undefined;
    } else if (!open && m.opens) open = m;
  }
  return pairs;
}

/** The children with each pair's `==` removed and what stood between them inside a `mark`; one pass over the children. */
function wrap(children: readonly PhrasingContent[], pairs: readonly [Marker, Marker][]): PhrasingContent[] {
  const cuts = new Map<number, { at: number; opens: boolean }[]>();
  for (const [open, close] of pairs) {
    for (const m of [
      { child: open.child, at: open.at, opens: true },
      { child: close.child, at: close.at, opens: false },
    ]) {
      const list = cuts.get(m.child);
      if (list) list.push(m);
      else cuts.set(m.child, [m]);
    }
  }
  const out: PhrasingContent[] = [];
  let mark: Emphasis | undefined;
  const add = (node: PhrasingContent) => (mark ? mark.children : out).push(node);
  children.forEach((c, i) => {
    const at = cuts.get(i);
    if (!at) {
      add(c);
      return;
    }
    const text = c as Text;
    let from = 0;
    for (const m of at) {
      if (m.at > from) add({ type: 'text', value: text.value.slice(from, m.at) });
      if (m.opens) mark = { type: 'emphasis', data: { hName: 'mark' }, children: [] };
      else if (mark) {
        out.push(mark);
        mark = undefined;
      }
      from = m.at + MARK.length;
    }
    if (from < text.value.length) add({ type: 'text', value: text.value.slice(from) });
  });
  return out;
}

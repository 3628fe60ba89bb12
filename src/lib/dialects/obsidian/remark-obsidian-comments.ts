import type { Nodes, Parent, Root, Text } from 'mdast';
import type { Transformer } from 'unified';
import { OBSIDIAN_COMMENT_MARK } from './comments.ts';

/** A node without children in document order, with the parents it sits in (outermost first). */
interface Leaf {
  node: Nodes;
  ancestors: Parent[];
}

/** Parents that keep their place when emptied: a table's rows and cells hold its shape. */
const KEEP_EMPTY = new Set(['root', 'table', 'tableRow', 'tableCell']);

/**
 * Obsidian comments: `%%hidden%%` inside a line and `%%` … `%%` around whole blocks are private notes, left out of the
 * page and of the search text. Markers are read in the text the parser made, so `%%` in code (fenced or inline), in
 * link addresses or in raw HTML stays as written; everything between a pair goes, whatever it is (a heading, a list, a
 * code block), and a block left empty goes with it. A `%%` never closed hides the rest of the document when it opens a
 * line (as a block comment), and is shown as text when it stands inside one (`100%%`, a typo). The text passes over the
 * raw Markdown follow the same rule (`stripObsidianComments`).
 */
export default function remarkObsidianComments(): Transformer<Root> {
  return (tree, file) => {
    // Most documents hold no `%%` at all: they skip the walk.
    if (typeof file.value === 'string' && !file.value.includes(OBSIDIAN_COMMENT_MARK)) return;
    const leaves: Leaf[] = [];
    collectLeaves(tree, [], leaves);
    const toggles = togglesOf(leaves);
    if (!toggles.size) return;
    const cuts: Cuts = { removed: new Set(), touched: new Map() };
    let hidden = false;
    // The last text kept before a comment: a comment between two spaces leaves one (`앞 %%*메모*%% 뒤`).
    let before: Leaf | undefined;
    for (const leaf of leaves) {
      const at = toggles.get(leaf.node as Text);
      if (at) {
        const node = leaf.node as Text;
        const cut = cutText(node.value, at, hidden);
        if (hidden && before && sameParent(before, leaf) && /\s/.test((before.node as Text).value.at(-1) ?? '')) cut.value = cut.value.replace(/^[ \t]+/, '');
        hidden = cut.hidden;
        node.value = cut.value;
        trimEdge(leaf, cut, cuts.removed);
        if (node.value === '') remove(leaf, cuts);
        else before = leaf;
      } else if (hidden) remove(leaf, cuts);
      else if (leaf.node.type === 'text') before = leaf;
    }
    prune(cuts);
  };
}

/** What the comments take: nodes to drop, and the parents they are dropped from (with those parents' ancestors). */
interface Cuts {
  removed: Set<Nodes>;
  touched: Map<Parent, Parent[]>;
}

function sameParent(a: Leaf, b: Leaf): boolean {
  return a.ancestors[a.ancestors.length - 1] === b.ancestors[b.ancestors.length - 1];
}

function collectLeaves(node: Nodes, ancestors: Parent[], out: Leaf[]): void {
  if (!('children' in node)) {
    out.push({ node, ancestors });
    return;
  }
  const inner = [...ancestors, node];
  for (const child of node.children) collectLeaves(child, inner, out);
}

/** Where in which text nodes a comment opens or closes: the `%%` marks that pair up, in document order. */
function togglesOf(leaves: readonly Leaf[]): Map<Text, number[]> {
  const marks: { node: Text; at: number; leaf: Leaf }[] = [];
  for (const leaf of leaves) {
    if (leaf.node.type !== 'text') continue;
    const value = leaf.node.value;
    for (let at = value.indexOf(OBSIDIAN_COMMENT_MARK); at >= 0; at = value.indexOf(OBSIDIAN_COMMENT_MARK, at + 2)) marks.push({ node: leaf.node, at, leaf });
  }
  // A last opener without its closer hides the rest only where it opens a line; elsewhere it is text.
  if (marks.length % 2 === 1 && !opensLine(marks[marks.length - 1]!)) marks.pop();
  const toggles = new Map<Text, number[]>();
  for (const { node, at } of marks) {
    const list = toggles.get(node);
    if (list) list.push(at);
    else toggles.set(node, [at]);
  }
  return toggles;
}

function opensLine({ node, at, leaf }: { node: Text; at: number; leaf: Leaf }): boolean {
  if (at > 0) return node.value[at - 1] === '\n';
  const parent = leaf.ancestors[leaf.ancestors.length - 1];
  return parent !== undefined && (parent.type === 'paragraph' || parent.type === 'heading') && parent.children[0] === node;
}

/** A text node's value without its commented parts; `hidden` says whether a comment is open at its start, then at its end. */
function cutText(value: string, marks: readonly number[], hidden: boolean): { value: string; hidden: boolean; cutStart: boolean; cutEnd: boolean } {
  const kept = keptText();
  let from = 0;
  let open = hidden;
  for (const at of marks) {
    if (!open) kept.add(value.slice(from, at));
    from = at + OBSIDIAN_COMMENT_MARK.length;
    open = !open;
  }
  if (!open) kept.add(value.slice(from));
  return { value: kept.text(), hidden: open, cutStart: hidden || marks[0] === 0, cutEnd: open || marks[marks.length - 1]! + 2 === value.length };
}

/**
 * The text around cut comments, joined with one space where both sides had one (`앞 %%메모%% 뒤` → `앞 뒤`). The pieces
 * are joined once at the end and only the last character is remembered: reading the end of a string grown by `+` makes
 * V8 flatten it, which made a megabyte of `%%a` take a minute.
 */
function keptText(): { add(piece: string): void; text(): string } {
  const pieces: string[] = [];
  let last = '';
  return {
    add(piece) {
      const joined = /\s/.test(last) && /^[ \t]/.test(piece) ? piece.replace(/^[ \t]+/, '') : piece;
      if (!joined) return;
      pieces.push(joined);
      last = joined[joined.length - 1]!;
    },
    text: () => pieces.join(''),
  };
}

/** A paragraph or heading that now starts or ends where a comment was does not start or end with its spaces. */
function trimEdge(leaf: Leaf, cut: { cutStart: boolean; cutEnd: boolean }, removed: ReadonlySet<Nodes>): void {
  const node = leaf.node as Text;
  const parent = leaf.ancestors[leaf.ancestors.length - 1];
  if (!parent || (parent.type !== 'paragraph' && parent.type !== 'heading')) return;
  // Siblings before it may be gone already (they were inside the comment); the ones after are not decided yet.
  if (cut.cutStart && parent.children.find((c) => !removed.has(c)) === node) node.value = node.value.trimStart();
  if (cut.cutEnd && parent.children[parent.children.length - 1] === node) node.value = node.value.trimEnd();
}

function remove(leaf: Leaf, cuts: Cuts): void {
  const parent = leaf.ancestors[leaf.ancestors.length - 1];
  if (!parent) return;
  cuts.removed.add(leaf.node);
  cuts.touched.set(parent, leaf.ancestors.slice(0, -1));
}

/**
 * Drops the removed nodes, then the parents a comment left without content and theirs in turn (an emptied list item
 * empties its list). By depth, innermost first, each parent's children filtered once: linear in what was touched.
 */
function prune({ removed, touched }: Cuts): void {
  const byDepth: Map<Parent, Parent[]>[] = [];
  for (const [parent, ancestors] of touched) (byDepth[ancestors.length] ??= new Map()).set(parent, ancestors);
  for (let depth = byDepth.length - 1; depth >= 0; depth--) {
    for (const [parent, ancestors] of byDepth[depth] ?? []) {
      const kept: Parent['children'] = [];
      for (const c of parent.children) if (!removed.has(c)) kept.push(c);
      parent.children = kept;
      const owner = ancestors[ancestors.length - 1];
      if (!owner || KEEP_EMPTY.has(parent.type) || parent.children.some(hasContent)) continue;
      removed.add(parent as Nodes);
      (byDepth[depth - 1] ??= new Map()).set(owner, ancestors.slice(0, -1));
    }
  }
}

function hasContent(node: Nodes): boolean {
  return node.type !== 'text' || node.value.trim() !== '';
}

import type { Html, Root, RootContent } from 'mdast';
import type { Processor, Transformer } from 'unified';
import type { Point } from 'unist';
import { ChildReplacements } from './child-replacements.ts';
import { commonIndent, dedentLines } from './indent.ts';
import { visit } from './visit.ts';

/** `<script>` (Vue's `<script setup>` included) and `<style>` elements: code of another site generator, not content. */
const CODE_ELEMENT = /<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;
const ATTRIBUTE = String.raw`(?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|\{[^}]*\}|[^\s"'=<>\x60]+))?)`;
/** An opening, closing or self-closing tag of a PascalCase component (`<Badge />`, `</DeepDive>`, `<Foo.Bar x="1">`). */
const COMPONENT_TAG = new RegExp(String.raw`<\/?[A-Z][\w.]*${ATTRIBUTE}*\s*\/?>`, 'g');
const INLINE_PARENTS = new Set(['paragraph', 'heading', 'emphasis', 'strong', 'delete', 'link', 'tableCell']);

/**
 * Drops what other generators (Vue and MDX pages) run rather than show: `<script setup>`, `<script>` and
 * `<style>` blocks, and the tags of their components (`<ClientOnly>`, `<Sandpack>`), keeping the text and
 * Markdown between the tags. A raw HTML block that held a component is parsed again as Markdown, so a
 * `#### heading` inside `<DeepDive>` stays a heading, and indented as JSX is (MDX reads no indented code). A
 * An MDX `<TabItem label="macOS">` leaves its label in bold. Incomplete `<script>` tags are left to remarkInertScripts.
 */
export default function remarkForeignHtml(this: Processor): Transformer<Root> {
  const reparse = (text: string): RootContent[] => (this.parse(text) as Root).children;
  return (tree) => {
    const replacements = new ChildReplacements();
    // The reparsed nodes may hold components of their own: each list is walked in turn, under a root of its own (not
    // an inline parent, like the block it replaces), from a queue rather than by recursion however deep they go.
    const reparsed: Root[] = [];
    const strip = (node: Html, index: number | undefined, parent: { type: string; children: unknown[] } | undefined) => {
      if (!parent || index === undefined) return;
      const inline = INLINE_PARENTS.has(parent.type);
      const code = node.value.replace(CODE_ELEMENT, '');
      const stripped = code.replace(TAB_ITEM, (tag) => tabTitle(tag, inline)).replace(COMPONENT_TAG, '');
      if (stripped === node.value) return;
      if (!stripped.trim()) {
        replacements.set(parent, index, []);
        return;
      }
      if (inline) {
        node.value = stripped;
        return;
      }
      // MDX reads no indented code: what a component holds may be indented as JSX is, and is still Markdown.
      // The indentation of the lines with content, not of those holding only component tags.
      const indent = commonIndent(code.split('\n'), (line) => line.replace(COMPONENT_TAG, '').trim() !== '');
      const nodes = reparse(dedentLines(stripped.split('\n'), indent).join('\n'));
      shiftPositions(nodes, node.position?.start);
      reparsed.push({ type: 'root', children: nodes });
      replacements.set(parent, index, nodes);
    };
    visit(tree, 'html', strip);
    for (let i = 0; i < reparsed.length; i++) visit(reparsed[i]!, 'html', strip);
    replacements.apply();
  };
}

/** An MDX site's tab (`<TabItem value="mac" label="macOS">`): its label is shown above its content, as other tabs are. */
const TAB_ITEM = new RegExp(String.raw`<TabItem${ATTRIBUTE}*\s*>`, 'g');

/** A tab's opening tag as its title in bold (Markdown between blocks, HTML inside a line), or nothing without a label. */
function tabTitle(tag: string, inline: boolean): string {
  const label = /\slabel\s*=\s*(?:"([^"]*)"|'([^']*)')/.exec(tag);
  const text = (label?.[1] ?? label?.[2] ?? '').trim();
  if (!text) return '';
  if (inline) return `<strong>${text.replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`)}</strong>`;
  return `\n\n**${text.replace(/[\\`*_{}[\]()#+\-.!<>|~]/g, '\\$&')}**\n\n`;
}

/** Moves positions of reparsed nodes to where the HTML block stood (lines and offsets; columns only roughly). */
export function shiftPositions(nodes: RootContent[], at: Point | undefined): void {
  const lines = (at?.line ?? 1) - 1;
  const offset = at?.offset;
  for (const n of nodes) {
    visit(n, (d) => {
      if (!d.position) return;
      if (offset === undefined) delete d.position;
      else d.position = { start: move(d.position.start, lines, offset), end: move(d.position.end, lines, offset) };
    });
  }
}

function move(p: Point, lines: number, offset: number): Point {
  return { line: p.line + lines, column: p.column, offset: (p.offset ?? 0) + offset };
}

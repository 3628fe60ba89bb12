import type { Heading } from 'mdast';

/** Matches an explicit heading id at the end of a heading: `{#anchor}` or react.dev's `{/* anchor *\/}`. */
const EXPLICIT_ID = /\s*\{(?:#([^}\s]+)|\/\*\s*([^*]+?)\s*\*\/)\}\s*$/;

/** Splits `Title {#anchor}` into the visible text and the explicit anchor, if any. */
export function splitExplicitId(text: string): { text: string; id?: string } {
  const m = EXPLICIT_ID.exec(text);
  if (!m) return { text };
  const id = m[1] ?? m[2];
  return id ? { text: text.slice(0, m.index), id } : { text };
}

/**
 * Finds an explicit id on a heading node and, when `strip` is set, removes its marker.
 * Markdown parses `{/*id*\/}` as `{/` + emphasis(`id`) + `/}`, so both shapes are handled.
 */
export function takeHeadingId(node: Heading, strip: boolean): string | undefined {
  const kids = node.children;
  const last = kids[kids.length - 1];
  if (last?.type === 'text') {
    const { text, id } = splitExplicitId(last.value);
    if (id) {
      if (strip) last.value = text.trimEnd();
      return id;
    }
  }
  const [before, em, after] = kids.slice(-3);
  if (
    kids.length >= 3 &&
    before?.type === 'text' &&
    em?.type === 'emphasis' &&
    after?.type === 'text' &&
    /\{\/$/.test(before.value) &&
    /^\/\}\s*$/.test(after.value)
  ) {
    const inner = em.children.length === 1 && em.children[0]!.type === 'text' ? em.children[0].value.trim() : undefined;
    if (!inner) return undefined;
    if (strip) {
      before.value = before.value.replace(/\s*\{\/$/, '');
      kids.splice(kids.length - 2, 2);
    }
    return inner;
  }
  return undefined;
}

/** Removes explicit-id markers from every heading line of a Markdown text, keeping line count. */
export function stripExplicitIds(markdown: string): string {
  return markdown.replace(/^(#{1,6}[ \t].*?)[ \t]*\{(?:#[^}\s]+|\/\*[^*]*\*\/)\}[ \t]*$/gm, '$1');
}

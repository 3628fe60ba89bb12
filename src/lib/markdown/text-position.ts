import type { Text } from 'mdast';
import type { Position } from 'unist';

/**
 * The position of an offset in a text node, to the line (what checks report), for offsets asked in increasing order,
 * as plugins that split a text node into parts ask: each newline is found once, where counting them from the start for
 * every part was quadratic (a paragraph of 20,000 embed lines took minutes); its offset in the file when the node has
 * one (the column of a later line is given as 1). Undefined when the node has no position.
 */
export function positionsIn(node: Text): (offset: number) => Position | undefined {
  const start = node.position?.start;
  let line = start?.line ?? 1;
  let newline = node.value.indexOf('\n');
  return (offset) => {
    if (!start) return undefined;
    for (; newline >= 0 && newline < offset; newline = node.value.indexOf('\n', newline + 1)) line++;
    // The offset too: rehype-raw (in development builds, `astro dev`) asserts that every position has one.
    const point = { line, column: line === start.line ? start.column + offset : 1, ...(start.offset === undefined ? {} : { offset: start.offset + offset }) };
    return { start: point, end: point };
  };
}

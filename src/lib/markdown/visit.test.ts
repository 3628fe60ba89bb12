import type { Root } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { visit as libraryVisit, SKIP as LIBRARY_SKIP } from 'unist-util-visit';
import { describe, expect, it } from 'vitest';
import { SKIP, visit } from './visit.ts';

const tree = (): Root =>
  unified()
    .use(remarkParse)
    .use(remarkGfm)
    .parse('# Title\n\nSome *emphasis* and `code` with [a link](./x.md).\n\n- one\n- two **bold**\n\n| a | b |\n| - | - |\n| c | d |\n\n```js\nx\n```\n');

/** The (type, index, parent type) sequence a visitor sees, with an optional mutation. */
function trace(v: typeof visit, skip: typeof SKIP, test?: string): string[] {
  const seen: string[] = [];
  const t = tree();
  const visitor = (node: { type: string }, index: number | undefined, parent: { type: string; children: unknown[] } | undefined) => {
    seen.push(`${node.type}@${index ?? '-'}<${parent?.type ?? ''}`);
    // Removing a node and going on from the same index, as the plugins do.
    if (node.type === 'inlineCode' && parent && index !== undefined) {
      parent.children.splice(index, 1);
      return index;
    }
    if (node.type === 'list') return skip;
    return undefined;
  };
  if (test) v(t, test, visitor as never);
  else v(t, visitor as never);
  return seen;
}

describe('visit', () => {
  it('visits, skips and continues from a returned index exactly as unist-util-visit does', () => {
    const ours = trace(visit, SKIP);
    expect(ours).toEqual(trace(libraryVisit, LIBRARY_SKIP));
    expect(ours).toContain('list@2<root');
    expect(ours.some((s) => s.startsWith('listItem'))).toBe(false);
    expect(ours.filter((s) => s.startsWith('inlineCode'))).toEqual(['inlineCode@3<paragraph']);
  });

  it('filters by node type like the library', () => {
    expect(trace(visit, SKIP, 'text')).toEqual(trace(libraryVisit, LIBRARY_SKIP, 'text'));
    expect(trace(visit, SKIP, 'tableCell')).toHaveLength(4);
  });
});

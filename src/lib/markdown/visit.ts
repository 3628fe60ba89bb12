import { EXIT, SKIP, type visit as unistVisit } from 'unist-util-visit';

export { EXIT, SKIP };

interface Walked {
  type: string;
  children?: Walked[];
}
type Visitor = (node: Walked, index: number | undefined, parent: Walked | undefined) => unknown;

/** What `walk` returns when a visitor answered EXIT. */
const EXITED = Symbol('exit');

/**
 * `unist-util-visit`'s `visit` for a node-type test or none, with its visiting order and return values
 * (`SKIP`, `EXIT`, an index to go on from, `[SKIP, index]`). The library version costs more per node than
 * most of our plugins' own work: it defines a function name per node, copies the ancestor list per parent
 * and looks each node's index up with `indexOf`. Every plugin walks every document's tree (a build walks
 * ~25 trees per document), so the Markdown plugins use this one. Typed as the library's `visit`.
 */
function fastVisit(tree: Walked, testOrVisitor: string | Visitor | null | undefined, maybeVisitor?: Visitor): void {
  const visitor = typeof maybeVisitor === 'function' ? maybeVisitor : (testOrVisitor as Visitor);
  const test = typeof maybeVisitor === 'function' ? testOrVisitor : undefined;
  if (test !== undefined && test !== null && typeof test !== 'string') throw new Error('visit: the test must be a node type (a string) or absent');
  const walk = (node: Walked, index: number | undefined, parent: Walked | undefined): number | typeof EXITED | undefined => {
    let action: unknown;
    let next: number | undefined;
    if (test == null || node.type === test) {
      const result = visitor(node, index, parent);
      if (Array.isArray(result)) {
        action = result[0];
        if (typeof result[1] === 'number') next = result[1];
      } else if (typeof result === 'number') next = result;
      else action = result;
      if (action === EXIT) return EXITED;
    }
    // Read after the visitor ran: it may have replaced the children (as the library does).
    if (node.children && action !== SKIP) {
      let i = 0;
      while (i > -1 && i < node.children.length) {
        const sub = walk(node.children[i]!, i, node);
        if (sub === EXITED) return EXITED;
        i = typeof sub === 'number' ? sub : i + 1;
      }
    }
    return next;
  };
  walk(tree, undefined, undefined);
}

// The library's overloads type every caller's visitor from the tree and the test; the walk above is untyped.
export const visit = fastVisit as unknown as typeof unistVisit;

/** A node whose children may be replaced: any mdast parent fits. */
interface Parent {
  children: unknown[];
}

/**
 * Replacements of children found during a tree walk, applied after it in one pass per parent. Splicing each one in as
 * the walk finds it (`children.splice(index, 1, ...parts)`) moves every later child each time, quadratic in a parent
 * with many replacements (100,000 `<Foo>` blocks each made two headings took minutes), and passes every part as an
 * argument, which overflows the stack past about 100,000 parts (one `<Foo>` block of 150,000 headings).
 *
 * The walk goes on over the children as they were, so parts are never walked, as when a visitor returns
 * `[SKIP, index + parts.length]` after splicing. A parts array may itself be the children of a parent with
 * replacements of its own (a reparsed HTML block's nodes): parents are rebuilt in place, latest first, so those are
 * done before the parent that takes them in.
 */
export class ChildReplacements {
  readonly #parents = new Map<Parent, Map<number, readonly unknown[]>>();

  /** Have `apply` replace `parent.children[index]` (its index when the walk saw it) with `parts`, or remove it. */
  set(parent: Parent, index: number, parts: readonly unknown[]): void {
    let byIndex = this.#parents.get(parent);
    if (!byIndex) this.#parents.set(parent, (byIndex = new Map<number, readonly unknown[]>()));
    byIndex.set(index, parts);
  }

  /** Replaces every child set, keeping each parent's children array (others may hold it), and forgets them. */
  apply(): void {
    const parents = [...this.#parents];
    this.#parents.clear();
    for (let p = parents.length - 1; p >= 0; p--) {
      const [parent, byIndex] = parents[p]!;
      const children = parent.children.slice();
      parent.children.length = 0;
      children.forEach((child, i) => {
        const parts = byIndex.get(i);
        // One push per node: a spread of a long array as arguments is what overflows.
        if (parts) for (const part of parts) parent.children.push(part);
        else parent.children.push(child);
      });
    }
  }
}

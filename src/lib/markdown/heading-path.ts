/**
 * The one rule for a heading's path: the heading and, going back, each heading shallower than the last one
 * taken. Indexes into `headings`, outermost first; `from` bounds the climb (a list whose entry 0 is the lead).
 */
export function headingAncestry(headings: readonly { depth: number }[], index: number, from = 0): number[] {
  const path = [index];
  let depth = headings[index]!.depth;
  for (let i = index - 1; i >= from; i--) {
    if (headings[i]!.depth < depth) {
      path.unshift(i);
      depth = headings[i]!.depth;
    }
  }
  return path;
}

/** Texts of a heading and its ancestors, outermost first. */
export function headingPath(headings: readonly { depth: number; text: string }[], index: number): string[] {
  return headingAncestry(headings, index).map((i) => headings[i]!.text);
}

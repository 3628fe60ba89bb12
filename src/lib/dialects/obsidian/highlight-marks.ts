/**
 * Removes the `==` of Obsidian highlights from Markdown text, by the rule remarkObsidianHighlights follows (exactly two
 * `=`, no space right after the opening one or right before the closing one, paired in order within a line): for
 * snippets and section prose, which are cut from the Markdown. `a == b` stays. Linear in the length of the text.
 */
export function stripHighlightMarks(text: string): string {
  if (!text.includes('==')) return text;
  const cuts: number[] = [];
  let open: number | undefined;
  // Where the line of the current marker ends, found moving forward only (so the whole pass stays linear).
  let lineEnd = -1;
  let openLineEnd = -1;
  for (let at = text.indexOf('=='); at >= 0; at = text.indexOf('==', at + 2)) {
    if (at > lineEnd) lineEnd = (text.indexOf('\n', at) + 1 || text.length + 1) - 1;
    let end = at + 2;
    while (text[end] === '=') end++;
    if (end - at !== 2 || text[at - 1] === '=') {
      at = end - 2;
      continue;
    }
    // A highlight does not run past the end of its line here (a paragraph's soft breaks are rare inside one).
    if (open !== undefined && at > openLineEnd) open = undefined;
    const [before, after] = [text[at - 1], text[end]];
    if (open !== undefined && before !== undefined && !/\s/.test(before) && at > open + 2) {
      cuts.push(open, at);
      open = undefined;
    } else if (open === undefined && after !== undefined && !/\s/.test(after)) {
      open = at;
      openLineEnd = lineEnd;
    }
  }
  if (!cuts.length) return text;
  let out = '';
  let from = 0;
  for (const at of cuts) {
    out += text.slice(from, at);
    from = at + 2;
  }
  return out + text.slice(from);
}

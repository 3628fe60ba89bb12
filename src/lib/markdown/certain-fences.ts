/**
 * The fenced code blocks of a body whose extent is certain without parsing, so that a linear guard may leave their
 * content out of what it counts. A wrong guess here would hide text the parser reads as a paragraph, so every rule
 * errs towards "not code": only a fence opened at the very start of a line (column 0, no `>` or list marker in front)
 * is skipped, because such a line ends every container and nothing but a top-level HTML block or fence can hold it;
 * it is skipped up to its closing fence, the one rule that ends a top-level fence. A fence that may sit in a
 * container (indented, after `>` or a list marker) or in an HTML block could end elsewhere, and then even the
 * following column-0 fences might open or close, so from the first such line on nothing more is skipped.
 */

/** A fence's opening or closing line: up to three spaces, three or more backticks or tildes, then its info string. */
const FENCE = /^ {0,3}(`{3,}|~{3,})(.*)$/;

/** What may stand before a block on its line: indentation, block quote markers and list item markers. */
const CONTAINER_PREFIX = /^[ \t>]*(?:(?:[-*+]|\d{1,9}[.)])(?=[ \t]|$)[ \t>]*)*/;

/**
 * How a raw HTML block that a line may start ends (CommonMark's kinds 1 to 5); a start of any other kind (`<div`,
 * `<span`, `</p>`…) ends at a blank line. Each start pattern matches at least what the parser reads as that kind.
 */
const HTML_ENDS: readonly { start: RegExp; end: RegExp }[] = [
  { start: /^<!--/, end: /-->/ },
  { start: /^<\?/, end: /\?>/ },
  { start: /^<!\[CDATA\[/, end: /\]\]>/ },
  { start: /^<![A-Za-z]/, end: />/ },
  { start: /^<(?:script|pre|style|textarea)/i, end: /<\/(?:script|pre|style|textarea)>/i },
];

/**
 * The end condition of the HTML block a line (after its container markers) may start, unless the line itself meets
 * it: only after the start, so `<!-->` does not end where it begins, which errs longer.
 */
function htmlEnd(rest: string): RegExp | undefined {
  const kind = HTML_ENDS.find((k) => k.start.test(rest));
  return kind && !kind.end.test(rest.slice(kind.start.exec(rest)![0].length)) ? kind.end : undefined;
}

/**
 * Marks with 1 every character of `body` that lies in a certain fenced code block (its opening and closing lines
 * included); everything else is 0.
 */
export function certainFenceMask(body: string): Uint8Array {
  const mask = new Uint8Array(body.length);
  let fence: { char: string; length: number; start: number } | undefined;
  // While an HTML block may be open, fences are text to the parser, so a fence line there is uncertain. The blocks are
  // taken to last until a blank line after the end conditions of all that may have started: never shorter than the
  // parser's. The set holds the end conditions not met yet, at most one of each kind.
  let html: Set<RegExp> | undefined;
  for (let start = 0; start <= body.length;) {
    const newline = body.indexOf('\n', start);
    const end = newline < 0 ? body.length : newline;
    const line = body.slice(start, end).replace(/\r$/, '');
    const next = end + 1;
    if (fence) {
      const close = FENCE.exec(line);
      if (close && close[1]![0] === fence.char && close[1]!.length >= fence.length && /^[ \t]*$/.test(close[2]!)) {
        mask.fill(1, fence.start, Math.min(next, body.length));
        fence = undefined;
      }
    } else if (/^[ \t]*$/.test(line)) {
      if (html?.size === 0) html = undefined;
    } else {
      const prefix = CONTAINER_PREFIX.exec(line)![0];
      const rest = line.slice(prefix.length);
      if (/^(?:`{3}|~{3})/.test(rest)) {
        if (html || prefix !== '') return mask; // uncertain from here on
        const open = FENCE.exec(line)!;
        // A backtick fence's info string holds no backtick: ```a` opens a code span in a paragraph, not a block.
        if (!(open[1]![0] === '`' && open[2]!.includes('`'))) fence = { char: open[1]![0]!, length: open[1]!.length, start };
      } else {
        for (const pending of html ?? []) if (pending.test(line)) html!.delete(pending);
        if (rest.startsWith('<')) {
          html ??= new Set();
          const end = htmlEnd(rest);
          if (end) html.add(end);
        }
      }
    }
    start = next;
  }
  // A fence the body never closes runs to its end, for the parser as here.
  if (fence) mask.fill(1, fence.start);
  return mask;
}

/**
 * Cutting text at a character offset without splitting what a reader sees as one character: an emoji ZWJ sequence
 * (👨‍👩‍👧), a flag (two regional indicators), a letter with combining marks, Hangul conjoining jamo, `\r\n`.
 */

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** The last grapheme boundary at or before `index` (0 and `text.length` are boundaries). */
export function graphemeStart(text: string, index: number): number {
  if (index <= 0) return 0;
  if (index >= text.length) return text.length;
  // Between two printable ASCII characters there is always a boundary: most cuts end here.
  if (isPlainAscii(text.charCodeAt(index - 1)) && isPlainAscii(text.charCodeAt(index))) return index;
  // Whether a boundary falls at `index` depends only on the code point there and the text before it, back to a line
  // break (always a boundary): two units past `index` hold that code point whole.
  const from = text.lastIndexOf('\n', index - 1) + 1;
  return from + segmenter.segment(text.slice(from, index + 2)).containing(index - from)!.index;
}

/** The first grapheme boundary at or after `index`. */
export function graphemeEnd(text: string, index: number): number {
  const start = graphemeStart(text, index);
  if (start === index) return index;
  const from = text.lastIndexOf('\n', start - 1) + 1;
  const { index: at, segment } = segmenter.segment(text.slice(from)).containing(index - from)!;
  return from + at + segment.length;
}

/** `text` cut to at most `max` UTF-16 units, at a grapheme boundary. */
export function sliceGraphemes(text: string, max: number): string {
  return text.length <= max ? text : text.slice(0, graphemeStart(text, max));
}

function isPlainAscii(code: number): boolean {
  return code >= 0x20 && code < 0x7f;
}

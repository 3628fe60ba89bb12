/**
 * How deeply block quotes and lists may nest. The Markdown parser and every tree walk after it recurse once per level:
 * 5,000 levels overflowed the stack (and a list that deep took the parser 32 s first), while real documents rarely pass
 * ten. Deep enough for anything written by hand, far below the ~2,000 levels where the pipeline breaks.
 */
export const MAX_NESTING = 100;

/** The first body line nested deeper than the limit, and how deep it is. */
export interface DeepLine {
  /** 1-based line in the body. */
  line: number;
  depth: number;
}

/**
 * Finds the first line whose block quotes and lists nest deeper than `limit`, without parsing: a line's depth is
 * counted from the container markers it starts with (`>`, `-`, `*`, `+`, `1.`, `1)`), plus one level per two columns
 * of indentation in front of them (how nested list items are written). It can only overcount, so a document it passes
 * parses no deeper than `limit`.
 */
export function findDeepNesting(body: string, limit = MAX_NESTING): DeepLine | undefined {
  let line = 1;
  for (let start = 0; start <= body.length; line++) {
    const end = lineEnd(body, start);
    const depth = lineDepth(body, start, end);
    if (depth > limit) return { line, depth };
    start = end + 1;
  }
  return undefined;
}

function lineEnd(text: string, start: number): number {
  const end = text.indexOf('\n', start);
  return end < 0 ? text.length : end;
}

function lineDepth(text: string, start: number, end: number): number {
  let i = start;
  let indent = 0;
  for (; i < end && isBlank(text.charCodeAt(i)); i++) indent += text[i] === '\t' ? 4 : 1;
  let markers = 0;
  for (;;) {
    while (i < end && isBlank(text.charCodeAt(i))) i++;
    const next = markerEnd(text, i, end);
    if (next < 0) break;
    markers++;
    i = next;
  }
  if (markers === 0) return 0;
  // `- - -` and `* * *` alone on a line are a thematic break, not three lists.
  if (i >= end && /^[ \t]*([-*])(?:[ \t]*\1){2,}[ \t]*$/.test(text.slice(start, end))) return 0;
  return markers + Math.floor(indent / 2);
}

/** Where a container marker starting at `i` ends, or -1 when there is none. */
function markerEnd(text: string, i: number, end: number): number {
  const c = text[i];
  if (c === '>') return i + 1;
  if (c === '-' || c === '*' || c === '+') return i + 1 >= end || isBlank(text.charCodeAt(i + 1)) ? i + 1 : -1;
  let j = i;
  while (j < end && j - i < 9 && text.charCodeAt(j) >= 48 && text.charCodeAt(j) <= 57) j++;
  if (j === i || (text[j] !== '.' && text[j] !== ')')) return -1;
  return j + 1 >= end || isBlank(text.charCodeAt(j + 1)) ? j + 1 : -1;
}

function isBlank(code: number): boolean {
  return code === 32 || code === 9;
}

/**
 * The longest run of one emphasis delimiter (`*` or `_`) a line may hold outside code. The parser pairs delimiter runs
 * in time that grows faster than the square of their length: a run of 4,000 took a second, 20,000 on each side of one
 * letter 336 s and then overflowed the stack. A run of 100 costs milliseconds, and no prose or rule needs more.
 */
export const MAX_DELIMITER_RUN = 100;

/** The first body line (1-based) holding a longer run of `*` or `_` than `limit` outside fenced code, with the run. */
export function findLongDelimiterRun(body: string, limit = MAX_DELIMITER_RUN): { line: number; char: string; length: number } | undefined {
  const long = new RegExp(`\\*{${limit + 1},}|_{${limit + 1},}`);
  let fence: string | undefined;
  let line = 1;
  for (let start = 0; start <= body.length; line++) {
    const end = lineEnd(body, start);
    const text = body.slice(start, end);
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(text)?.[1];
    if (fence !== undefined) {
      // A fence closes with a line of at least as many of its own characters and nothing else.
      if (marker && marker[0] === fence[0] && marker.length >= fence.length && /^ {0,3}[`~]+[ \t]*$/.test(text)) fence = undefined;
    } else if (marker) fence = marker;
    else {
      const run = long.exec(text);
      if (run) return { line, char: run[0][0]!, length: run[0].length };
    }
    start = end + 1;
  }
  return undefined;
}

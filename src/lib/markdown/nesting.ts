import { certainFenceMask } from './certain-fences.ts';

/**
 * How deeply block quotes, lists and footnote definitions may nest. The Markdown parser and every tree walk after it
 * recurse once per level: 5,000 levels overflowed the stack (and a list that deep took the parser 32 s first, 1,000
 * footnote definitions nested by indentation 26 s), while real documents rarely pass ten. Deep enough for anything
 * written by hand, far below the ~2,000 levels where the pipeline breaks.
 */
export const MAX_NESTING = 100;

/** The first body line nested deeper than the limit, and how deep it is. */
export interface DeepLine {
  /** 1-based line in the body. */
  line: number;
  depth: number;
}

/**
 * Finds the first line whose block quotes, lists and footnote definitions nest deeper than `limit`, without parsing: a
 * line's depth is counted from the container markers it starts with (`>`, `-`, `*`, `+`, `1.`, `1)`, `[^label]:`), plus
 * one level per two columns of indentation in front of them (how nested list items and footnotes are written). It can
 * only overcount, so a document it passes parses no deeper than `limit`.
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
  if (c === '[' && text[i + 1] === '^') return footnoteMarkerEnd(text, i + 2, end);
  let j = i;
  while (j < end && j - i < 9 && text.charCodeAt(j) >= 48 && text.charCodeAt(j) <= 57) j++;
  if (j === i || (text[j] !== '.' && text[j] !== ')')) return -1;
  return j + 1 >= end || isBlank(text.charCodeAt(j + 1)) ? j + 1 : -1;
}

/** Where `[^label]:` ends, given where its label starts; labels are at most 999 characters, as for links. */
function footnoteMarkerEnd(text: string, label: number, end: number): number {
  for (let j = label; j < end && j - label < 1000; j++) {
    const c = text[j];
    if (c === '\\') j++;
    else if (c === '[') return -1;
    else if (c === ']') return j > label && text[j + 1] === ':' ? j + 2 : -1;
  }
  return -1;
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

/**
 * The first body line (1-based) holding a longer run of `*` or `_` than `limit` outside fenced code, with the run. Only
 * fences whose extent is certain count as code (`certainFenceMask`, which a caller running several guards computes
 * once): a line that merely looks like a fence (```a`, or one inside an HTML block or a list item that ends) must not
 * hide the paragraphs after it.
 */
export function findLongDelimiterRun(
  body: string,
  limit = MAX_DELIMITER_RUN,
  fenced = certainFenceMask(body),
): { line: number; char: string; length: number } | undefined {
  const long = new RegExp(`\\*{${limit + 1},}|_{${limit + 1},}`);
  let line = 1;
  for (let start = 0; start <= body.length; line++) {
    const end = lineEnd(body, start);
    // The mask covers whole lines, so a line's first character says whether the line is code.
    const run = fenced[start] === 1 ? null : long.exec(body.slice(start, end));
    if (run) return { line, char: run[0][0]!, length: run[0].length };
    start = end + 1;
  }
  return undefined;
}

/**
 * How deeply `[` and `![` may nest in one paragraph. Each closing `](…)` re-reads everything inside it: 1,000 nested
 * images took the parser 13 s and 3,000 took 144 s, while real documents nest two (`[![badge](…)](…)`). At 100 a
 * paragraph parses in milliseconds.
 */
export const MAX_BRACKET_DEPTH = 100;

/**
 * How many emphasis and strikethrough delimiter runs (`*`, `_`, `~`, `~~`) one paragraph may hold. Every closing run
 * searches back through the paragraph for its opener and re-reads what it encloses: 1,000 alternating `_`/`*` openers
 * then as many closers took 1.5 s, 3,000 of each 37 s. The densest paragraph in our corpora holds 81; 500 parse in
 * milliseconds.
 */
export const MAX_PARAGRAPH_DELIMITERS = 500;

/**
 * How many headings one document may have. Several steps after parsing relate each heading to the ones before it
 * (its path of parent headings, its anchor among the others), which grows with the square of their number: 80,000
 * `## a` lines (400 KB) took 25 s to parse into sections. The most in one document of our corpora is under 200.
 */
export const MAX_HEADINGS = 5000;

/**
 * The body line (1-based) of the heading past `limit`, and how many heading lines the body has, without parsing. It
 * counts `#` heading lines and the `=`/`-` lines that may underline one, outside fenced code whose extent is certain
 * (`certainFenceMask`: a `# comment` in a shell block is no heading), so it can only count too many. Indented lines
 * count too: an admonition's indented body is parsed as Markdown by a dialect's plugin, where they are headings.
 */
export function findManyHeadings(body: string, limit = MAX_HEADINGS, fenced = certainFenceMask(body)): { line: number; count: number } | undefined {
  const heading = /^(?:#{1,6}(?:[ \t]|$)|=+[ \t]*$|-+[ \t]*$)/;
  let count = 0;
  let crossed: number | undefined;
  let line = 1;
  for (let start = 0; start <= body.length; line++) {
    const end = lineEnd(body, start);
    let at = start;
    while (at < end && (body[at] === ' ' || body[at] === '\t')) at++;
    if (fenced[start] !== 1 && heading.test(body.slice(at, Math.min(end, at + 16)))) {
      count++;
      if (count > limit && crossed === undefined) crossed = line;
    }
    start = end + 1;
  }
  return crossed === undefined ? undefined : { line: crossed, count };
}

/**
 * How many `[` and `]` one paragraph may hold, outside fenced code blocks (`certainFenceMask`), nested or not. Each one
 * the parser cannot close as a link costs work in proportion to the whole paragraph: a `]` searches back through the
 * paragraph for an opening (20,000 `a]` took 3.8 s) and failed labels are merged into the text around them by splicing
 * the paragraph's event list (20,000 `[[a]]` 5.2 s, `![[a.png]]` 5.9 s). A thousand `a]`, the costliest shape per
 * bracket, take 17-27 ms; the most in one paragraph of our corpora is 98, code included.
 */
export const MAX_PARAGRAPH_BRACKETS = 1000;

/** A paragraph past one of the limits above: the body line (1-based) where it crossed, which limit, and its count. */
export interface DenseParagraph {
  line: number;
  /** `brackets`: nesting depth of `[`; `bracketCount`: how many `[` and `]`; `delimiters`: emphasis delimiter runs. */
  kind: 'brackets' | 'bracketCount' | 'delimiters';
  /** The deepest bracket nesting, or the number of brackets or delimiter runs in the paragraph. */
  count: number;
}

/** The limits `findDenseParagraph` checks; see the constants above. */
export interface DenseLimits {
  brackets: number;
  bracketCount: number;
  delimiters: number;
}

const DENSE_LIMITS: DenseLimits = { brackets: MAX_BRACKET_DEPTH, bracketCount: MAX_PARAGRAPH_BRACKETS, delimiters: MAX_PARAGRAPH_DELIMITERS };

/**
 * Finds the first paragraph whose brackets nest deeper than `MAX_BRACKET_DEPTH`, or which holds more brackets than
 * `MAX_PARAGRAPH_BRACKETS` or more delimiter runs than `MAX_PARAGRAPH_DELIMITERS`, in one pass without parsing. A
 * "paragraph" here runs up to a blank line or a line that starts a list item or heading, code included except fenced
 * code whose extent is certain (`certainFenceMask`), so each of the parser's paragraphs lies inside one. Every count
 * can only be too high: a `]` lowers the depth only where the parser could read it as closing a link, not inside
 * anything that may be code (between the first and the last backtick), a tag, a comment or a link's
 * `(destination "title")`.
 */
export function findDenseParagraph(body: string, limits: DenseLimits = DENSE_LIMITS, fenced = certainFenceMask(body)): DenseParagraph | undefined {
  for (let start = 0; start < body.length;) {
    let end = start;
    while (end < body.length && !isBlankLine(body, end) && (end === start || !startsBlock(body, end))) end = lineEnd(body, end) + 1;
    if (end === start) {
      start = lineEnd(body, start) + 1; // a blank line
      continue;
    }
    const found = scanParagraph(body, start, Math.min(end, body.length), limits, fenced);
    if (found) return { line: lineNumber(body, found.at), kind: found.kind, count: found.count };
    start = end;
  }
  return undefined;
}

/**
 * A bullet item, an item numbered 1 or a heading: a line the parser always reads as a new block, never as more of the
 * paragraph before it, when it is indented three spaces or less.
 */
const BLOCK_START = / {0,3}(?:[-*+]|1[.)])[ \t]+\S| {0,3}#{1,6}(?:[ \t\r\n]|$)/y;

function startsBlock(text: string, start: number): boolean {
  BLOCK_START.lastIndex = start;
  return BLOCK_START.test(text);
}

function isBlankLine(text: string, start: number): boolean {
  let i = start;
  while (i < text.length && (isBlank(text.charCodeAt(i)) || text[i] === '\r')) i++;
  return i >= text.length || text[i] === '\n';
}

function lineNumber(text: string, at: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i >= 0 && i < at; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

/**
 * Where a `]` cannot close a link: inside a tag, comment or declaration until its `end` (quoted text skipped when
 * `quotes`), or inside a link's `(destination "title")` until its parentheses balance. `quote` is the open quote, if any.
 */
type Shield =
  { kind: 'none' } | { kind: 'until'; end: string; quotes: boolean; quote: string } | { kind: 'resource'; parens: number; angle: boolean; quote: string };

const OPEN: Shield = { kind: 'none' };

function scanParagraph(text: string, start: number, end: number, limits: DenseLimits, fenced: Uint8Array) {
  const ticks = backtickSpan(text, start, end, fenced);
  let depth = 0;
  let deepest = 0;
  let deepAt = -1;
  // Every unescaped bracket outside fenced code counts, in code spans, tags and destinations too: never too low.
  let brackets = 0;
  let bracketsAt = -1;
  let runs = 0;
  let runsAt = -1;
  let shield = OPEN;
  let linePrefix = true;
  for (let i = start; i < end; i++) {
    // The parser reads nothing in fenced code as inline text: its brackets, backticks and delimiters count for nothing.
    if (fenced[i] === 1) continue;
    const c = text[i]!;
    const prefix = linePrefix;
    linePrefix = c === '\n' || (linePrefix && (c === ' ' || c === '\t' || c === '>'));
    if (c === '\\' && text[i + 1] !== '\n') {
      i++;
      continue;
    }
    shield = shield.kind === 'none' ? (c === '<' ? openTag(text, i) : OPEN) : stepShield(shield, text, i, prefix);
    if ((c === '[' || c === ']') && ++brackets > limits.bracketCount && bracketsAt < 0) bracketsAt = i;
    if (c === '[') {
      if (++depth > deepest) deepest = depth;
      if (depth > limits.brackets && deepAt < 0) deepAt = i;
    } else if (c === ']' && shield.kind === 'none' && !(ticks.first < i && i < ticks.last)) {
      depth = Math.max(0, depth - 1);
      if (text[i + 1] === '(') shield = { kind: 'resource', parens: 0, angle: false, quote: '' };
    } else if (c === '*' || c === '_' || c === '~') {
      const next = runEnd(text, i, end);
      if (isDelimiterRun(text, i, next, start, end) && ++runs > limits.delimiters && runsAt < 0) runsAt = i;
      i = next - 1;
    }
  }
  const crossed = [
    { at: deepAt, kind: 'brackets' as const, count: deepest },
    { at: bracketsAt, kind: 'bracketCount' as const, count: brackets },
    { at: runsAt, kind: 'delimiters' as const, count: runs },
  ].filter((c) => c.at >= 0);
  return crossed.sort((a, b) => a.at - b.at)[0];
}

/**
 * The first and last backtick between `start` and `end` outside fenced code: every code span of the paragraph lies
 * between them.
 */
function backtickSpan(text: string, start: number, end: number, fenced: Uint8Array): { first: number; last: number } {
  let first = -1;
  let last = -1;
  for (let i = start; i < end; i++) {
    if (text[i] !== '`' || fenced[i] === 1) continue;
    if (first < 0) first = i;
    last = i;
  }
  return { first, last };
}

/** The shield a `<` opens: a comment, processing instruction, CDATA or declaration until its end, else a possible tag. */
function openTag(text: string, i: number): Shield {
  const next = text[i + 1] ?? '';
  const until = (end: string, quotes = false): Shield => ({ kind: 'until', end, quotes, quote: '' });
  if (text.startsWith('!--', i + 1)) return until('-->');
  if (next === '?') return until('?>');
  if (text.startsWith('![CDATA[', i + 1)) return until(']]>');
  if (next === '!' && /[A-Za-z]/.test(text[i + 2] ?? '')) return until('>');
  // A tag's quoted attribute may hold `>`; an autolink ends at the first `>`, well inside what this covers.
  if (next === '/' || /[A-Za-z]/.test(next)) return until('>', true);
  return OPEN;
}

/**
 * The shield after character `i`. A `>` a line starts with is a block quote's marker, never the end of a tag the line
 * continues; quotes count in tags everywhere and in a destination only after white space, where a title may start.
 */
function stepShield(shield: Shield, text: string, i: number, prefix: boolean): Shield {
  const c = text[i]!;
  if (shield.kind === 'none') return shield;
  if (shield.quote) return c === shield.quote ? { ...shield, quote: '' } : shield;
  if (shield.kind === 'until') {
    if (shield.quotes && (c === '"' || c === "'")) return { ...shield, quote: c };
    if (prefix && c === '>') return shield;
    const from = i - shield.end.length + 1;
    return from >= 0 && text.startsWith(shield.end, from) ? OPEN : shield;
  }
  if ((c === '"' || c === "'") && (shield.angle || /\s/.test(text[i - 1] ?? ''))) return { ...shield, quote: c };
  if (shield.angle) return c === '>' && !prefix ? { ...shield, angle: false } : shield;
  if (c === '<') return { ...shield, angle: true };
  if (c === '(') return { ...shield, parens: shield.parens + 1 };
  if (c === ')') return shield.parens > 1 ? { ...shield, parens: shield.parens - 1 } : OPEN;
  return shield;
}

function runEnd(text: string, i: number, end: number): number {
  let j = i + 1;
  while (j < end && text[j] === text[i]) j++;
  return j;
}

/**
 * Whether the parser may treat this run as emphasis or strikethrough: not with white space on both sides, not `_`
 * inside an ASCII word (`snake_case`), not three or more `~`. Anything else counts, whatever the punctuation.
 */
function isDelimiterRun(text: string, from: number, to: number, start: number, end: number): boolean {
  if (text[from] === '~' && to - from > 2) return false;
  const before = from > start ? text[from - 1]! : ' ';
  const after = to < end ? text[to]! : ' ';
  if (/\s/.test(before) && /\s/.test(after)) return false;
  return !(text[from] === '_' && /[A-Za-z0-9]/.test(before) && /[A-Za-z0-9]/.test(after));
}

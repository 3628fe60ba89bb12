/**
 * The indentation (spaces and tabs, as characters) the lines share, counting only the lines `hasContent` accepts
 * (by default those that are not blank); 0 when none does. A loop, not Math.min(...): a block of 200,000 lines would
 * overflow the stack as arguments.
 */
export function commonIndent(lines: readonly string[], hasContent: (line: string) => boolean = (line) => line.trim() !== ''): number {
  let indent = Infinity;
  for (const line of lines) if (hasContent(line)) indent = Math.min(indent, leadingBlanks(line));
  return Number.isFinite(indent) ? indent : 0;
}

/** Each line without up to `indent` leading spaces or tabs (a line indented less keeps its text). */
export function dedentLines(lines: readonly string[], indent: number): string[] {
  return indent ? lines.map((line) => line.slice(Math.min(indent, leadingBlanks(line)))) : [...lines];
}

function leadingBlanks(line: string): number {
  return /^[ \t]*/.exec(line)![0].length;
}

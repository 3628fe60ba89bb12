/** `::: mermaid` (Azure DevOps wiki) opens a diagram; a line of three or more colons alone closes it. */
export const MERMAID_OPEN = /^[ \t]{0,3}:{3,}[ \t]*mermaid[ \t]*\r?$/;
export const COLON_CLOSE = /^[ \t]*:{3,}[ \t]*\r?$/;

/**
 * Rewrites Markdown line by line, telling `map` whether each line is fenced code (a ``` or ~~~ fence line, or a line
 * between them): a fence closes at a marker of the same character at least as long, and one that never closes runs
 * to the end, as CommonMark reads them; Azure DevOps wiki's `::: mermaid` block counts as one. For the text passes that
 * must leave code as written.
 */
export function mapFencedLines(markdown: string, map: (line: string, code: boolean) => string): string {
  const lines = markdown.split('\n');
  // A `::: mermaid` block is code only when a closing `:::` follows (as remarkRawBlocks reads it): the last one's line.
  let lastClose = -1;
  for (let i = lines.length - 1; i >= 0 && lastClose < 0; i--) if (COLON_CLOSE.test(lines[i]!)) lastClose = i;
  let fence: string | undefined;
  return lines
    .map((line, i) => {
      // Azure DevOps wiki's `::: mermaid` … `:::` is a diagram's code too (remarkRawBlocks).
      if (fence === ':::' ? COLON_CLOSE.test(line) : !fence && i < lastClose && MERMAID_OPEN.test(line)) {
        fence = fence ? undefined : ':::';
        return map(line, true);
      }
      if (fence === ':::') return map(line, true);
      const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
      if (marker && (!fence || (marker[0] === fence[0] && marker.length >= fence.length))) {
        fence = fence ? undefined : marker;
        return map(line, true);
      }
      return map(line, fence !== undefined);
    })
    .join('\n');
}

/** The text with fenced code and inline code spans blanked (same length, newlines kept), so markup inside code is not read. */
export function maskCode(markdown: string): string {
  return mapFencedLines(markdown, (line, code) =>
    code ? ' '.repeat(line.length) : line.includes('`') ? line.replace(/(`+)[^`]*?\1/g, (span) => ' '.repeat(span.length)) : line,
  );
}

import { parseTagLine } from './template-tags.ts';

/** `::: mermaid` (a wiki's diagram container) opens a diagram; a line of three or more colons alone closes it. */
export const MERMAID_OPEN = /^[ \t]{0,3}:{3,}[ \t]*mermaid[ \t]*\r?$/;
export const COLON_CLOSE = /^[ \t]*:{3,}[ \t]*\r?$/;

/**
 * Rewrites Markdown line by line, telling `map` whether each line is fenced code (a ``` or ~~~ fence line, or a line
 * between them): a fence closes at a marker of the same character at least as long, and one that never closes runs
 * to the end, as CommonMark reads them. Blocks written in other tools' syntax whose lines are code (a
 * `::: mermaid`, a Liquid tag's or a shortcode's `highlight`) count too when their closing line follows, as remarkRawBlocks reads
 * them; for those `raw` is true. For the text passes that must leave code as written.
 */
export function mapFencedLines(markdown: string, map: (line: string, code: boolean, raw: boolean) => string): string {
  const lines = markdown.split('\n');
  // A raw block is code only when its closing line follows: the last closing line of each kind. Most texts can open
  // none, and every text pass of every section comes here: they skip the lookup.
  const lastClose = new Map<string, number>();
  if (markdown.includes('mermaid') || markdown.includes('highlight'))
    lines.forEach((line, i) => {
      const kind = rawClose(line);
      if (kind) lastClose.set(kind, i);
    });
  let fence: string | undefined;
  let raw: string | undefined;
  return lines
    .map((line, i) => {
      if (raw) {
        if (rawClose(line) === raw) raw = undefined;
        return map(line, true, true);
      }
      const open = fence || !lastClose.size ? undefined : rawOpen(line);
      if (open && i < (lastClose.get(open) ?? -1)) {
        raw = open;
        return map(line, true, true);
      }
      const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
      if (marker && (!fence || (marker[0] === fence[0] && marker.length >= fence.length))) {
        fence = fence ? undefined : marker;
        return map(line, true, false);
      }
      return map(line, fence !== undefined, false);
    })
    .join('\n');
}

/** The kind of raw block a line opens (`:::` for `::: mermaid`, `highlight`), if any. */
function rawOpen(line: string): string | undefined {
  if (MERMAID_OPEN.test(line)) return ':::';
  if (!line.includes('{')) return undefined;
  const tag = parseTagLine(line);
  return tag?.kind === 'open' && tag.name === 'highlight' ? 'highlight' : undefined;
}

/** The kind of raw block a line closes, if any. */
function rawClose(line: string): string | undefined {
  if (COLON_CLOSE.test(line)) return ':::';
  if (!line.includes('{')) return undefined;
  const tag = parseTagLine(line);
  return tag?.kind === 'close' && tag.name === 'highlight' ? 'highlight' : undefined;
}

/**
 * The text without what the page draws rather than shows as words, for passes that read prose only: the lines of raw
 * blocks (`::: mermaid`, `highlight`) and template tag lines outside code (`{% hint style="info" %}`, `{{< /tab >}}`,
 * read by parseTagLine as remarkTemplateTags reads them).
 */
export function blankTagsAndRawBlocks(markdown: string): string {
  if (!markdown.includes(':::') && !markdown.includes('{%') && !markdown.includes('{{')) return markdown;
  return mapFencedLines(markdown, (line, code, raw) => (raw || (!code && line.includes('{') && parseTagLine(line)) ? '' : line));
}

/** The text with fenced code and inline code spans blanked (same length, newlines kept), so markup inside code is not read. */
export function maskCode(markdown: string): string {
  return mapFencedLines(markdown, (line, code) =>
    code ? ' '.repeat(line.length) : line.includes('`') ? line.replace(/(`+)[^`]*?\1/g, (span) => ' '.repeat(span.length)) : line,
  );
}

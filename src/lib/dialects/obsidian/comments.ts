import { maskCode } from '../../markdown/fenced-lines.ts';

/** What opens and closes an Obsidian comment. */
export const OBSIDIAN_COMMENT_MARK = '%%';

/**
 * Blanks Obsidian comments (`%%…%%`, inside a line or around blocks) in Markdown, outside fenced and inline code and
 * the frontmatter, keeping every newline so section line numbers still hold: the text passes' side of
 * remarkObsidianComments, for search text and snippets cut from the Markdown. A last `%%` never closed hides the rest
 * when it opens a line and nothing when it stands inside one, as on the page. Linear in the length of the text.
 */
export function stripObsidianComments(markdown: string): string {
  if (!markdown.includes(OBSIDIAN_COMMENT_MARK)) return markdown;
  const masked = maskCode(markdown);
  const marks: number[] = [];
  for (let at = masked.indexOf(OBSIDIAN_COMMENT_MARK, frontmatterLength(markdown)); at >= 0; at = masked.indexOf(OBSIDIAN_COMMENT_MARK, at + 2)) marks.push(at);
  if (marks.length % 2 === 1) {
    const last = marks[marks.length - 1]!;
    if (opensLine(masked, last)) marks.push(masked.length);
    else marks.pop();
  }
  if (!marks.length) return markdown;
  let out = '';
  let at = 0;
  for (let i = 0; i < marks.length; i += 2) {
    const [start, end] = [marks[i]!, Math.min(masked.length, marks[i + 1]! + 2)];
    out += markdown.slice(at, start) + markdown.slice(start, end).replace(/[^\n]+/g, '');
    at = end;
  }
  return out + markdown.slice(at);
}

/** Whether only spaces, tabs or block markers (`>`, `-`, `1.`, `##`) stand before `at` on its line. */
function opensLine(text: string, at: number): boolean {
  const lineStart = text.lastIndexOf('\n', at - 1) + 1;
  return /^[ \t]*(?:(?:>|[-*+]|\d{1,9}[.)])[ \t]*)*(?:#{1,6}[ \t]+)?$/.test(text.slice(lineStart, at));
}

/** Length of a leading YAML frontmatter block (`---` … `---`), which holds no text of the page. */
function frontmatterLength(markdown: string): number {
  if (!markdown.startsWith('---\n')) return 0;
  const end = markdown.indexOf('\n---\n', 3);
  return end < 0 ? 0 : end + 5;
}

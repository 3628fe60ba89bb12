// Fence handling without a YAML parser, so browser code can strip frontmatter without bundling one.

/** The opening and closing line of YAML frontmatter. */
export const FENCE = /^---[ \t]*$/;
/** `---js`, `---coffee`, `---toml`…: gray-matter's language openers, which ran code for js/coffee. */
export const LANGUAGE_FENCE = /^---[ \t]*([A-Za-z][\w-]*)[ \t]*$/;
export const TOML_FENCE = /^\+\+\+[ \t]*$/;

/** The text as Maru reads it: no BOM, every line ending `\n` (CRLF and lone CR keep their line count). */
export function normalizeText(text: string): string {
  return text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
}

/** The body of a Markdown file without its frontmatter: the one place other modules strip it. */
export function stripFrontmatter(text: string): string {
  const lines = normalizeText(text).split('\n');
  if (!FENCE.test(lines[0] ?? '')) return lines.join('\n');
  const close = lines.findIndex((l, i) => i > 0 && FENCE.test(l));
  return close < 0 ? lines.join('\n') : lines.slice(close + 1).join('\n');
}

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

/** The body of a Markdown file without its frontmatter (YAML `---`, or Hugo's TOML `+++`): the one place other modules strip it. */
export function stripFrontmatter(text: string): string {
  const lines = normalizeText(text).split('\n');
  const fence = [FENCE, TOML_FENCE].find((f) => f.test(lines[0] ?? ''));
  if (!fence) return lines.join('\n');
  const close = lines.findIndex((l, i) => i > 0 && fence.test(l));
  return close < 0 ? lines.join('\n') : lines.slice(close + 1).join('\n');
}

/**
 * The text the site's renderer is given: Astro strips YAML frontmatter itself, not TOML, so a `+++` block becomes an
 * empty `---` block of as many lines (line numbers stay those of the file).
 */
export function renderableText(text: string): string {
  if (!/^(?:\uFEFF)?\+\+\+/.test(text)) return text;
  const lines = text.split('\n');
  const close = lines.findIndex((l, i) => i > 0 && TOML_FENCE.test(l.replace(/\r$/, '')));
  if (close < 0) return text;
  return ['---', ...lines.slice(1, close).map(() => ''), '---', ...lines.slice(close + 1)].join('\n');
}

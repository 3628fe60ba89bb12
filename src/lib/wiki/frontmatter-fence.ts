// Fence handling without a YAML parser, so browser code can strip frontmatter without bundling one.
import { frontmatterFences } from '../dialects/text.ts';

/** The opening and closing line of YAML frontmatter. */
export const FENCE = /^---[ \t]*$/;
/** `---js`, `---coffee`, `---toml`…: gray-matter's language openers, which ran code for js/coffee. */
export const LANGUAGE_FENCE = /^---[ \t]*([A-Za-z][\w-]*)[ \t]*$/;

/** The text as Maru reads it: no BOM, every line ending `\n` (CRLF and lone CR keep their line count). */
export function normalizeText(text: string): string {
  return text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
}

/** The body of a Markdown file without its frontmatter (YAML `---`, or a dialect's fence: TOML's `+++`): the one place other modules strip it. */
export function stripFrontmatter(text: string): string {
  const lines = normalizeText(text).split('\n');
  return lines.slice(frontmatterLineCount(lines)).join('\n');
}

/**
 * How many of `lines` the frontmatter block at the top takes, both fences included; 0 without one or when it never
 * closes. A BOM and `\r` line ends are allowed, so lines of a file as read can be counted.
 */
export function frontmatterLineCount(lines: readonly string[]): number {
  const line = (i: number) => (lines[i] ?? '').replace(i === 0 ? /^\uFEFF|\r$/g : /\r$/, '');
  const fence = [FENCE, ...otherFences()].find((f) => f.test(line(0)));
  if (!fence) return 0;
  for (let i = 1; i < lines.length; i++) if (fence.test(line(i))) return i + 1;
  return 0;
}

/**
 * The text the site's renderer is given: Astro strips YAML frontmatter itself, not a dialect's (TOML), so such a block
 * becomes an empty `---` block of as many lines (line numbers stay those of the file).
 */
export function renderableText(text: string): string {
  const end = text.indexOf('\n');
  const first = (end < 0 ? text : text.slice(0, end)).replace(/^\uFEFF|\r$/g, '');
  if (!otherFences().some((f) => f.test(first))) return text;
  const lines = text.split('\n');
  const close = frontmatterLineCount(lines) - 1;
  if (close < 0) return text;
  return ['---', ...lines.slice(1, close).map(() => ''), '---', ...lines.slice(close + 1)].join('\n');
}

let fences: RegExp[] | undefined;
/** The dialects' fences, read once (lazily: the dialects' modules may import this one). */
function otherFences(): RegExp[] {
  return (fences ??= frontmatterFences());
}

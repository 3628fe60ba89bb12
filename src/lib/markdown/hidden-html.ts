import { maskCode } from './fenced-lines.ts';
import { withoutHiddenText } from '../dialects/text.ts';

/**
 * What the page never shows of raw HTML: comments (the sanitizer drops them), and `<script>`, `<style>` and
 * `<template>` elements with their text (remarkForeignHtml drops complete scripts and styles, the sanitizer strips
 * styles and scripts and leaves a template's content out). Search text is cut from the Markdown with regular
 * expressions that keep text between tags, so without this a comment's "secret" was searchable and quoted.
 */
const OPENER = /<!--|<(script|style|template)(?=[\s/>])/gi;
const MAY_HIDE = /<!--|<(?:script|style|template)/i;

/**
 * Blanks HTML comments and complete `<script>`, `<style>` and `<template>` elements in Markdown, outside fenced and
 * inline code and the frontmatter, keeping every newline so section line numbers still hold. An unclosed comment
 * that opens a line (an HTML block) hides the rest of the document, as it does on the page; one inside a line is
 * shown as text, and an unclosed element hides nothing (a lone `<script>` is shown as code). What the dialects'
 * syntax hides goes too (`withoutHiddenText`: `%%…%%` comments): the page never shows it either. Linear in the length of the text,
 * whatever it holds.
 */
export function stripHiddenHtml(markdown: string): string {
  return withoutHiddenText(stripTags(markdown));
}

function stripTags(markdown: string): string {
  // Most documents hold nothing hidden: they skip the masking pass (it runs on every document a build or a snippet reads).
  if (!MAY_HIDE.test(markdown)) return markdown;
  const masked = maskCode(markdown);
  const cuts: [number, number][] = [];
  // Comments (`!--`) and elements whose closing tag no longer occurs: later openers are not searched again (that search would be quadratic).
  const unclosed = new Set<string>();
  const opener = new RegExp(OPENER);
  opener.lastIndex = frontmatterLength(markdown);
  for (let m = opener.exec(masked); m; m = opener.exec(masked)) {
    const end = hiddenEnd(masked, m.index, m[1]?.toLowerCase(), unclosed);
    if (end === undefined) continue;
    cuts.push([m.index, end]);
    opener.lastIndex = end;
  }
  if (!cuts.length) return markdown;
  let out = '';
  let at = 0;
  for (const [start, end] of cuts) {
    out += markdown.slice(at, start) + markdown.slice(start, end).replace(/[^\n]+/g, '');
    at = end;
  }
  return out + markdown.slice(at);
}

/** Where the hidden text opening at `start` ends, or undefined when it is not hidden (an element never closed). */
function hiddenEnd(masked: string, start: number, tag: string | undefined, unclosed: Set<string>): number | undefined {
  if (!tag) {
    // `<!-->` and `<!--->` are whole (empty) comments in HTML, so the closing `-->` may overlap the opening `<!--`.
    const close = unclosed.has('!--') ? -1 : masked.indexOf('-->', start + 2);
    if (close >= 0) return close + 3;
    unclosed.add('!--');
    return opensLine(masked, start) ? masked.length : undefined;
  }
  if (unclosed.has(tag)) return undefined;
  const closer = new RegExp(`</${tag}[\\s>]`, 'gi');
  closer.lastIndex = start;
  const close = closer.exec(masked);
  if (!close) {
    unclosed.add(tag);
    return undefined;
  }
  const gt = masked.indexOf('>', close.index);
  return gt < 0 ? masked.length : gt + 1;
}

/** Whether only up to three spaces stand before `at` on its line (where an HTML block may start); reads at most four characters. */
function opensLine(text: string, at: number): boolean {
  let i = at;
  while (i > 0 && at - i < 3 && text[i - 1] === ' ') i--;
  return i === 0 || text[i - 1] === '\n';
}

/** Length of a leading YAML frontmatter block (`---` … `---`), which holds no HTML of the page. */
function frontmatterLength(markdown: string): number {
  if (!markdown.startsWith('---\n')) return 0;
  const end = markdown.indexOf('\n---\n', 3);
  return end < 0 ? 0 : end + 5;
}

import { sliceGraphemes } from '../markdown/graphemes.ts';
import { blankTagsAndRawBlocks } from '../markdown/fenced-lines.ts';
import { stripHiddenHtml } from '../markdown/hidden-html.ts';
import { stripHighlightMarks } from '../dialects/obsidian/highlight-marks.ts';
import { frontmatterEnd, makeSnippet, type Snippet } from '../markdown/sections.ts';
import { inGithubWikiOrder, isPictureEmbed, pictureEmbedLabel } from '../markdown/wikilink.ts';
import type { SearchDocument } from './index-schema.ts';
import { stripFrontmatter } from '../wiki/frontmatter-fence.ts';

export type { Snippet };

/**
 * Markdown reduced to the words a reader sees, for snippets: no code blocks, HTML, link targets, bare URLs,
 * callout markers (`[!TIP]`), table rules or thematic breaks, and emphasis marks only where they are marks —
 * an underscore inside a word or path (`claude_desktop_config.json`, `dist/_wiki/`) is part of the name. Inline code
 * is text the reader sees, kept as written without its backticks (`<select>`, `/<repo>/pr-<번호>/`).
 */
export function snippetText(markdown: string, linkTitle?: LinkTitle): string {
  // Frontmatter, a BOM or a carriage return only where the text could have one: splitting every section into lines cost more than the rest.
  let text = blankTagsAndRawBlocks(/^(?:\uFEFF|---|\+\+\+)|\r/.test(markdown) ? stripFrontmatter(markdown) : markdown);
  let spans: string[] = [];
  for (const [s, [needs, pattern, replacement]] of SNIPPET_STEPS.entries()) {
    // A step whose pattern needs a character the text lacks cannot change it; most sections skip most steps.
    if (needs === undefined || (typeof needs === 'string' ? text.includes(needs) : needs.some((n) => text.includes(n)))) {
      text = replaceWith(text, pattern, linkTitle && pattern === WIKILINK ? wikiLinkText(linkTitle) : replacement);
    }
    // After the code blocks go, inline code is set aside, so no later step reads its `<tag>`, `_` or URL as Markdown.
    if (s === 0 && text.includes('`') && !text.includes(SPAN_OPEN)) ({ text, spans } = setAsideCode(text));
  }
  return (spans.length ? restoreCode(text, spans) : text).trim();
}

/** Private-use characters around the number of an inline code span set aside (`setAsideCode`). */
const SPAN_OPEN = '\uE000';
const SPAN_CLOSE = '\uE001';
/** A code span: a run of backticks, then text up to a run of as many (CommonMark; within one line here). */
const CODE_SPAN = /(`+)(?!`)([^\n]*?[^`\n])\1(?!`)/g;
const SET_ASIDE = new RegExp(`${SPAN_OPEN}(\\d+)${SPAN_CLOSE}`, 'g');

function setAsideCode(text: string): { text: string; spans: string[] } {
  const spans: string[] = [];
  // Spans come in order: the line the last one stood on is remembered, so a long line of them is read once.
  let lineEnd = -1;
  let tableRow = false;
  const out = text.replace(CODE_SPAN, (_m, _ticks: string, code: string, at: number) => {
    if (code.includes('\\|') && at > lineEnd) {
      const start = text.lastIndexOf('\n', at) + 1;
      const end = text.indexOf('\n', at);
      lineEnd = end < 0 ? text.length : end;
      tableRow = /^[ \t]*\|/.test(text.slice(start, start + 100));
    }
    // In a table row, `\|` is how code writes a pipe (GFM); the page shows `|`.
    const shown = tableRow && at <= lineEnd && code.includes('\\|') ? code.replaceAll('\\|', '|') : code;
    return `${SPAN_OPEN}${spans.push(shown.trim()) - 1}${SPAN_CLOSE}`;
  });
  return { text: out, spans };
}

function restoreCode(text: string, spans: readonly string[]): string {
  return text.replace(SET_ASIDE, (_m, i: string) => spans[Number(i)]!);
}

type Replacement = string | ((match: string, ...groups: string[]) => string);

/** The title of the document a wikilink target names (see `wikiTargets`), when the caller knows the documents. */
export type LinkTitle = (target: string) => string | undefined;

/**
 * `[[id]]`, `[[id#heading]]`, `[[id|text]]`, with no `[`, `]` or line break inside (the page's rule, `findWikiLinks`).
 * Each part stopping at the next `[` keeps the search linear: a megabyte of `[[` or `![[` took minutes, in the build
 * and in the MCP server cutting a snippet from the section.
 */
const WIKILINK = /\[\[([^[\]|#\n]+)(?:#[^[\]|\n]*)?(?:\|([^[\]\n]+))?\]\]/g;

/**
 * `![alt](target)` and `[text](target)`. No part crosses a `[` but a link's text may hold one bracketed part
 * (`![출처: [url](url)](a.png)`): a megabyte of `![[` or `[a](` made every start scan to the end, and so did thousands of
 * paragraphs each ending in an unclosed `[x` (each start scanned to the end of the section).
 */
const IMAGE = /!\[((?:[^[\]]|\[[^[\]]*\])*)\]\([^)[]*\)/g;
const LINK = /\[((?:[^[\]]|\[[^[\]]*\])*)\]\([^)[]*\)/g;

/**
 * What a wikilink reads as: its own text, else the linked document's title, else the target as written. The text of a
 * GitHub wiki's `[[Link text|Page name]]` is its first part (`inGithubWikiOrder`, the page's rule).
 */
function wikiLinkText(linkTitle: LinkTitle): (match: string, target: string, label?: string) => string {
  return (_m, target, label) => {
    // A GitHub wiki's picture (`[[images/a.png|alt=구조도]]`) reads as its alt text, as an embed does.
    if (isPictureEmbed(target)) return pictureEmbedLabel(label).alt || ' ';
    if (label === undefined) return linkTitle(target.trim()) ?? target;
    return inGithubWikiOrder({ target: target.trim(), label }, (t) => linkTitle(t) !== undefined).label ?? label;
  };
}

/** An Obsidian embed as snippet text: a picture's alt text (not its `300` or `300x200` size), or a note's link as written. */
function embedText(_m: string, link: string, target: string, label?: string): string {
  return isPictureEmbed(target) ? pictureEmbedLabel(label).alt || ' ' : link;
}

/**
 * `snippetText`'s steps in order: a string every match contains (or strings one of which every match contains; or
 * undefined), the pattern, its replacement.
 */
const SNIPPET_STEPS: readonly (readonly [string | readonly string[] | undefined, RegExp, Replacement])[] = [
  [['```', '~~~'], /^(```|~~~)[\s\S]*?^\1[^\n]*$/gm, ' '],
  ['<', /<[^>\n]+>/g, ' '],
  // Blanks before a line's marker are [ \t], never \s: `^\s*` runs across every blank line below each line start, and a
  // few thousand blank lines before a `[!` took a minute (the MCP server cuts snippets per request).
  [']:', /^[ \t]*\[[^\]\n]+\]:\s+\S+.*$/gm, ' '],
  ['![', IMAGE, '$1'],
  // Obsidian embeds: a picture (`![[그림.png|300]]`) is no word of the text, its alt text is; a note embed reads as its link.
  ['![[', new RegExp(`!(${WIKILINK.source})`, 'g'), embedText],
  ['[[', WIKILINK, wikiLinkText(() => undefined)],
  ['](', LINK, '$1'],
  ['][', /\[([^[\]]+)\]\[[^[\]]*\]/g, '$1'],
  ['://', /\bhttps?:\/\/[^\s)>\]]+/g, ' '],
  ['[!', /^[ \t]*>?[ \t]*\[!\w+\][+-]?/gm, ' '],
  // Container fences (VitePress/Docusaurus `:::tip 제목`, `:::danger[제목]`, `:::`) and MkDocs admonitions (`!!! note`):
  // the page draws a box, so the marker is no word of the text; a title in brackets is.
  [':::', /^[ \t]*:{3,}(?:[ \t]*[A-Za-z][\w-]*)?(?:\[([^\]\n]*)\])?/gm, '$1 '],
  ['!!!', /^[ \t]*[!?]{3}\+?[ \t]+[A-Za-z][\w-]*/gm, ' '],
  ['---', /^[ \t]*\|?(?:[ \t]*:?-{3,}:?[ \t]*\|)+[ \t]*:?-*:?[ \t]*$/gm, ' '],
  [['-', '*', '_'], /^[ \t]*(?:[-*_][ \t]*){3,}$/gm, ' '],
  ['#', /^#{1,6}\s+/gm, ''],
  // Wiki.js's class line under a quote (`{.is-info}`): the page draws a callout.
  ['{.is-', /^[ \t]*>?[ \t]*\{\.is-[a-z]+\}[ \t]*$/gm, ' '],
  // Docsify's hint markers (`!> `, `?> `): the page draws a callout.
  ['>', /^[ \t]*[!?]>[ \t]+/gm, ''],
  ['>', /^[ \t]*(?:>\s*)+/gm, ''],
  [['-', '*', '+', '.'], /^[ \t]*(?:[-*+]|\d+\.)\s+(?:\[[ xX]\]\s+)?/gm, ''],
  [['*', '`', '~'], /[*`~]+/g, ''],
  // Obsidian highlights (`==중요==`) keep their words; `a == b` is no highlight (stripHighlightMarks follows Obsidian's rule).
  // The whole text in one match: the pairing reads the text in order.
  ['==', /[^]+/g, stripHighlightMarks],
  ['|', /\|/g, ' '],
  // Obsidian block ids (` ^block-id` ending a paragraph, or on a line of their own) are anchors, not words.
  ['^', /(?:^|[ \t])\^[A-Za-z0-9-]+[ \t]*$/gm, ''],
  // Emphasis underscores open after a space or an opening bracket and close before a space or punctuation; others are
  // part of a name or path ('dist/_wiki/', 'a_b').
  ['_', /(?<=^|[\s(["'])_+(?=\S)|(?<=\S)_+(?=$|[\s)\]"'.,!?:;])/gmu, ''],
  // Runs of whitespace become one space; a lone space is already one (replacing each of them was the costliest step).
  [undefined, /\s\s+|[^\S ]/g, ' '],
  // A space left before punctuation by a removed mark goes; not before a name that starts with one (`.astro`, `.env`).
  [undefined, / ([.,!?:;)])(?=[\s.,!?:;)]|$)/g, '$1'],
];

function replaceWith(text: string, pattern: RegExp, replacement: Replacement): string {
  return typeof replacement === 'string' ? text.replace(pattern, replacement) : text.replace(pattern, replacement);
}

/**
 * What snippets are cut from: per section of the document (in the order of `document.sections`), its own
 * prose as `snippetText` cleans it (the first SECTION_TEXT_CHARS), without its heading or its subsections. The build writes it as
 * `_wiki/search/text/<id>.json` for the site (`documentText`, an array); the MCP server cuts the same texts from the same
 * Markdown with the same function, section by section as snippets ask for them (`sectionTexts`), so both show the same snippets.
 */
export interface DocumentText {
  /** Section `index`'s text (undefined past the last section). */
  at(index: number): string | undefined;
}

/**
 * Each section's text is cut after this many characters (at a space): a snippet shows 160–300 of them, and
 * the long sections of reference pages made the texts of five queries' hits 168 KiB on the wire at ko-react-docs.
 */
export const SECTION_TEXT_CHARS = 1000;

/** The snippet text of a document from its normalised Markdown (`_wiki/docs/<id>.md`), every section (what the build writes). */
export function documentText(document: { readonly sections: readonly { line: number }[] }, markdown: string, linkTitle?: LinkTitle): readonly string[] {
  const texts = sectionTexts(document, markdown, linkTitle);
  return document.sections.map((_, i) => texts.at(i)!);
}

/**
 * The same texts as `documentText`, each section cut only when first read, and remembered for the last
 * SECTION_TEXTS_KEPT documents asked for. A snippet reads one section and its subsections (the whole document
 * only when they lack every matched word), and cleaning all of a 12 KB page cost about half a millisecond a hit.
 */
export function sectionTexts(document: { readonly sections: readonly { line: number }[] }, markdown: string, linkTitle?: LinkTitle): DocumentText {
  return sectionTextsOf(document, markdown, () => markdown, linkTitle);
}

/**
 * `sectionTexts` for a caller that holds the Markdown in another form (the MCP server keeps each document's UTF-8
 * bytes): `source` stands for the Markdown (the same object, the same text) and `decode` is called only when the
 * texts are not remembered, so a hit the server has cut before costs no decoding of its whole document.
 */
export function sectionTextsOf(
  document: { readonly sections: readonly { line: number }[] },
  source: unknown,
  decode: () => string,
  linkTitle?: LinkTitle,
): DocumentText {
  const known = kept.get(document);
  if (known && known.source === source && known.linkTitle === linkTitle) {
    // Most recently used last, so the oldest goes first when the cache is full.
    kept.delete(document);
    kept.set(document, known);
    return known;
  }
  if (kept.size >= SECTION_TEXTS_KEPT) kept.delete(kept.keys().next().value!);
  // Only what the page shows: no HTML comments, scripts or styles (for the site's files and the MCP server alike).
  const texts = new LazySectionTexts(document, source, stripHiddenHtml(decode()), linkTitle);
  kept.set(document, texts);
  return texts;
}

/** How many documents' section texts `sectionTexts` remembers (about 25 KB of Markdown each, held until evicted). */
const SECTION_TEXTS_KEPT = 512;

const kept = new Map<object, LazySectionTexts>();

class LazySectionTexts implements DocumentText {
  /** What the caller passed for the Markdown: the text itself, or the bytes it was decoded from. */
  readonly source: unknown;
  readonly markdown: string;
  readonly #sections: readonly { line: number }[];
  #lines: string[] | undefined;
  readonly #texts: (string | undefined)[] = [];

  readonly linkTitle: LinkTitle | undefined;

  constructor(document: { readonly sections: readonly { line: number }[] }, source: unknown, markdown: string, linkTitle: LinkTitle | undefined) {
    this.source = source;
    this.markdown = markdown;
    this.linkTitle = linkTitle;
    this.#sections = document.sections;
  }

  at(index: number): string | undefined {
    if (index < 0 || index >= this.#sections.length) return undefined;
    let text = this.#texts[index];
    if (text === undefined) {
      this.#lines ??= this.markdown.split('\n');
      this.#texts[index] = text = cut(snippetText(sectionLines(this.#sections, this.#lines, index), this.linkTitle), SECTION_TEXT_CHARS);
    }
    return text;
  }
}

/** Each section's own Markdown lines: after its heading line, up to the next heading of any level (the lead after the frontmatter). */
function sectionMarkdown(document: { readonly sections: readonly { line: number }[] }, markdown: string): string[] {
  const lines = markdown.split('\n');
  return document.sections.map((_, i) => sectionLines(document.sections, lines, i));
}

function sectionLines(sections: readonly { line: number }[], lines: readonly string[], i: number): string {
  const start = i === 0 ? frontmatterEnd(lines) : sections[i]!.line;
  const end = sections[i + 1] ? sections[i + 1]!.line - 1 : lines.length;
  return lines.slice(start, end).join('\n');
}

/**
 * Per section, the prose whose words the section ranking counts (the build stores the counts as section
 * postings): the section's Markdown with code fences, tags and link targets dropped, text inside HTML and
 * MDX blocks kept — it ranked better on the dev sets than the parse's section text.
 */
export function sectionProse(document: { readonly sections: readonly { line: number }[] }, markdown: string): string[] {
  return sectionMarkdown(document, stripHiddenHtml(markdown)).map(markdownToText);
}

/**
 * Markdown reduced to readable text: no code fences, tags, link targets or emphasis marks. Its link patterns are
 * `snippetText`'s, whose parts stop at a bracket, so a section's cost stays in proportion to its length.
 */
function markdownToText(markdown: string): string {
  return stripHighlightMarks(blankTagsAndRawBlocks(markdown))
    .replace(/^```[\s\S]*?^```/gm, ' ')
    .replace(/<[^>\n]+>/g, ' ')
    .replace(IMAGE, '$1')
    .replace(WIKILINK, (_m, id: string, label?: string) => label ?? id)
    .replace(LINK, '$1')
    .replace(/^#{1,6}\s+/gm, '')
    .replace(/^[ \t]*(?:[-*+]|\d+\.|>)\s+/gm, '')
    .replace(/[*_`~|]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The one snippet of a search hit, for the site and the MCP server alike: the hit's best section with its
 * subsections (its own heading left out), else wherever the document mentions a matched term, else the summary.
 */
export function hitSnippet(document: SearchDocument, anchor: string, terms: readonly string[], text: DocumentText | undefined, max: number): Snippet {
  // Tried in order, each only when the ones before found no matched word.
  const candidates: (() => string)[] = [];
  if (text !== undefined) {
    const sections = document.sections;
    const at = anchor
      ? Math.max(
          0,
          sections.findIndex((s) => s.anchor === anchor),
        )
      : 0;
    const withHeading = (j: number) => [sections[j]!.heading, text.at(j) ?? ''];
    candidates.push(() => {
      const parts = [text.at(at) ?? ''];
      // The lead has no subsections; a heading's run until the next heading of its level or above.
      for (let j = at + 1; at > 0 && j < sections.length && sections[j]!.depth > sections[at]!.depth; j++) parts.push(...withHeading(j));
      return join(parts);
    });
    // A lead that only repeats the title (or is empty) says nothing; the matching words are further down.
    candidates.push(() => join([text.at(0) ?? '', ...sections.slice(1).flatMap((_, k) => withHeading(k + 1))]));
  }
  candidates.push(() => document.summary);
  let first: Snippet | undefined;
  for (const candidate of candidates) {
    const value = candidate();
    if (!value.trim()) continue;
    const snippet = makeSnippet(value, terms, max);
    if (snippet.highlights.length > 0) return snippet;
    first ??= snippet;
  }
  return first ?? { text: '', highlights: [] };
}

function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const space = text.lastIndexOf(' ', max);
  return space > max * 0.8 ? text.slice(0, space) : sliceGraphemes(text, max);
}

function join(parts: readonly string[]): string {
  return parts.filter(Boolean).join(' ');
}

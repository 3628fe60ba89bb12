import { frontmatterEnd, makeSnippet, type Snippet } from '../markdown/sections.ts';
import type { SearchDocument } from './index-schema.ts';
import { stripFrontmatter } from '../wiki/frontmatter-fence.ts';

export type { Snippet };

/**
 * Markdown reduced to the words a reader sees, for snippets: no code blocks, HTML, link targets, bare URLs,
 * callout markers (`[!TIP]`), table rules or thematic breaks, and emphasis marks only where they are marks —
 * an underscore inside a word (`claude_desktop_config.json`) is part of the name.
 */
export function snippetText(markdown: string): string {
  return stripFrontmatter(markdown)
    .replace(/^(```|~~~)[\s\S]*?^\1[^\n]*$/gm, ' ')
    .replace(/<[^>\n]+>/g, ' ')
    .replace(/^\s*\[[^\]\n]+\]:\s+\S+.*$/gm, ' ')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[\[([^\]|#]+)(?:#[^\]|]*)?(?:\|([^\]]+))?\]\]/g, (_m, id: string, label?: string) => label ?? id)
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\[[^\]]*\]/g, '$1')
    .replace(/\bhttps?:\/\/[^\s)>\]]+/g, ' ')
    .replace(/^\s*>?\s*\[!\w+\][+-]?/gm, ' ')
    .replace(/^\s*\|?(?:\s*:?-{3,}:?\s*\|)+\s*:?-*:?\s*$/gm, ' ')
    .replace(/^\s*(?:[-*_]\s*){3,}$/gm, ' ')
    .replace(/^#{1,6}\s+/gm, '')
    .replace(/^\s*(?:>\s*)+/gm, '')
    .replace(/^\s*(?:[-*+]|\d+\.)\s+(?:\[[ xX]\]\s+)?/gm, '')
    .replace(/[*`~]+/g, '')
    .replace(/\|/g, ' ')
    .replace(/(?<![\p{L}\p{N}])_+|_+(?![\p{L}\p{N}])/gu, '')
    .replace(/\s+/g, ' ')
    .replace(/ ([.,!?:;)])/g, '$1')
    .trim();
}

/**
 * What snippets are cut from: per section of the document (in the order of `document.sections`), its own
 * prose as `snippetText` cleans it (the first SECTION_TEXT_CHARS), without its heading or its subsections. The build writes it as
 * `_wiki/search/text/<id>.json` for the site; the MCP server derives it from the same Markdown with this
 * same function, so both show the same snippets.
 */
export type DocumentText = readonly string[];

/**
 * Each section's text is cut after this many characters (at a space): a snippet shows 160–300 of them, and
 * the long sections of reference pages made the texts of five queries' hits 168 KiB on the wire at ko-react-docs.
 */
export const SECTION_TEXT_CHARS = 1000;

const texts = new WeakMap<object, { markdown: string; text: DocumentText }>();

/** The snippet text of a document from its normalised Markdown (`_wiki/docs/<id>.md`); remembered per document. */
export function documentText(document: { readonly sections: readonly { line: number }[] }, markdown: string): DocumentText {
  const known = texts.get(document);
  if (known?.markdown === markdown) return known.text;
  const text = sectionMarkdown(document, markdown).map((part) => cut(snippetText(part), SECTION_TEXT_CHARS));
  texts.set(document, { markdown, text });
  return text;
}

/** Each section's own Markdown lines: after its heading line, up to the next heading of any level (the lead after the frontmatter). */
function sectionMarkdown(document: { readonly sections: readonly { line: number }[] }, markdown: string): string[] {
  const lines = markdown.split('\n');
  const sections = document.sections;
  return sections.map((section, i) => {
    const start = i === 0 ? frontmatterEnd(lines) : section.line;
    const end = sections[i + 1] ? sections[i + 1]!.line - 1 : lines.length;
    return lines.slice(start, end).join('\n');
  });
}

/**
 * Per section, the prose whose words the section ranking counts (the build stores the counts as section
 * postings): the section's Markdown with code fences, tags and link targets dropped, text inside HTML and
 * MDX blocks kept — it ranked better on the dev sets than the parse's section text.
 */
export function sectionProse(document: { readonly sections: readonly { line: number }[] }, markdown: string): string[] {
  return sectionMarkdown(document, markdown).map(markdownToText);
}

/** Markdown reduced to readable text: no code fences, tags, link targets or emphasis marks. */
function markdownToText(markdown: string): string {
  return markdown
    .replace(/^```[\s\S]*?^```/gm, ' ')
    .replace(/<[^>\n]+>/g, ' ')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[\[([^\]|#]+)(?:#[^\]|]*)?(?:\|([^\]]+))?\]\]/g, (_m, id: string, label?: string) => label ?? id)
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^#{1,6}\s+/gm, '')
    .replace(/^\s*(?:[-*+]|\d+\.|>)\s+/gm, '')
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
    const withHeading = (j: number) => [sections[j]!.heading, text[j] ?? ''];
    candidates.push(() => {
      const parts = [text[at] ?? ''];
      // The lead has no subsections; a heading's run until the next heading of its level or above.
      for (let j = at + 1; at > 0 && j < sections.length && sections[j]!.depth > sections[at]!.depth; j++) parts.push(...withHeading(j));
      return join(parts);
    });
    // A lead that only repeats the title (or is empty) says nothing; the matching words are further down.
    candidates.push(() => join([text[0] ?? '', ...sections.slice(1).flatMap((_, k) => withHeading(k + 1))]));
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
  return text.slice(0, space > max * 0.8 ? space : max);
}

function join(parts: readonly string[]): string {
  return parts.filter(Boolean).join(' ');
}

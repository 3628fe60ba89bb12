import { indexedHeadings, makeSnippet, sliceSection, type Snippet } from '../sections.ts';
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
 * The one snippet of a search hit, for the site and the MCP server alike: the hit's best section (its
 * heading left out), else wherever the document mentions a matched term, else the summary.
 */
export function hitSnippet(document: SearchDocument, anchor: string, terms: readonly string[], markdown: string | undefined, max: number): Snippet {
  // Tried in order, each only when the ones before found no matched word: cleaning a whole long page is the costly part.
  const candidates: (() => string)[] = [];
  if (markdown !== undefined) {
    candidates.push(() => {
      const section = snippetText(sliceSection(markdown, indexedHeadings(document), anchor));
      const heading = document.sections.find((s) => s.anchor === anchor && anchor)?.heading;
      return heading && section.startsWith(heading) ? section.slice(heading.length).trim() : section;
    });
    // A lead that only repeats the title (or is empty) says nothing; the matching words are further down.
    candidates.push(() => snippetText(markdown));
  }
  candidates.push(() => document.summary);
  let first: Snippet | undefined;
  for (const candidate of candidates) {
    const text = candidate();
    if (!text.trim()) continue;
    const snippet = makeSnippet(text, terms, max);
    if (snippet.highlights.length > 0) return snippet;
    first ??= snippet;
  }
  return first ?? { text: '', highlights: [] };
}

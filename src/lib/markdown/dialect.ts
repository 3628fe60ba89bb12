import remarkCjkFriendly from 'remark-cjk-friendly';
import remarkMath from 'remark-math';
import remarkMathFlanking from './remark-math-flanking.ts';
import type { PluggableList } from 'unified';
import remarkCodeLangMeta from './remark-code-lang-meta.ts';
import remarkCodeNotation from './remark-code-notation.ts';
import remarkContainers from './remark-containers.ts';
import remarkForeignHtml from './remark-foreign-html.ts';
import remarkMdxCallouts from './remark-mdx-callouts.ts';
import remarkMdxComments from './remark-mdx-comments.ts';
import remarkMdxImports from './remark-mdx-imports.ts';
import remarkMkdocsBlocks from './remark-mkdocs-blocks.ts';
import remarkTemplateTags from './remark-template-tags.ts';
import remarkRawBlocks from './remark-raw-blocks.ts';
import remarkTocMacro from './remark-toc-macro.ts';
import remarkDocsifyHints from './remark-docsify-hints.ts';
import remarkWikijsCallouts from './remark-wikijs-callouts.ts';
import remarkObsidianEmbeds from './remark-obsidian-embeds.ts';
import remarkBlockIds from './remark-block-ids.ts';
import remarkObsidianComments from './remark-obsidian-comments.ts';
import remarkObsidianHighlights from './remark-obsidian-highlights.ts';
import { linearizeTextResolution } from './linear-text.ts';
import remarkUrlWikiLinks from './remark-url-wikilinks.ts';

/** Options of the dialect plugins that change what a page shows. */
export interface DialectOptions {
  /** Summary of an untitled `::: details` block. */
  detailsTitle?: string;
  /** Summary of an MDX `<DeepDive>` block. */
  deepDiveTitle?: string;
}

/**
 * The Markdown dialects Maru reads (after remark-parse and remark-gfm), in order: CJK-friendly emphasis, code blocks
 * written as template tags or `::: mermaid`, Obsidian
 * `%%comments%%` dropped, MkDocs admonitions and content tabs, GitBook/Jekyll/Hugo template tags, `[[https://…|label]]` as external links,
 * MDX callout components as callouts, other VitePress/MDX html dropped, MDX comments and import lines, `:::` containers, TOC macros, Docsify's `!>`/`?>` hints, Wiki.js's `{.is-info}` quotes,
 * VitePress's ```` ```js{2,5} ```` line marks and `// [!code ++]` notations (and twoslash's `---cut---`), Obsidian's `==highlights==`, `![[embeds]]` and `^block-ids`; `$math$` before all. The site's processor and
 * `parseMarkdown` both use this list, so pages, index text and snippets see the same tree.
 */
export function dialectPlugins(options: DialectOptions = {}): PluggableList {
  // Every parser that runs these plugins (the parse, the site's renderer) parses in linear time (`linear-text.ts`).
  linearizeTextResolution();
  return [
    remarkCjkFriendly,
    // `$x^2$` and `$$ … $$` (GitHub, Obsidian, GitBook, Notion): formulas, rendered to MathML by the site (KaTeX, src/markdown/rehype-math.ts).
    remarkMath,
    // First of the transforms: a dollar pair that is prose (`$5 and $10`) is text again before anything reads text.
    remarkMathFlanking,
    // Blocks whose lines are code (`{% highlight %}`, Azure DevOps's `::: mermaid`): no other plugin may read those lines.
    remarkRawBlocks,
    // First of the transforms on text: what an Obsidian comment holds (a link, a container, a heading) is never read.
    remarkObsidianComments,
    // Before the plugins that read what blocks hold: an MkDocs block's body is parsed here, from what was indented code.
    remarkMkdocsBlocks,
    // GitBook/Jekyll `{% … %}` and Hugo `{{< … >}}` tag lines, before the html and container plugins read those paragraphs.
    [remarkTemplateTags, { detailsTitle: options.detailsTitle ?? '자세히' }],
    // `[[https://…]]` is a link to that URL before anything reads `[[…]]` as a document's name.
    remarkUrlWikiLinks,
    [remarkMdxCallouts, { detailsTitle: options.deepDiveTitle ?? '자세히 살펴보기' }],
    remarkForeignHtml,
    remarkMdxComments,
    remarkMdxImports,
    [remarkContainers, { detailsTitle: options.detailsTitle ?? '자세히' }],
    remarkTocMacro,
    remarkDocsifyHints,
    remarkWikijsCallouts,
    remarkCodeLangMeta,
    // After the marks moved out of the language: both end up in the meta the site draws.
    remarkCodeNotation,
    // After the plugins that read text positions (MDX comments): the text nodes it splits have none.
    remarkObsidianHighlights,
    remarkObsidianEmbeds,
    remarkBlockIds,
  ];
}

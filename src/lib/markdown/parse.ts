import type { Blockquote, Heading, Html, Link, Nodes, Root, RootContent, Text } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { SKIP, visit } from './visit.ts';
import { VFile } from 'vfile';
import { dialectPlugins } from './dialect.ts';
import { anchorHeadings, headingText } from './heading-anchors.ts';
import { htmlLinks } from './html-links.ts';
import { htmlAnchorIds } from './html-anchors.ts';
import { findWikiLinks } from './wikilink.ts';
import { drawFormulas, type Formula } from './formulas.ts';
import { headingPath } from './heading-path.ts';
import { demoteBodyH1s, leadingH1, titleTextOf } from './title-heading.ts';

/** A heading as the site renders it: the anchor matches the `id` attribute on the page. */
export interface ParsedHeading {
  depth: number;
  text: string;
  anchor: string;
  /** 1-based line in the Markdown body. */
  line: number;
  /** Ids other generators give this heading (the dialects' slug rules, markdown-it-anchor's); links using them land here. */
  aliases?: string[];
}

/**
 * A searchable slice of a document: the lead (before the first h2/h3) or one h2/h3 section. The one section
 * shape from parse to index: `buildSearch` takes its path and text, and the index stores a row per section.
 */
export interface Section {
  /** '' for the lead. */
  anchor: string;
  /** Heading texts from the outermost h2 down to this section's heading. */
  path: string[];
  depth: number;
  /** Plain text of the section without code blocks or raw HTML. */
  text: string;
  /** 1-based first and last body lines of the section (heading included). */
  startLine: number;
  endLine: number;
}

/** An internal link before resolution: a wikilink target or a relative/absolute URL. */
export interface RawLink {
  kind: 'wiki' | 'url';
  target: string;
  anchor?: string;
  /** A wikilink's text after `|`: what GitHub wikis put the page name in (`inGithubWikiOrder`). */
  label?: string;
  /** A Markdown link titled `"mention"` (a synced book's page mention): the page shows the linked page's title as its text. */
  mention?: true;
  line: number;
}

/** A local image reference (Markdown `![]()` or raw `<img src>`): its URL as written and its line. */
export interface RawImage {
  url: string;
  line: number;
  /** The name of a note embed `![[name]]`, looked up in the whole folder rather than beside the file. */
  embed?: string;
}

export interface ParsedMarkdown {
  /** Text of the first `# heading`, if the body opens with one. */
  h1?: string;
  /** Ids the leading `# title` has under each slug rule (and its `{#id}`): a link to one lands at the page's top. */
  titleAnchors?: string[];
  headings: ParsedHeading[];
  sections: Section[];
  links: RawLink[];
  /** Images with a relative or site-absolute URL, for the missing-image check. */
  images: RawImage[];
  /** Raw `<img>` tags with no `alt` attribute and nothing marking them decorative, any URL, for the alt-text check. */
  imagesWithoutAlt: RawImage[];
  wordCount: number;
  /** Block ids (`^block-id`, caret included) a `[[note#^block-id]]` link can name. */
  blockIds?: string[];
  /** Ids written as raw HTML (`<a id="factory-ajv"></a>`, `<a name="top">`) that a link's `#anchor` may name. */
  htmlAnchors?: string[];
  /** Set when the body holds more formulas than `MAX_FORMULAS`: how many, and the line of the first one past it. */
  tooManyFormulas?: { line: number; count: number };
  /** Formulas past the drawing budget (`drawFormulas`): the page shows their TeX as code, and the build warns. */
  formulasOverBudget?: { line: number; reason: string }[];
  /**
   * Tags written in the text as note tools write them (`#회의`, `#project/alpha`), outside code and links; a tag of
   * digits only (`#123`) is none. Only the documents of a folder whose dialect says so take them as tags (`takesTextTags`).
   */
  inlineTags?: string[];
}

/** Section boundaries: h2 and h3 start a new searchable unit; deeper headings stay in their parent. */
export const SECTION_DEPTHS = new Set([2, 3]);

const processor = unified().use(remarkParse).use(remarkGfm).use(dialectPlugins()).freeze();

/**
 * Parses a Markdown body (without frontmatter) into headings, sections, links and counts, through the site's dialect
 * plugins. `keepSyntaxTree` sees the tree as parsed, before any plugin changed it, so the site's renderer can start from
 * it instead of parsing the same text again (`src/markdown/remark-parsed-trees.ts`): it must copy what it keeps, as the
 * plugins then change the tree in place. `title` is the frontmatter's: a leading `# heading` that reads otherwise is a
 * section, not the title (`demoteBodyH1s`, as the site does).
 */
export function parseMarkdown(body: string, keepSyntaxTree?: (tree: Root) => void, title?: string): ParsedMarkdown {
  const file = new VFile({ value: body });
  const parsed = processor.parse(file);
  keepSyntaxTree?.(parsed);
  const tree = processor.runSync(parsed, file) as Root;
  demoteBodyH1s(tree, title);
  const headings = collectHeadings(tree);
  const lineCount = body.split('\n').length;
  const blockIds = file.data.blockIds ?? [];
  const inlineTags = body.includes('#') ? collectInlineTags(tree) : [];
  const htmlAnchors = body.includes('<') ? collectHtmlAnchors(tree) : [];
  const tooManyFormulas = body.includes('$') || body.includes('math') ? countFormulas(tree) : undefined;
  const formulasOverBudget = !tooManyFormulas && (body.includes('$') || body.includes('math')) ? overBudget(tree) : [];
  return {
    ...h1Of(tree),
    ...(blockIds.length ? { blockIds } : {}),
    ...(htmlAnchors.length ? { htmlAnchors } : {}),
    ...(tooManyFormulas ? { tooManyFormulas } : {}),
    ...(formulasOverBudget.length ? { formulasOverBudget } : {}),
    ...(inlineTags.length ? { inlineTags } : {}),
    headings,
    sections: collectSections(tree, headings, lineCount),
    links: collectLinks(tree),
    ...collectImages(tree),
    wordCount: countWords(plainText(tree.children)),
  };
}

/** A tag in text: `#` after a space, `(` or the start, then letters, digits, `_`, `-` and `/`. */
const INLINE_TAG = /(?:^|[\s(])#([\p{L}\p{N}_/-]+)/gu;

/** `#123은`, `#2를`: an issue or item number with a Korean particle after it, which Korean text writes often; no tag. */
const NUMBER_WITH_PARTICLE = /^\d+(?:은|는|이|가|을|를|의|에|도|로|와|과|만|에서|으로|부터|까지)$/;

function collectInlineTags(tree: Root): string[] {
  const tags = new Set<string>();
  visit(tree, 'text', (node: Text, _index, parent) => {
    if (parent?.type === 'link' || parent?.type === 'linkReference') return;
    for (const m of node.value.matchAll(INLINE_TAG)) {
      const tag = m[1]!.replace(/\/+$/, '');
      if (tag && !/^[\d/_-]+$/.test(tag) && !NUMBER_WITH_PARTICLE.test(tag)) tags.add(tag);
    }
  });
  return [...tags];
}

const leadingTitle = leadingH1;

function h1Of(tree: Root): { h1?: string; titleAnchors?: string[] } {
  const h1 = firstH1(tree);
  const title = leadingTitle(tree);
  if (!h1 || !title) return {};
  const [anchored] = anchorHeadings({ type: 'root', children: [title] });
  return { h1, titleAnchors: anchored ? [anchored.anchor, ...anchored.aliases] : [] };
}

function firstH1(tree: Root): string | undefined {
  const title = leadingTitle(tree);
  return title ? titleTextOf(title) || undefined : undefined;
}

/**
 * Mirrors Astro's rehypeHeadingIds: one slugger per document, explicit ids bypass it; the leading title is not a heading.
 * Headings of a note shown in an embed box (`![[노트]]`) keep their ids on the page but are not the page's own: not in
 * its table of contents, outline or sections, as the note tool's outline leaves them out.
 */
function collectHeadings(tree: Root): ParsedHeading[] {
  const embedded = embeddedHeadings(tree);
  const own = anchorHeadings(tree, leadingTitle(tree)).filter((h) => !embedded.has(h.node));
  return own.map(({ node, text, anchor, aliases: slugAliases, htmlIds }) => {
    const aliases = htmlIds ? [...slugAliases, ...htmlIds] : slugAliases;
    return { depth: node.depth, text, anchor, line: node.position?.start.line ?? 1, ...(aliases.length ? { aliases } : {}) };
  });
}

/** Headings inside note embed boxes: quotes whose first line is `[!embed]` (a dialect's embed plugin, include expansion). */
function embeddedHeadings(tree: Root): Set<Heading> {
  const out = new Set<Heading>();
  visit(tree, 'blockquote', (quote: Blockquote) => {
    const first = quote.children[0];
    const lead = first?.type === 'paragraph' ? first.children[0] : undefined;
    if (lead?.type !== 'text' || !/^\[!embed\][+-]?(?:\s|$)/i.test(lead.value)) return;
    visit(quote, 'heading', (heading: Heading) => {
      out.add(heading);
    });
    return SKIP;
  });
  return out;
}

function collectSections(tree: Root, headings: ParsedHeading[], lineCount: number): Section[] {
  const starts = headings.filter((h) => SECTION_DEPTHS.has(h.depth));
  const sections: Section[] = [];
  const leadEnd = (starts[0]?.line ?? lineCount + 1) - 1;
  sections.push({ anchor: '', path: [], depth: 1, text: '', startLine: 1, endLine: leadEnd });
  starts.forEach((h, i) => {
    const endLine = (starts[i + 1]?.line ?? lineCount + 1) - 1;
    sections.push({ anchor: h.anchor, path: headingPath(starts, i), depth: h.depth, text: '', startLine: h.line, endLine });
  });
  fillSectionText(tree.children, sections);
  return sections;
}

function fillSectionText(children: RootContent[], sections: Section[]): void {
  const parts: string[][] = sections.map(() => []);
  let current = 0;
  for (const node of children) {
    const line = node.position?.start.line ?? 1;
    while (current + 1 < sections.length && sections[current + 1]!.startLine <= line) current++;
    if (node.type === 'heading') continue;
    const text = plainText([node]);
    if (text) parts[current]!.push(text);
  }
  sections.forEach((s, i) => (s.text = parts[i]!.join('\n')));
}

/** An inline tag opening an element the page drops with its text (see `stripHiddenHtml`). */
const HIDDEN_OPENING_TAG = /^<(script|style|template)(?:\s[^>]*)?>$/i;

/** Prose text of nodes, skipping fenced code, raw HTML/JSX tags (and the text of scripts, styles and templates) and YAML. */
function plainText(nodes: RootContent[]): string {
  const out: string[] = [];
  const walk = (node: Nodes): void => {
    // A display formula is read like a code block; an inline one like inline code.
    if (node.type === 'code' || node.type === 'math' || node.type === 'html' || node.type === 'yaml') return;
    if (node.type === 'heading') {
      // A heading nested in a container or list: its text as the page shows it, without `{#id}`.
      out.push(headingText(node), ' ');
      return;
    }
    if (node.type === 'text' || node.type === 'inlineCode' || node.type === 'inlineMath') {
      out.push(node.value);
      return;
    }
    if ('children' in node) {
      // Text between an inline `<script>`, `<style>` or `<template>` tag and its closing tag is not on the page.
      let closer: RegExp | undefined;
      for (const child of node.children) {
        if (child.type !== 'html') {
          if (!closer) walk(child);
        } else if (closer) {
          if (closer.test(child.value)) closer = undefined;
        } else {
          const tag = HIDDEN_OPENING_TAG.exec(child.value)?.[1];
          if (tag) closer = new RegExp(`^</${tag}\\s*>$`, 'i');
        }
      }
      if (node.type === 'paragraph' || node.type === 'listItem' || node.type === 'tableCell') out.push(' ');
    }
  };
  nodes.forEach(walk);
  return out.join('').replace(/\s+/g, ' ').trim();
}

function collectLinks(tree: Root): RawLink[] {
  const links: RawLink[] = [];
  visit(tree, (node) => {
    if (node.type === 'text') {
      // Lines counted on from the last link, not from the start of the text each time: that was quadratic in a long
      // paragraph of links.
      let line = node.position?.start.line ?? 1;
      let counted = 0;
      for (const m of findWikiLinks(node.value)) {
        for (let at = node.value.indexOf('\n', counted); at !== -1 && at < m.index; at = node.value.indexOf('\n', at + 1)) line++;
        counted = m.index;
        links.push({ kind: 'wiki', target: m.target, ...(m.anchor ? { anchor: m.anchor } : {}), ...(m.label ? { label: m.label } : {}), line });
      }
    } else if (node.type === 'link' || node.type === 'definition') {
      const url = (node as Link).url;
      // `#usage` too: a link to a place on the same page is checked and pointed at the heading's id.
      const mention = node.type === 'link' && node.title === 'mention' ? { mention: true as const } : {};
      if (isInternalUrl(url) || /^#./.test(url)) links.push({ kind: 'url', target: url, ...mention, line: node.position?.start.line ?? 1 });
    } else if (node.type === 'html') {
      // `<a href="/guide/x.html">` is checked as a Markdown link is (and pointed at its page by the site).
      for (const { url, index } of htmlLinks(node.value)) {
        const line = (node.position?.start.line ?? 1) + (node.value.slice(0, index).match(/\n/g)?.length ?? 0);
        if (isInternalUrl(url) || /^#./.test(url)) links.push({ kind: 'url', target: url, line });
      }
    }
  });
  return links;
}

/**
 * How many formulas (`$…$`, `$$…$$`, ```` ```math ````) one document may hold. The site draws each with KaTeX, about
 * 0.2 ms for `$x$` and 0.5 ms for a sum of fractions, page and all: 50,000 `$x$` (200 KB) took 9.5 s and made 9 MB of
 * HTML. A math-heavy lecture note holds a few hundred; 2,000 take under a second.
 */
export const MAX_FORMULAS = 2000;

function countFormulas(tree: Root): { line: number; count: number } | undefined {
  let count = 0;
  let line: number | undefined;
  visit(tree, (node) => {
    if (node.type === 'inlineMath' || node.type === 'math' || (node.type === 'code' && node.lang === 'math')) {
      count++;
      if (count === MAX_FORMULAS + 1) line = node.position?.start.line ?? 1;
    }
  });
  return line === undefined ? undefined : { line, count };
}

/** The formulas `drawFormulas` would not draw on this page, in the order the site draws them. */
function overBudget(tree: Root): { line: number; reason: string }[] {
  const formulas: (Formula & { line: number })[] = [];
  visit(tree, (node) => {
    if (node.type === 'inlineMath' || node.type === 'math' || (node.type === 'code' && node.lang === 'math')) {
      formulas.push({ tex: node.value, display: node.type !== 'inlineMath', line: node.position?.start.line ?? 1 });
    }
  });
  if (formulas.length === 0) return [];
  return drawFormulas(formulas).flatMap((outcome, i) => ('overBudget' in outcome ? [{ line: formulas[i]!.line, reason: outcome.overBudget }] : []));
}

function collectHtmlAnchors(tree: Root): string[] {
  const ids = new Set<string>();
  visit(tree, 'html', (node: Html) => {
    for (const id of htmlAnchorIds(node.value)) ids.add(id);
  });
  return [...ids];
}

const HTML_IMG = /<img\b[^>]*>/gi;
const SRC = /\ssrc\s*=\s*["']([^"']+)["']/i;
/** An `alt` attribute, even empty (`alt=""` or a bare `alt`): a deliberate choice of the author. */
const ALT = /\salt(?:\s*=|(?=[\s/>]))/i;
/** Markup that says the picture is decoration, where no alt text is expected. */
const DECORATIVE = /\s(?:role\s*=\s*["']?(?:presentation|none)\b|aria-hidden\s*=\s*["']?true\b)/i;

function collectImages(tree: Root): Pick<ParsedMarkdown, 'images' | 'imagesWithoutAlt'> {
  const images: RawImage[] = [];
  const imagesWithoutAlt: RawImage[] = [];
  visit(tree, (node) => {
    if (node.type === 'image' && isInternalUrl(node.url)) {
      images.push({ url: node.url, line: node.position?.start.line ?? 1, ...(node.data?.embed ? { embed: node.data.embed } : {}) });
    }
    if (node.type !== 'html') return;
    for (const m of node.value.matchAll(HTML_IMG)) {
      const line = (node.position?.start.line ?? 1) + (node.value.slice(0, m.index).match(/\n/g)?.length ?? 0);
      const src = SRC.exec(m[0])?.[1];
      if (src === undefined) continue;
      if (isInternalUrl(src)) images.push({ url: src, line });
      if (!ALT.test(m[0]) && !DECORATIVE.test(m[0])) imagesWithoutAlt.push({ url: src, line });
    }
  });
  return { images, imagesWithoutAlt };
}

/** True for links that point inside the wiki (relative paths and site-absolute paths). */
export function isInternalUrl(url: string): boolean {
  return url.length > 0 && !/^[a-z][a-z0-9+.-]*:/i.test(url) && !url.startsWith('//') && !url.startsWith('#');
}

/** Counts words the way a reader would: Hangul words and Latin words alike, code excluded. */
export function countWords(text: string): number {
  return text.match(/[\p{L}\p{N}]+/gu)?.length ?? 0;
}

import { defaultSchema, type Schema } from 'hast-util-sanitize';
import { RAW_ID_PREFIX } from '../lib/markdown/html-anchors.ts';

/**
 * One CSS declaration Shiki writes (`color:#F97583`, `--shiki-dark:#E1E4E8`, `font-style:italic`,
 * `overflow-x: auto`): a known property and a colour, a `var(--shiki-…)` or a keyword — never `url(`,
 * `expression(`, `@import` or a quote, so a style cannot load or run anything.
 */
const DECLARATION = String.raw`\s*(?:color|background-color|--shiki-[\w-]+|font-style|font-weight|text-decoration|overflow-x)\s*:\s*(?:#[\da-fA-F]{3,8}|[a-zA-Z-]+|var\(--shiki-[\w-]+\))\s*`;

/** A whole `style` attribute made only of safe declarations. */
export const SAFE_STYLE = new RegExp(`^(?:${DECLARATION};)*(?:${DECLARATION})?;?\\s*$`);

/** Shiki's classes on a highlighted block: `astro-code` and the theme names (`github-dark`), any kebab-case word. */
const SHIKI_PRE_CLASS = /^[a-z][a-z\d]*(?:-[a-z\d]+)*$/;
/** Shiki's line classes, plus the names its line-highlight and diff transformers use. */
const SHIKI_LINE_CLASS = /^(?:line|highlighted|highlighted-word|focused|diff|add|remove|error|warning)$/;

const base = defaultSchema.attributes ?? {};

/**
 * GitHub's sanitizing schema (hast-util-sanitize's `defaultSchema`), extended only for what Maru itself
 * renders into a page: callouts, Shiki's highlighted code, image loading hints. Everything else a
 * Markdown author writes as raw HTML is held to GitHub's rules: no scripts, event handlers, styles
 * (but the safe colour declarations above), frames, forms, `<meta>`/`<base>`, or `javascript:`/`data:` URLs.
 */
export const SANITIZE_SCHEMA: Schema = {
  ...defaultSchema,
  // GitHub's own prefix, named once: links to a raw `<a id>` on another page are written to it (`htmlAnchorId`).
  clobberPrefix: RAW_ID_PREFIX,
  // `<style>` goes with its text: CSS from content could restyle the whole site (fake dialogs, hidden warnings).
  strip: ['script', 'style'],
  // `==highlights==` (a dialect's plugin); `<mark>` carries no attribute beyond GitHub's global ones.
  // Some tools write every picture as `<figure><img …><figcaption>…</figcaption></figure>`; neither element carries an attribute.
  tagNames: [...(defaultSchema.tagNames ?? []), 'mark', 'figure', 'figcaption'],
  attributes: {
    ...base,
    div: [...(base['div'] ?? []), ['className', 'callout', /^callout-[a-z]+$/, 'code-group'], 'dataCallout', ['role', 'note']],
    // `tag-caption`: the caption of a Liquid `{% code title %}` or a shortcode's `{{< figure caption >}}` (template tags).
    p: [...(base['p'] ?? []), ['className', 'callout-title', 'tag-caption']],
    // `::: warning` containers, MDX `<Note>` and note embeds (`embed`) arrive as blockquotes marked with their kind; rehype-callouts (after the sanitizer) builds the callout.
    blockquote: [...(base['blockquote'] ?? []), ['dataCallout', 'note', 'tip', 'important', 'warning', 'caution', 'embed']],
    pre: [...(base['pre'] ?? []), ['className', SHIKI_PRE_CLASS], ['style', SAFE_STYLE], 'dataLanguage'],
    span: [...(base['span'] ?? []), ['className', SHIKI_LINE_CLASS, 'heading-alias', 'broken-link', 'missing-image'], ['style', SAFE_STYLE]],
    // Footnote back-references (GitHub's own class) and Maru's wiki links.
    a: [...(base['a'] ?? []).filter((d) => !(Array.isArray(d) && d[0] === 'className')), ['className', 'data-footnote-backref', 'wikilink']],
    // `::: details` and MDX `<DeepDive>` containers; heading aliases (other generators' slugs); broken-link and missing-image markers.
    details: [...(base['details'] ?? []), ['className', 'details']],
    img: [...(base['img'] ?? []), 'loading', 'decoding'],
  },
};

import type { SourceDocument } from '../wiki/document.ts';
import type { Problem } from '../wiki/problems.ts';
import type { Pluggable } from 'unified';

/**
 * A dialect: what one other site generator or note tool writes beyond plain Markdown with GitHub's extensions (the
 * core). Every registered dialect is always on, since a migrated folder mixes them (a Docusaurus page with Liquid tags,
 * a vault with VitePress containers); what a dialect adds must read as ordinary text where it does not apply. Each
 * dialect lives in `src/lib/dialects/<name>/` with its plugins, tests and a README of what it supports; the core reaches
 * it only through the registry (`registry.ts`), never by name (`test/dialect-boundary.test.ts`).
 */
export interface Dialect {
  /** The folder name: `vitepress`, `docusaurus`, `obsidian`… */
  name: string;
  /** The generator's name as its users write it, for docs and reports. */
  label: string;
  /** The remark plugins it adds to the one parse (the artifacts' and the site's), each at its rank. */
  parsePlugins?: (options: DialectOptions) => readonly RankedPlugin[];
  /** What its frontmatter means to Maru's fields. */
  frontmatter?: FrontmatterMapping;
  /** A frontmatter format of its own besides YAML (Hugo's TOML), whose fence is also its `text.frontmatterFence`. */
  frontmatterFormat?: FrontmatterFormat;
  /** How the Markdown `_wiki/docs/*.md` hands AIs drops its syntax that reads as noise outside a renderer. */
  sourceText?: (markdown: string) => string;
  /** Files that describe their folder (Docusaurus's `_category_.json`): which, and what they say. */
  folderFiles?: FolderFiles;
  /** A file or folder name without what the tool adds to it that is no part of the title (Notion's page ids). */
  bareName?: (name: string) => string;
  /**
   * A pass over the parsed documents' ids, before duplicates are looked for, at its rank among the dialects' passes
   * (lower first): Notion's, without page ids where unambiguous; Docusaurus's, an id written in many folders qualified.
   */
  ids?: { rank: number; pass: (docs: readonly SourceDocument[]) => { docs: SourceDocument[]; problems?: Problem[] } };
  /** How the tool's links and addresses lead to pages. */
  links?: LinkRewrites;
  /** How the tool's folder looks on disk, for the collector (`src/node/collect.ts`). */
  folders?: FolderConventions;
  /** What of the tool's text the page never shows, for search text and snippets (`text.ts`, light as `links.ts`). */
  text?: TextConventions;
  /** The name the tool's embeds call a page by when its file name is not that name (a namespace, a journal's date). */
  noteTitle?: (path: string) => string | undefined;
  /** The tool's callout types (`> [!info]`) drawn as one of GitHub's alert kinds. */
  calloutKinds?: Readonly<Record<string, 'note' | 'tip' | 'important' | 'warning' | 'caution'>>;
  /** What the tool's conventions change in a folder it marks as its own (`folders.rootMark`). */
  marked?: MarkedFolder;
}

/** A folder carrying a dialect's root mark: its files carry the dialect's name (`RawFile.dialects`) and are read its way. */
export interface MarkedFolder {
  /** `#tags` written in the text are the page's tags too. */
  textTags?: boolean;
  /**
   * How the tool reads a page, given every marked file of the folder (pages refer to each other's blocks): its body
   * with the line count kept, the lines that are no text, and the frontmatter the page gives another way.
   */
  pages?: (files: readonly { path: string; text: string }[]) => (path: string, body: string) => MarkedPage;
}

/** A page of a marked folder as its tool reads it. */
export interface MarkedPage {
  body: string;
  /** Lines of the body (from 1) that are no text: include lines there are not read. */
  skipLines?: ReadonlySet<number>;
  /** Frontmatter the page gives another way; the file's own frontmatter wins. */
  frontmatter?: Record<string, unknown>;
}

/** A frontmatter format other than YAML: its fence line (opening and closing), its message for a block never closed, and its parser. */
export interface FrontmatterFormat {
  fence: RegExp;
  unclosed: { message: string; hint: string };
  /** The lines between the fences as data with each top-level key's line in the file, or the error at its line in the file. */
  parse: (
    inner: readonly string[],
  ) => { data: Record<string, unknown>; lineOf: (field: string) => number } | { error: { line: number; message: string; hint: string } };
}

/** A dialect's text conventions that every reader of the text follows. */
export interface TextConventions {
  /** The fence line of the tool's frontmatter format, besides YAML's `---` (`frontmatterFormat` parses it). */
  frontmatterFence?: RegExp;
  /** Markdown with the tool's hidden parts (comments) blanked, every newline kept. */
  hidden?: (markdown: string) => string;
}

/** A dialect's folder on disk: what the collector skips, reads for attachments only, or reads as the reading order. */
export interface FolderConventions {
  /** Folder names never read, anywhere (the tool's settings: `.obsidian`). */
  ignoredDirs?: readonly string[];
  /** Hidden folders at the content root read for attachments only, never for documents (`.gitbook`, `.attachments`). */
  assetDirs?: readonly string[];
  /** Files at the content root that make it a book, whose README.md is the first page (not a repository's README). */
  bookMarkers?: readonly string[];
  /**
   * A table of contents at the root of a book (`SUMMARY.md`, `_sidebar.md`): skipped as a page, and the reading order
   * when the frontmatter gives none (`order(text, isPage)`: each listed page's place, by content path); `tools` names
   * the tools that write it, for the warning that it is no page (`GitBook·mdBook`).
   */
  tableOfContents?: { file: RegExp; order: (text: string, isPage: (path: string) => boolean) => Map<string, number>; tools: string };
  /** A hidden file in any folder giving its pages' order (`.order`): its name, and its places read from `(path, text)`. */
  orderFile?: { name: string; order: (path: string, text: string) => Map<string, number> };
  /**
   * What at the content root makes the folder the tool's (`.obsidian/`; `logseq/` holding `config.edn`), and whether
   * that folder is the tool's settings and backups, never read.
   */
  rootMark?: { dir: string; file?: string; settings?: boolean };
}

/** A dialect's link conventions, tried by the core's resolver when a link's path as written names nothing. */
export interface LinkRewrites {
  /** A route prefix the tool serves pages under and its links carry (`/docs/`, `/ko/`), which the content folder has not. */
  routePrefix?: RegExp;
  /** The addresses the tool published a page at (frontmatter `permalink`, `slug`…): each value, and whether one without a leading `/` is read from the page's folder. */
  publishedAt?: (page: { readonly extra: Readonly<Record<string, unknown>>; readonly aliases: readonly string[] }) => { value: unknown; relative: boolean }[];
  /** The id the tool's pages give a heading of this text, before duplicates are numbered, in NFC: links copied from its site use it. */
  headingSlug?: (text: string) => string;
}

/** A folder-describing file as the collector read it. */
export interface FolderFile {
  /** Content path, `/`-separated. */
  path: string;
  text: string;
  /** Why the file was not read (the reader's refusal: too large, not UTF-8, a link); `text` is then empty. */
  refused?: string;
}

/** What a folder's file says of it: the sidebar's name, its index page's text, its place among its siblings, whether its group starts closed. */
export interface FolderLabel {
  title?: string;
  description?: string;
  order?: number;
  collapsed?: boolean;
}

/** The files of a dialect that describe folders. */
export interface FolderFiles {
  /** Matches the content paths of its files. */
  file: RegExp;
  /** What the files say, keyed by folder path (in the files' path order), and a warning for each it cannot read. */
  read: (files: readonly FolderFile[]) => { folders: Map<string, FolderLabel>; problems: Problem[] };
}

/** Options of the dialect plugins that change what a page shows. */
export interface DialectOptions {
  /** Summary of an untitled `::: details` block. */
  detailsTitle?: string;
  /** Summary of an MDX `<DeepDive>` block. */
  deepDiveTitle?: string;
}

/**
 * A parse plugin and where it runs among all dialects' plugins (lower first). The bands keep the order the plugins
 * depend on: 100 lines that are code, 200 comments, 300 indented blocks, 400 template tags, 500 links, 600 HTML and
 * MDX, 700 containers and quote markers, 800 code fences, 900 inline marks and embeds.
 */
export interface RankedPlugin {
  rank: number;
  plugin: Pluggable;
}

/** A value read from a date field, or a warning naming the field when it is no date (`read`). */
export interface DateContext {
  data: Readonly<Record<string, unknown>>;
  /** The content path of the file (a Jekyll post is dated by its name). */
  path: string;
  /** The field as a date; a value that is no date is a warning naming `field` and reads as undefined. */
  read: (field: string, value: unknown) => string | undefined;
}

/** A rule taking part in one field's chain across dialects: the lowest rank whose answer is not undefined wins. */
export interface RankedRule<C, V> {
  rank: number;
  /** The value, undefined to let the next rule answer, or null to end the chain with no value (the field is this dialect's). */
  read: (ctx: C) => V | undefined | null;
}

/** A dialect's frontmatter as Maru's fields; Maru's own fields always win over these. */
export interface FrontmatterMapping {
  /** The reading order in the page's folder when `order` is unset (`sidebar_position`, `nav_order`, `weight`). */
  order?: RankedRule<Readonly<Record<string, unknown>>, number>;
  /** True when the frontmatter keeps the page unpublished (`draft: true`, `published: false`). */
  draft?: (data: Readonly<Record<string, unknown>>) => boolean;
  /** When the page was first written, when `created_at` is unset. */
  written?: RankedRule<DateContext, string>;
  /** When the page last changed, when `updated_at` is unset. */
  modified?: RankedRule<DateContext, string>;
  /** A page whose content is its frontmatter (VitePress's `layout: home`): Markdown shown after its body, a title and summary. */
  page?: (data: Readonly<Record<string, unknown>>) => FrontmatterPage | undefined;
}

/** What a page drawn from frontmatter shows: Markdown after its body, and a title and summary for a page without its own. */
export interface FrontmatterPage {
  markdown: string;
  title: string | undefined;
  summary: string | undefined;
}

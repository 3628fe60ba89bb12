import type { PluggableList } from 'unified';
import { azureDevops } from './azure-devops/index.ts';
import { docsify } from './docsify/index.ts';
import { docusaurus } from './docusaurus/index.ts';
import { gitbook } from './gitbook/index.ts';
import { hugo } from './hugo/index.ts';
import { jekyll } from './jekyll/index.ts';
import { logseq } from './logseq/index.ts';
import { mkdocs } from './mkdocs/index.ts';
import { notion } from './notion/index.ts';
import { obsidian } from './obsidian/index.ts';
import type { RawFile, SourceDocument } from '../wiki/document.ts';
import type { Problem } from '../wiki/problems.ts';
import type {
  DateContext,
  Dialect,
  DialectOptions,
  FolderConventions,
  FolderFile,
  FolderLabel,
  FrontmatterFormat,
  FrontmatterPage,
  MarkedPage,
  RankedRule,
} from './types.ts';
import { vitepress } from './vitepress/index.ts';
import { wikijs } from './wikijs/index.ts';

/**
 * The dialects Maru reads, all always on. Their parse plugins run by rank, not by this order; this order is the one
 * their source-text passes run in. A new dialect is a folder with an `index.ts` exporting its `Dialect`, added here.
 */
export const DIALECTS: readonly Dialect[] = [
  obsidian,
  logseq,
  docusaurus,
  vitepress,
  mkdocs,
  jekyll,
  hugo,
  // A book's SUMMARY.md before Docsify's `_sidebar.md` when a root has both (mdBook's is the one its build reads).
  gitbook,
  docsify,
  wikijs,
  notion,
  azureDevops,
];

/** Every dialect's parse plugins in rank order (equal ranks keep the registry's order). */
export function dialectParsePlugins(options: DialectOptions, dialects: readonly Dialect[] = DIALECTS): PluggableList {
  return dialects
    .flatMap((d) => d.parsePlugins?.(options) ?? [])
    .map((p, i) => ({ ...p, i }))
    .sort((a, b) => a.rank - b.rank || a.i - b.i)
    .map((p) => p.plugin);
}

/** The first answer of one field's rules across dialects, by rank: undefined passes on, null ends with no value. */
function chain<C, V>(rules: readonly (RankedRule<C, V> | undefined)[], ctx: C): V | undefined {
  const sorted = rules.filter((r): r is RankedRule<C, V> => r !== undefined).sort((a, b) => a.rank - b.rank);
  for (const rule of sorted) {
    const value = rule.read(ctx);
    if (value === null) return undefined;
    if (value !== undefined) return value;
  }
  return undefined;
}

/** A page's reading order from the dialects' position fields (`order` unset). */
export function dialectOrder(data: Readonly<Record<string, unknown>>, dialects: readonly Dialect[] = DIALECTS): number | undefined {
  return chain(
    dialects.map((d) => d.frontmatter?.order),
    data,
  );
}

/** True when a dialect's frontmatter keeps the page unpublished. */
export function dialectDraft(data: Readonly<Record<string, unknown>>, dialects: readonly Dialect[] = DIALECTS): boolean {
  return dialects.some((d) => d.frontmatter?.draft?.(data) === true);
}

/**
 * The dates the dialects' frontmatter gives: when the page was written and when it last changed. `read(field, value,
 * use)` turns a value into a date or warns that `field` is none, `use` naming what it would have been (작성일, 수정일).
 */
export function dialectDates(
  data: Readonly<Record<string, unknown>>,
  path: string,
  read: (field: string, value: unknown, use: '작성일' | '수정일') => string | undefined,
  dialects: readonly Dialect[] = DIALECTS,
): { written?: string; modified?: string } {
  const ctx = (use: '작성일' | '수정일'): DateContext => ({ data, path, read: (field, value) => read(field, value, use) });
  const written = chain(
    dialects.map((d) => d.frontmatter?.written),
    ctx('작성일'),
  );
  const modified = chain(
    dialects.map((d) => d.frontmatter?.modified),
    ctx('수정일'),
  );
  return { ...(written ? { written } : {}), ...(modified ? { modified } : {}) };
}

/** The page a dialect draws from the frontmatter (the first that does), if any. */
export function dialectPage(data: Readonly<Record<string, unknown>>, dialects: readonly Dialect[] = DIALECTS): FrontmatterPage | undefined {
  for (const d of dialects) {
    const page = d.frontmatter?.page?.(data);
    if (page) return page;
  }
  return undefined;
}

/** A document's Markdown for the `_wiki/docs/*.md` artifact, with each dialect's noise removed. */
export function dialectSourceText(markdown: string, dialects: readonly Dialect[] = DIALECTS): string {
  return dialects.reduce((text, d) => (d.sourceText ? d.sourceText(text) : text), markdown);
}

/** True for a file a dialect reads to describe its folder (the collector reads these besides the Markdown). */
export function isFolderFile(path: string, dialects: readonly Dialect[] = DIALECTS): boolean {
  return dialects.some((d) => d.folderFiles?.file.test(path));
}

/** What the dialects' folder files say of each folder (the first dialect to describe a folder wins), and their warnings. */
export function readFolderFiles(
  files: readonly FolderFile[],
  dialects: readonly Dialect[] = DIALECTS,
): { folders: Map<string, FolderLabel>; problems: Problem[] } {
  const folders = new Map<string, FolderLabel>();
  const problems: Problem[] = [];
  for (const d of dialects) {
    if (!d.folderFiles) continue;
    const { file, read } = d.folderFiles;
    const got = read(files.filter((f) => file.test(f.path)));
    problems.push(...got.problems);
    for (const [folder, label] of got.folders) if (!folders.has(folder)) folders.set(folder, label);
  }
  return { folders, problems };
}

/** A file or folder name without what the dialects add to names that is no part of the title. */
export function bareName(name: string, dialects: readonly Dialect[] = DIALECTS): string {
  return dialects.reduce((n, d) => (d.bareName ? d.bareName(n) : n), name);
}

/** The parsed documents after the dialects' passes over their ids, by rank (equal ranks keep the registry's order), and the passes' warnings. */
export function dialectIds(docs: readonly SourceDocument[], dialects: readonly Dialect[] = DIALECTS): { docs: SourceDocument[]; problems: Problem[] } {
  const passes = dialects.flatMap((d, i) => (d.ids ? [{ ...d.ids, i }] : [])).sort((a, b) => a.rank - b.rank || a.i - b.i);
  const problems: Problem[] = [];
  let all = [...docs];
  for (const { pass } of passes) {
    const out = pass(all);
    all = out.docs;
    problems.push(...(out.problems ?? []));
  }
  return { docs: all, problems };
}

/** Every dialect's folder conventions of one kind, in registry order. */
export function folderConventions<K extends keyof FolderConventions>(kind: K, dialects: readonly Dialect[] = DIALECTS): NonNullable<FolderConventions[K]>[] {
  return dialects.flatMap((d) => {
    const value = d.folders?.[kind];
    return value === undefined ? [] : [value];
  });
}

/** The dialects' root marks with their names, in registry order (the collector names each file's marking dialects). */
export function rootMarks(dialects: readonly Dialect[] = DIALECTS): { dialect: string; dir: string; file?: string; settings?: boolean }[] {
  return dialects.flatMap((d) => (d.folders?.rootMark ? [{ dialect: d.name, ...d.folders.rootMark }] : []));
}

/** True when a dialect whose root mark the file's folder carries takes `#tags` in its text as tags. */
export function takesTextTags(file: Pick<RawFile, 'dialects'>, dialects: readonly Dialect[] = DIALECTS): boolean {
  return dialects.some((d) => d.marked?.textTags && file.dialects?.includes(d.name));
}

/**
 * How the pages of marked folders are read: for a file, the page reader of the first dialect marking it that has one,
 * made once from every file that dialect marks; undefined for the others.
 */
export function markedPageReaders(
  files: readonly Pick<RawFile, 'path' | 'text' | 'dialects'>[],
  dialects: readonly Dialect[] = DIALECTS,
): (file: Pick<RawFile, 'dialects'>) => ((path: string, body: string) => MarkedPage) | undefined {
  const readers = new Map<string, (path: string, body: string) => MarkedPage>();
  for (const d of dialects) {
    const pages = d.marked?.pages;
    if (!pages) continue;
    const marked = files.flatMap((f) => (f.text !== undefined && f.dialects?.includes(d.name) ? [{ path: f.path, text: f.text }] : []));
    if (marked.length) readers.set(d.name, pages(marked));
  }
  return (file) => {
    for (const name of file.dialects ?? []) {
      const reader = readers.get(name);
      if (reader) return reader;
    }
    return undefined;
  };
}

/** The name the dialects' embeds call a page by when its file name is not that name (the first dialect's that gives one). */
export function noteTitle(path: string, dialects: readonly Dialect[] = DIALECTS): string | undefined {
  for (const d of dialects) {
    const title = d.noteTitle?.(path);
    if (title !== undefined) return title;
  }
  return undefined;
}

/** The dialects' callout types as GitHub's alert kinds (the first dialect to name a type wins). */
export function calloutAliases(dialects: readonly Dialect[] = DIALECTS): Map<string, 'note' | 'tip' | 'important' | 'warning' | 'caution'> {
  const aliases = new Map<string, 'note' | 'tip' | 'important' | 'warning' | 'caution'>();
  for (const d of dialects) for (const [type, kind] of Object.entries(d.calloutKinds ?? {})) if (!aliases.has(type)) aliases.set(type, kind);
  return aliases;
}

/** The dialects' frontmatter formats besides YAML, in registry order. */
export function frontmatterFormats(dialects: readonly Dialect[] = DIALECTS): FrontmatterFormat[] {
  return dialects.flatMap((d) => (d.frontmatterFormat ? [d.frontmatterFormat] : []));
}

import { stringify } from 'yaml';
import { buildIndexEnvelope, type SearchSource } from '../search/index-build.ts';
import { cachedContribution, type ContributionCache } from '../search/index-contribution.ts';
import { SEARCH_OPTIONS_VERSION } from '../search/contract.ts';
import { documentText, sectionProse } from '../search/snippet.ts';
import { splitFiles, splitIndex } from '../search/index-split.ts';
import { latinReader } from '../search/initials-readings.ts';
import { stripExplicitIds } from '../markdown/heading-id.ts';
import { headingPath } from '../markdown/heading-path.ts';
import { dialectSourceText } from '../dialects/registry.ts';
import { glossaryGroups } from '../wiki/glossary.ts';
import type { FolderLabel } from '../dialects/types.ts';
import type { ProjectLabel, Wiki, WikiDocument } from '../wiki/pipeline.ts';
import { projectLanding } from '../wiki/reading-order.ts';
import { wikiTargets } from '../wiki/links.ts';
import { joinUrl } from '../wiki/url.ts';
import { ARTIFACT_DIR, ARTIFACT_VERSION, MARU_VERSION, SEARCH_SPLIT_DIR, SEARCH_TEXT_DIR, type Catalog, type CatalogEntry, type Manifest } from './schema.ts';

/** Inputs of emitting that come from outside the content (hashing, time, commit, site). */
export interface EmitContext {
  sha256: (text: string) => string;
  generatedAt: string;
  commit: string | null;
  site: string | null;
  title: string;
  description: string;
  /** What each document adds to the search index, kept between builds; without one every document is tokenized. */
  indexCache?: ContributionCache;
}

/** The normalised Markdown of a document and where each heading landed in it. */
export function toNormalizedMarkdown(doc: WikiDocument): { text: string; headingLines: number[] } {
  const s = doc.source;
  const front = stringify(
    {
      id: s.id,
      title: s.title,
      project: s.project,
      category: s.category,
      tags: s.tags,
      ...(s.aliases.length ? { aliases: s.aliases } : {}),
      summary: s.summary,
      created_at: s.createdAt.slice(0, 10),
      updated_at: s.updatedAt.slice(0, 10),
      url: doc.url,
      source: s.sourcePath,
    },
    { lineWidth: 0 },
  );
  const head = `---\n${front}---\n\n`;
  const offset = head.split('\n').length - 1;
  const body = dialectSourceText(stripExplicitIds(s.body.replace(/^\n+/, '')));
  const removed = s.body.length - s.body.replace(/^\n+/, '').length;
  return { text: `${head}${body.endsWith('\n') ? body : `${body}\n`}`, headingLines: s.markdown.headings.map((h) => h.line - removed + offset) };
}

/** Every file under the build output that the wiki emits, keyed by path relative to the output folder. */
export function toArtifacts(wiki: Wiki, ctx: EmitContext): Map<string, string> {
  return emitWiki(wiki, ctx).files;
}

/**
 * Takes the files of the search (the whole index, each document's snippet text, the split index's base, shards and
 * chunks) as soon as each is made, so they need not wait in memory until every artifact is emitted: an artifacts
 * thread writes them (`src/node/emit-worker.ts`). They are about half of the artifacts' characters.
 */
export type ArtifactSink = (path: string, text: string) => void;

/**
 * The emitted files and the catalog object they serialise, so pages take the catalog without parsing its JSON. With
 * `sink`, the search's files go to it as they are made instead of into `files`, and `sunk` counts them; every file
 * and byte is the same either way.
 */
export function emitWiki(wiki: Wiki, ctx: EmitContext, sink?: ArtifactSink): { catalog: Catalog; files: Map<string, string>; sunk: number } {
  const files = new Map<string, string>();
  const entries: CatalogEntry[] = [];
  const sources: SearchSource[] = [];
  const searchFiles = new Map<string, string>();
  // What the manifest lists of each search file, in the order they are made (the manifest's order, sunk or kept).
  const searchInfo = new Map<string, ReturnType<typeof fileInfo>>();
  const searchFile = (path: string, text: string) => {
    searchInfo.set(path, fileInfo(text, ctx));
    if (sink) sink(path, text);
    else searchFiles.set(path, text);
  };
  // Snippets show a wikilink as the page does: its own text, else the linked document's title. From the documents, by the
  // resolver's rule: emitting never reads the resolver (a worker thread emits without one).
  const documentOf = wikiTargets(wiki.documents.map((d) => d.source));
  const linkTitle = (target: string) => documentOf(target)?.title;
  for (const doc of wiki.documents) {
    const { markdownPath, markdown, entry } = emitDocument(doc, ctx);
    files.set(markdownPath, markdown.text);
    entries.push(entry);
    const base = toSearchSource(doc, markdown.headingLines);
    // Derived only when the document's contribution is not in the index cache (most documents of a rebuild).
    let prose: readonly string[] | undefined;
    const source: SearchSource = {
      ...base,
      get sectionProse() {
        return (prose ??= sectionProse(base.document, markdown.text));
      },
      proseMarkdown: markdown.text,
    };
    sources.push(source);
    // What the site cuts a hit's snippet from, fetched only for hits shown (the MCP server derives the same from the Markdown).
    searchFile(`${SEARCH_TEXT_DIR}/${doc.source.id}.json`, `${JSON.stringify(documentText(source.document, markdown.text, linkTitle))}\n`);
  }
  const catalog = toCatalog(entries, wiki.projectLabels, wiki.folderLabels);
  const catalogJson = `${JSON.stringify(catalog)}\n`;
  const synonyms = wiki.documents.filter((d) => d.source.glossary).flatMap((d) => glossaryGroups(d.source.body));
  const envelope = buildIndexEnvelope(sources, synonyms, (source) => cachedContribution(source, ctx.indexCache, ctx.sha256));
  let indexJson: string | undefined = `${JSON.stringify(envelope)}\n`;
  // What the manifest says of the whole index, taken now: with a sink, its text (the largest file) goes before the split.
  const buildId = ctx.sha256(catalogJson + indexJson).slice(0, 16);
  const indexInfo = fileInfo(indexJson, ctx);
  if (sink) {
    sink(`${ARTIFACT_DIR}/search-index.json`, indexJson);
    indexJson = undefined;
  }
  // The site's split index: a base and shards of the same postings (see index-split.ts).
  // Its 초성 initials carry the titles' Latin names as the content writes them in Hangul (initials-readings.ts).
  const readLatin = latinReader(sources.map((s) => s.proseMarkdown ?? ''));
  for (const [name, json] of splitFiles(splitIndex(envelope, {}, readLatin))) searchFile(`${SEARCH_SPLIT_DIR}/${name}`, `${JSON.stringify(json)}\n`);
  files.set(`${ARTIFACT_DIR}/catalog.json`, catalogJson);
  if (indexJson !== undefined) files.set(`${ARTIFACT_DIR}/search-index.json`, indexJson);
  const manifest: Manifest = {
    format: 'maru-wiki',
    version: ARTIFACT_VERSION,
    searchOptionsVersion: SEARCH_OPTIONS_VERSION,
    maruVersion: MARU_VERSION,
    generatedAt: ctx.generatedAt,
    commit: ctx.commit,
    base: wiki.options.base,
    site: ctx.site,
    documentCount: entries.length,
    buildId,
    files: {
      'catalog.json': fileInfo(catalogJson, ctx),
      'search-index.json': indexInfo,
      ...Object.fromEntries([...searchInfo].map(([path, info]) => [path.slice(ARTIFACT_DIR.length + 1), info])),
    },
  };
  for (const [path, text] of searchFiles) files.set(path, text);
  files.set(`${ARTIFACT_DIR}/manifest.json`, `${JSON.stringify(manifest, null, 2)}\n`);
  files.set('llms.txt', toLlmsTxt(wiki, ctx));
  files.set('llms-full.txt', toLlmsFullTxt(wiki, files));
  return { catalog, files, sunk: sink ? searchInfo.size + 1 : 0 };
}

/**
 * `_wiki/catalog.json` alone, exactly as `toArtifacts` writes it, for `MARU_SKIP_ARTIFACTS=1`: the
 * benchmark that times the same pages without the search index and the other artifacts.
 */
export function toCatalogArtifact(wiki: Wiki, ctx: EmitContext, memo?: CatalogMemo): { catalog: Catalog; files: Map<string, string> } {
  const catalog = catalogOf(wiki, ctx, memo);
  return { catalog, files: new Map([[`${ARTIFACT_DIR}/catalog.json`, `${JSON.stringify(catalog)}\n`]]) };
}

/** The catalog `toCatalogArtifact` writes, as an object (the pages' copy: serialising it is most of the cost). */
export function catalogOf(wiki: Wiki, ctx: EmitContext, memo?: CatalogMemo): Catalog {
  return toCatalog(
    wiki.documents.map((doc) => (memo ? memoEntry(doc, ctx, memo) : emitDocument(doc, ctx).entry)),
    wiki.projectLabels,
    wiki.folderLabels,
  );
}

/**
 * What a long-lived process (`maru dev`) keeps between catalogs of one folder: each parsed document's normalised
 * Markdown digest, by the parsed document (a save hands the unchanged ones back as the same objects): its YAML and digest
 * were most of a catalog of 10,000. The base path, the other part of the Markdown, does not change in one process.
 * And its last row, for the same derived document (`maru dev` hands back those a save did not change, too).
 */
export type CatalogMemo = WeakMap<WikiDocument['source'], { sha256: string; headingLines: number[]; row?: { doc: WikiDocument; entry: CatalogEntry } }>;

function memoEntry(doc: WikiDocument, ctx: EmitContext, memo: CatalogMemo): CatalogEntry {
  let kept = memo.get(doc.source);
  if (!kept) {
    const markdown = toNormalizedMarkdown(doc);
    memo.set(doc.source, (kept = { sha256: ctx.sha256(markdown.text), headingLines: markdown.headingLines }));
  }
  if (kept.row?.doc !== doc) kept.row = { doc, entry: toCatalogEntry(doc, `${ARTIFACT_DIR}/docs/${doc.source.id}.md`, kept.sha256, kept.headingLines) };
  return kept.row.entry;
}

/** One document's normalised Markdown, its path under the output and its catalog row. */
function emitDocument(doc: WikiDocument, ctx: EmitContext) {
  const markdown = toNormalizedMarkdown(doc);
  const markdownPath = `${ARTIFACT_DIR}/docs/${doc.source.id}.md`;
  return { markdownPath, markdown, entry: toCatalogEntry(doc, markdownPath, ctx.sha256(markdown.text), markdown.headingLines) };
}

function fileInfo(text: string, ctx: EmitContext) {
  return { sha256: ctx.sha256(text), bytes: utf8Length(text) };
}

/**
 * How many bytes `text` takes in UTF-8, as `TextEncoder` writes it (a lone surrogate becomes U+FFFD, 3 bytes), without
 * encoding it: the manifest lists tens of thousands of files, and a copy of each only to count it was a second of a build.
 */
export function utf8Length(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) continue;
    if (c < 0x800) bytes += 1;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 2; // a pair: two UTF-16 units, four bytes
      i++;
    } else bytes += 2;
  }
  return bytes;
}

/** The catalog row of one document. */
export function toCatalogEntry(doc: WikiDocument, markdownPath: string, sha256: string, headingLines: number[]): CatalogEntry {
  const s = doc.source;
  return {
    id: s.id,
    title: s.title,
    project: s.project,
    category: s.category,
    tags: s.tags,
    aliases: s.aliases,
    summary: s.summary,
    ...(s.summarySource === 'derived' ? { summarySource: 'derived' as const } : {}),
    ...(s.categorySource !== 'frontmatter' ? { categorySource: s.categorySource } : {}),
    ...(s.order !== undefined ? { order: s.order } : {}),
    status: s.status === 'deprecated' ? 'deprecated' : 'published',
    ...(s.owner ? { owner: s.owner } : {}),
    prompt: s.prompt,
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
    sourcePath: s.sourcePath,
    url: doc.url,
    markdownPath,
    sha256,
    headings: s.markdown.headings.map((h, i) => ({ depth: h.depth, text: h.text, anchor: h.anchor, line: headingLines[i]! })),
    links: doc.linkIds,
    backlinks: doc.backlinks,
    related: doc.related,
    wordCount: s.markdown.wordCount,
    extra: s.extra,
  };
}

function toSearchSource(doc: WikiDocument, headingLines: readonly number[]): SearchSource {
  const s = doc.source;
  const { headings } = s.markdown;
  const lineOf = (anchor: string) => headingLines[headings.findIndex((h) => h.anchor === anchor)] ?? 1;
  // The outline's path of a section's heading, stored only where the sections alone would give another (see SearchSection.path).
  const pathOf = (sec: { anchor: string; path: readonly string[] }) => {
    const i = sec.anchor ? headings.findIndex((h) => h.anchor === sec.anchor) : -1;
    const path = i < 0 ? undefined : headingPath(headings, i);
    return path && path.join('\n') !== sec.path.join('\n') ? { path } : {};
  };
  return {
    document: {
      id: s.id,
      title: s.title,
      project: s.project,
      category: s.category,
      tags: s.tags,
      aliases: s.aliases,
      updatedAt: s.updatedAt,
      url: doc.url,
      summary: s.summary,
      sections: s.markdown.sections.map((sec) => ({
        anchor: sec.anchor,
        heading: sec.path[sec.path.length - 1] ?? '',
        depth: sec.depth,
        line: sec.anchor ? lineOf(sec.anchor) : 1,
        ...pathOf(sec),
      })),
    },
    sectionTexts: s.markdown.sections,
  };
}

/**
 * Catalog with per-project, per-category and per-tag counts, all sorted for stable output. A project is named by its
 * folder's file (`labels`, what a dialect's folder file says: `readFolderFiles`) or else by its landing page; `folderLabels`
 * are the folders below the projects', for the sidebar.
 */
export function toCatalog(entries: CatalogEntry[], labels?: ReadonlyMap<string, ProjectLabel>, folderLabels?: ReadonlyMap<string, FolderLabel>): Catalog {
  const count = (keys: string[]) => {
    const m = new Map<string, number>();
    for (const k of keys) m.set(k, (m.get(k) ?? 0) + 1);
    return [...m].sort((a, b) => (a[0] < b[0] ? -1 : 1)).map(([id, n]) => ({ id, count: n }));
  };
  // Each project's entries in one pass (a filter per project was a walk of the whole catalog each, per `maru dev` save too).
  const byProject = new Map<string, CatalogEntry[]>();
  for (const e of entries) {
    const mine = byProject.get(e.project);
    if (mine) mine.push(e);
    else byProject.set(e.project, [e]);
  }
  const projects = count(entries.map((e) => e.project)).map((p) => {
    const mine = byProject.get(p.id)!;
    const categories = Object.fromEntries(count(mine.map((e) => e.category)).map((c) => [c.id, c.count]));
    const landing = projectLanding(mine);
    // A folder file names its folder's project, as the generator's own sidebar does; else the landing page does.
    const label = labels?.get(p.id);
    const title = label?.title ?? landing?.title;
    const description = label?.description ?? landing?.summary;
    return {
      ...p,
      categories,
      updatedAt: latest(mine.map((e) => e.updatedAt)),
      ...(landing ? { landing: landing.id } : {}),
      ...(title ? { title } : {}),
      ...(description ? { description } : {}),
      ...(label?.order !== undefined ? { order: label.order } : {}),
    };
  });
  // The folders that hold a published document, as the sidebar draws them (a folder's description has no place there).
  const held = new Set<string>();
  for (const e of entries) for (let at = e.sourcePath.indexOf('/'); at > 0; at = e.sourcePath.indexOf('/', at + 1)) held.add(e.sourcePath.slice(0, at));
  const folders = [...(folderLabels ?? [])]
    .filter(([path, l]) => held.has(path) && (l.title !== undefined || l.order !== undefined || l.collapsed !== undefined))
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .map(([path, l]) => ({
      path,
      ...(l.title !== undefined ? { title: l.title } : {}),
      ...(l.order !== undefined ? { order: l.order } : {}),
      ...(l.collapsed !== undefined ? { collapsed: l.collapsed } : {}),
    }));
  // Projects a category file places come first, in its order (then by id); the rest by id, as before.
  projects.sort((a, b) => (a.order ?? Infinity) - (b.order ?? Infinity) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return {
    version: ARTIFACT_VERSION,
    documents: entries,
    projects,
    categories: count(entries.map((e) => e.category)),
    tags: count(entries.flatMap((e) => e.tags)),
    ...(folders.length ? { folders } : {}),
  };
}

/** The greatest of `values` as `sort()` orders strings (UTF-16 code units), without sorting them. */
function latest(values: readonly string[]): string {
  let max = values[0]!;
  for (const v of values) if (v > max) max = v;
  return max;
}

function absolute(ctx: EmitContext, wiki: Wiki, path: string): string {
  const rel = joinUrl(wiki.options.base, path);
  return ctx.site ? new URL(rel, ctx.site).href : rel;
}

/** `llms.txt` per llmstxt.org: title, summary, then one list per project linking the Markdown versions. */
export function toLlmsTxt(wiki: Wiki, ctx: EmitContext): string {
  const lines = [
    `# ${ctx.title}`,
    '',
    `> ${ctx.description}`,
    '',
    `This wiki has ${wiki.documents.length} documents. Each link below is the Markdown version of a page; \`llms-full.txt\` holds them all in one file.`,
    '',
  ];
  const projects = [...new Set(wiki.documents.map((d) => d.source.project))].sort();
  for (const p of projects) {
    lines.push(`## ${p}`, '');
    for (const d of wiki.documents.filter((x) => x.source.project === p)) {
      const summary = d.source.summary ? `: ${d.source.summary.replace(/\s+/g, ' ')}` : '';
      lines.push(`- [${d.source.title}](${absolute(ctx, wiki, `${ARTIFACT_DIR}/docs/${d.source.id}.md`)})${summary}`);
    }
    lines.push('');
  }
  return lines.join('\n');
}

function toLlmsFullTxt(wiki: Wiki, files: Map<string, string>): string {
  return wiki.documents.map((d) => files.get(`${ARTIFACT_DIR}/docs/${d.source.id}.md`)!).join('\n\n');
}

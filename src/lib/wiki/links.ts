import type { SourceDocument } from './document.ts';
import type { ParsedHeading, RawLink } from '../markdown/parse.ts';
import { RAW_ID_PREFIX } from '../markdown/html-anchors.ts';
import type { Problem } from './problems.ts';
import { toContentPath, toSlug, type Slug } from './slug.ts';
import { safeDecode } from './url.ts';
import { publishedPaths, sitePathKey } from './site-paths.ts';
import { routePrefixes } from '../dialects/links.ts';
import { createAttachmentFinder } from './attachments.ts';
import { inGithubWikiOrder } from '../markdown/wikilink.ts';
import { readingOrder } from './reading-order.ts';
import { skippedFileKind, type SkippedFile } from './skipped-files.ts';

/** What a link in a document points to, once resolved against the whole wiki. */
export interface ResolvedLink {
  id: Slug;
  anchor?: string;
}

/** How broken links and missing anchors are reported: `error` fails the build, `warn` lists them. */
export interface LinkPolicy {
  brokenLinks: 'error' | 'warn';
  brokenAnchors: 'error' | 'warn';
}

/** The default policy: a missing document fails the build, a missing heading is a warning (as in most generators). */
export const DEFAULT_LINK_POLICY: LinkPolicy = { brokenLinks: 'error', brokenAnchors: 'warn' };

/** The result of resolving one Markdown link URL. */
export interface UrlTarget {
  doc?: SourceDocument;
  /** The anchor as written (decoded); a text fragment (`:~:text=`) is never an anchor. */
  anchor?: string;
  /** The fragment as written (still encoded), text fragments included. */
  fragment?: string;
  /** The heading the anchor names, under any slug rule; its `anchor` is the id to link to. */
  heading?: ParsedHeading;
  /** True for a link to a place on its own page (`#usage`): `doc` is the page the link is on. */
  samePage?: true;
  /** The page's id of the raw HTML anchor (`<a id="x">`) the anchor names when no heading does (`htmlAnchorId`). */
  htmlId?: string;
  /** True when the URL looks like a link to a document (`.md`, extensionless, a folder). */
  isDocLink: boolean;
  /**
   * True when the URL names the content root (`/`, `../` from a folder) and no document is its landing page: the site's
   * home, where single-page sites, generators and GitHub wikis link "home". Never a broken link.
   */
  home?: true;
  /**
   * The Markdown file the URL names when the site does not publish it (a root CONTRIBUTING.md, an `.mdx` file, a draft):
   * the link is not broken, it leads somewhere the site does not go, and a warning says which file and why.
   */
  unpublished?: Unpublished;
}

/** A Markdown file the site does not publish, and what it is (`skippedFileKind`, or a draft). */
export interface Unpublished {
  path: string;
  kind: string;
}

/** Looks up documents by id, path and title, the way authors refer to them. */
export interface LinkResolver {
  /** Resolves a wikilink target (`id`, a path, or an exact title). */
  wiki(target: string): SourceDocument | undefined;
  /** The draft a wikilink target names when no published document has it. */
  draft(target: string): Unpublished | undefined;
  /** Resolves a Markdown link URL written in the file at `fromPath`. */
  url(url: string, fromPath: string): UrlTarget;
  /** The content path of the file a note embed `![[name]]` in the file at `fromPath` shows (`createAttachmentFinder`). */
  attachment(name: string, fromPath: string): string | undefined;
}

const DOC_EXT = /\.(md|mdx|markdown)$/i;
/** Extensions that name something other than a page (images, downloads): never a document link. */
const FILE_EXT = /\.[a-z0-9]{1,5}$/i;
const TEXT_FRAGMENT = ':~:';
const EXTERNAL_URL = /^(?:[a-z][a-z\d+.-]*:|\/\/)/i;

/**
 * The one rule for what a wikilink target names: a document id, a path made into an id, or a title (any case; the
 * first document with it). The build resolves links with it, and search snippets show the title of what it finds.
 */
export function wikiTargets<D extends { readonly id: string; readonly title: string }>(docs: readonly D[]): (target: string) => D | undefined {
  const find = wikiTargetIndex(docs);
  return (target) => {
    const at = find(target);
    return at === undefined ? undefined : docs[at];
  };
}

/** `wikiTargets` answering with the document's position in `docs`; `tables` name its lookups for `resolveLinksNoting`. */
function wikiTargetIndex(
  docs: readonly { readonly id: string; readonly title: string }[],
  tables: { id: Table; title: Table } = { id: 'id', title: 'title' },
): (target: string) => number | undefined {
  const byId = new Map<string, number>();
  const byTitle = new Map<string, number>();
  docs.forEach((d, i) => {
    byId.set(d.id, i);
    const title = titleKey(d);
    if (!byTitle.has(title)) byTitle.set(title, i);
  });
  return (target) => look(byId, tables.id, target) ?? look(byId, tables.id, toSlug(target)) ?? look(byTitle, tables.title, target.toLowerCase());
}

/**
 * The resolver's tables, by what they are keyed on: a published document's id, title (lower case), path (NFC, lower
 * case) and published addresses (`sitePathKey`), the first page of a folder, a draft's id and title, an unpublished
 * file's path.
 */
type Table = 'id' | 'title' | 'path' | 'site' | 'folder' | 'draft-id' | 'draft-title' | 'unpublished';

/** The lookups of the document being resolved by `resolveLinksNoting`, as `table key` strings. */
let noted: Set<string> | undefined;

function look<T>(map: ReadonlyMap<string, T>, table: Table, key: string): T | undefined {
  noted?.add(`${table} ${key}`);
  return map.get(key);
}

/**
 * `resolveLinks`, and every lookup it made in the resolver's tables (`table key`): a resolver whose tables answer the same
 * for each of them resolves the document's links as this one did, as long as the documents they lead to kept their
 * headings and anchors. `lookupsOf` gives the keys a document answers to.
 */
export function resolveLinksNoting(
  doc: SourceDocument,
  resolver: LinkResolver,
  policy: LinkPolicy = DEFAULT_LINK_POLICY,
): { links: ResolvedLink[]; problems: Problem[]; lookups: string[] } {
  const outer = noted;
  noted = new Set();
  try {
    const r = resolveLinks(doc, resolver, policy);
    return { ...r, lookups: [...noted] };
  } finally {
    noted = outer;
  }
}

/**
 * The keys (`table key`, as `resolveLinksNoting` notes them) under which a resolver over the documents finds `doc`, a
 * published document or a draft: a link whose lookups miss all of them found its target without it. Every folder above
 * a published document is among them (its first page in reading order may be this one).
 */
export function lookupsOf(doc: SourceDocument): string[] {
  const path = pathKey(doc);
  if (doc.status === 'draft') return [`draft-id ${doc.id}`, `draft-title ${titleKey(doc)}`, `unpublished ${path}`];
  const keys = [`id ${doc.id}`, `title ${titleKey(doc)}`, `path ${path}`, ...sitePathsOf(doc).map((k) => `site ${k}`)];
  for (let at = path.indexOf('/'); at > 0; at = path.indexOf('/', at + 1)) keys.push(`folder ${path.slice(0, at)}`);
  return keys;
}

/** What a draft is, in messages about links to it. */
const DRAFT = '초안: status가 draft';

/**
 * A resolver's lookup tables, by position in the published documents: what a link names depends on the documents' ids,
 * paths, titles, published addresses and reading order (`resolverKey`) and the folder's files, never on their bodies,
 * so a resolver can be handed new objects of documents that kept those (`refreshLinkResolver`).
 */
interface ResolverIndex {
  byId: Map<string, number>;
  byPath: Map<string, number>;
  bySitePath: Map<string, number>;
  wiki: (target: string) => number | undefined;
  unpublished: Map<string, Unpublished>;
  draft: (target: string) => Unpublished | undefined;
  /** The first page of each folder in reading order (`firstPageOfEachFolder`), made on first use. */
  folders?: Map<string, number>;
  attachments: readonly string[];
  findAttachment?: ReturnType<typeof createAttachmentFinder>;
}

const RESOLVER_INDEXES = new WeakMap<LinkResolver, ResolverIndex>();

/**
 * Builds a resolver over the published documents, the folder's other files (content paths), and the Markdown files the
 * site leaves out (`skipped`) and drafts, which links may name without being broken.
 */
export function createLinkResolver(
  docs: readonly SourceDocument[],
  attachments: readonly string[] = [],
  skipped: readonly SkippedFile[] = [],
  drafts: readonly SourceDocument[] = [],
): LinkResolver {
  const byId = new Map<string, number>();
  const byPath = new Map<string, number>();
  const unpublished = new Map<string, Unpublished>([
    ...skipped.map((file) => [file.path.normalize('NFC').toLowerCase(), { path: file.path, kind: skippedFileKind(file) }] as const),
    ...drafts.map((d) => [d.sourcePath.normalize('NFC').toLowerCase(), { path: d.sourcePath, kind: DRAFT }] as const),
  ]);
  const draftOf = wikiTargetIndex(drafts, { id: 'draft-id', title: 'draft-title' });
  // Addresses other tools published pages at (`publishedPaths`: permalinks, slugs…): the first page wins.
  const bySitePath = new Map<string, number>();
  docs.forEach((d, i) => {
    byId.set(d.id, i);
    byPath.set(pathKey(d), i);
    for (const key of sitePathsOf(d)) if (!bySitePath.has(key)) bySitePath.set(key, i);
  });
  const draft = (target: string) => {
    const at = draftOf(target);
    return at === undefined ? undefined : { path: drafts[at]!.sourcePath, kind: DRAFT };
  };
  return resolverOver({ byId, byPath, bySitePath, wiki: wikiTargetIndex(docs), unpublished, draft, attachments }, docs);
}

/**
 * `resolver` over `docs`: new objects of the documents it was made with, at the same places, each with the same
 * `resolverKey` as the one it replaces (a save that changed a body). It answers as a resolver made over them would,
 * without making its tables again.
 */
export function refreshLinkResolver(resolver: LinkResolver, docs: readonly SourceDocument[]): LinkResolver {
  const index = RESOLVER_INDEXES.get(resolver);
  if (!index) throw new Error('refreshLinkResolver: the resolver was not made by createLinkResolver');
  return resolverOver(index, docs);
}

/**
 * What a resolver reads of a published document (a draft: its id, title and path): documents with equal keys are found
 * by the same links. Reading order (`readingOrder`) reads the project, title, path and order.
 */
export function resolverKey(d: SourceDocument): string {
  return JSON.stringify([d.id, d.sourcePath, d.title, d.project, d.order ?? null, d.status === 'draft', sitePathsOf(d)]);
}

/**
 * A document's title and path as the resolver's tables key them (lower case; the path NFC too), made once per object:
 * `maru dev` makes a resolver per save of mostly the same objects.
 */
const TITLE_KEYS = new WeakMap<object, string>();
const PATH_KEYS = new WeakMap<SourceDocument, string>();
function titleKey(d: { readonly title: string }): string {
  let key = TITLE_KEYS.get(d);
  if (key === undefined) TITLE_KEYS.set(d, (key = d.title.toLowerCase()));
  return key;
}
function pathKey(d: SourceDocument): string {
  let key = PATH_KEYS.get(d);
  if (key === undefined) PATH_KEYS.set(d, (key = d.sourcePath.normalize('NFC').toLowerCase()));
  return key;
}

/** `publishedPaths` of a document object, made once: `maru dev` makes a resolver per save of the same objects. */
const SITE_PATHS = new WeakMap<SourceDocument, string[]>();
function sitePathsOf(d: SourceDocument): string[] {
  let paths = SITE_PATHS.get(d);
  if (!paths) SITE_PATHS.set(d, (paths = publishedPaths(d)));
  return paths;
}

function resolverOver(index: ResolverIndex, docs: readonly SourceDocument[]): LinkResolver {
  const { byId, byPath, bySitePath, unpublished } = index;
  const at = (i: number | undefined) => (i === undefined ? undefined : docs[i]);
  const atSitePath = (path: string) => {
    const key = sitePathKey(path);
    return key === undefined ? undefined : at(look(bySitePath, 'site', key));
  };
  // A folder without a landing page (`[가이드](./guides/)`, which GitHub shows as a file list): its first page in reading
  // order.
  const atPath = (path: string) =>
    at(firstCandidate(byPath, 'path', path)) ?? (path ? at(look(byFolder(), 'folder', path.replace(/\/+$/, '').normalize('NFC').toLowerCase())) : undefined);
  const byFolder = () => (index.folders ??= firstPageOfEachFolder(docs));
  const skippedAt = (path: string) => firstCandidate(unpublished, 'unpublished', path);
  const resolver: LinkResolver = {
    // Built on first use: most wikis embed nothing, and the dev server makes a resolver per reload.
    attachment: (name, fromPath) => (index.findAttachment ??= createAttachmentFinder(index.attachments))(name, fromPath),
    wiki: (target) => at(index.wiki(target)),
    draft: index.draft,
    url: (url, fromPath) => {
      // A URL with a scheme or a host (`https://github.com/x`, `mailto:`, `//cdn/x`) is another site's, never a document.
      if (EXTERNAL_URL.test(url)) return { isDocLink: false };
      if (url.startsWith('#')) return onSamePage(url.slice(1), at(firstCandidate(byPath, 'path', fromPath)));
      const hashAt = url.indexOf('#');
      const pathPart = hashAt < 0 ? url : url.slice(0, hashAt);
      const { anchor, fragment } = splitFragment(hashAt < 0 ? '' : url.slice(hashAt + 1));
      const clean = safeDecode(pathPart.split('?')[0]!);
      const isDocLink = DOC_EXT.test(clean) || /\.html?$/i.test(clean) || !FILE_EXT.test(clean.replace(/\/+$/, ''));
      if (!isDocLink || !clean) return { isDocLink: false };
      const fromRoot = clean.replace(/^\/+/, '');
      const relative = clean.startsWith('/') ? fromRoot : joinPath(dirname(fromPath), clean);
      // Written relative to the file first; many repositories write links from their root, so that is tried next.
      const fromSiteRoot = (path: string) => atPath(path) ?? at(look(byId, 'id', toSlug(path || 'index'))) ?? atSitePath(path);
      const doc = clean.startsWith('/')
        ? (fromSiteRoot(fromRoot) ?? withoutRoutePrefix(fromRoot, fromSiteRoot))
        : (atPath(relative) ?? atPath(fromRoot) ?? atSitePath(relative));
      const skippedFile = doc ? undefined : (skippedAt(relative) ?? (clean.startsWith('/') ? undefined : skippedAt(fromRoot)));
      // The repository's README.md at the root is its front page, as the site's home is.
      const toHome = relative === '' || (skippedFile !== undefined && /^readme\.md$/i.test(skippedFile.path) && skippedFile.kind !== DRAFT);
      const found = doc ? { doc } : toHome ? { home: true as const } : skippedFile ? { unpublished: skippedFile } : {};
      const heading = doc && anchor ? findHeading(doc.markdown.headings, anchor) : undefined;
      const htmlId = doc && anchor && !heading ? htmlAnchorId(doc, anchor) : undefined;
      return {
        ...found,
        ...(anchor ? { anchor } : {}),
        ...(fragment ? { fragment } : {}),
        ...(heading ? { heading } : {}),
        ...(htmlId ? { htmlId } : {}),
        isDocLink: true,
      };
    },
  };
  RESOLVER_INDEXES.set(resolver, index);
  return resolver;
}

/**
 * A link to a place on its own page (`#usage`, `#factory-ajv`): checked and pointed at the heading's id as a link from
 * another page would be (authors write GitHub's slug, a heading's text, another case). A bare text fragment is none.
 */
function onSamePage(hash: string, self: SourceDocument | undefined): UrlTarget {
  const { anchor, fragment } = splitFragment(hash);
  if (!self || !anchor) return { isDocLink: false };
  const heading = findHeading(self.markdown.headings, anchor);
  const htmlId = heading ? undefined : htmlAnchorId(self, anchor);
  return {
    doc: self,
    anchor,
    ...(fragment ? { fragment } : {}),
    ...(heading ? { heading } : {}),
    ...(htmlId ? { htmlId } : {}),
    samePage: true,
    isDocLink: true,
  };
}

let prefixes: RegExp[] | undefined;

/**
 * What `find` gives for `path` without a route prefix the dialects' links carry (`routePrefixes`: a docs route, a
 * language), when it has one: the first prefix that leads somewhere. Tried only when the path as written names nothing.
 */
function withoutRoutePrefix<T>(path: string, find: (path: string) => T | undefined): T | undefined {
  for (const prefix of (prefixes ??= routePrefixes())) {
    const bare = path.replace(prefix, '');
    const found = bare === path ? undefined : find(bare);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** What `map` (keyed by NFC, lower-case content path) holds for the first of the files a link path may mean. */
function firstCandidate<T>(map: ReadonlyMap<string, T>, table: Table, path: string): T | undefined {
  for (const candidate of pathCandidates(path)) {
    const found = look(map, table, candidate.normalize('NFC').toLowerCase());
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Splits a raw fragment into the anchor to check and the fragment to keep; text fragments are kept, never checked. */
export function splitFragment(hash: string): { anchor?: string; fragment?: string } {
  if (!hash) return {};
  const at = hash.indexOf(TEXT_FRAGMENT);
  const anchor = safeDecode(at < 0 ? hash : hash.slice(0, at));
  return { ...(anchor ? { anchor } : {}), fragment: hash };
}

/** The files a link path may mean: as written, with `.md`, or the folder's `index.md`/`_index.md` (a section's)/`README.md`. */
export function pathCandidates(path: string): string[] {
  const p = path.replace(/\/+$/, '');
  if (DOC_EXT.test(p)) return [p];
  const base = p.replace(/\.html?$/i, '');
  const inFolder = (name: string) => (base ? `${base}/${name}` : name);
  return [`${base}.md`, `${base}.markdown`, `${base}.mdx`, inFolder('index.md'), inFolder('_index.md'), inFolder('README.md'), inFolder('readme.md')].filter(
    (c) => c !== '.md',
  );
}

/** The heading an anchor names: its canonical id, an alias (other slug rules), or the same text in another case/normal form. */
export function findHeading(headings: readonly ParsedHeading[], anchor: string): ParsedHeading | undefined {
  const want = anchor.normalize('NFC');
  const lower = want.toLowerCase();
  const index = headingIndex(headings);
  // Note tools write [[note#Heading text]] with the heading as written, not its id.
  return index.anchor.get(want) ?? index.alias.get(want) ?? index.lower.get(lower) ?? index.text.get(lower);
}

interface HeadingIndex {
  anchor: Map<string, ParsedHeading>;
  alias: Map<string, ParsedHeading>;
  /** Ids and aliases in lower case. */
  lower: Map<string, ParsedHeading>;
  /** Heading texts, NFC and lower case. */
  text: Map<string, ParsedHeading>;
}

/**
 * Lookup tables of a document's headings, made once per headings list: a page may hold thousands of links into one
 * document (a table of contents, a reference's cross-links), and scanning every heading for each cost seconds.
 * The first heading wins each key, as the scans in document order did.
 */
const HEADING_INDEXES = new WeakMap<readonly ParsedHeading[], HeadingIndex>();

function headingIndex(headings: readonly ParsedHeading[]): HeadingIndex {
  let index = HEADING_INDEXES.get(headings);
  if (index) return index;
  index = { anchor: new Map(), alias: new Map(), lower: new Map(), text: new Map() };
  const put = (map: Map<string, ParsedHeading>, key: string, h: ParsedHeading) => {
    if (!map.has(key)) map.set(key, h);
  };
  for (const h of headings) {
    put(index.anchor, h.anchor, h);
    put(index.lower, h.anchor.toLowerCase(), h);
    for (const a of h.aliases ?? []) {
      put(index.alias, a, h);
      put(index.lower, a.toLowerCase(), h);
    }
    put(index.text, h.text.normalize('NFC').toLowerCase(), h);
  }
  HEADING_INDEXES.set(headings, index);
  return index;
}

/**
 * The id on the rendered page of the raw HTML anchor (`<a id="factory-ajv">`, `<a name="top">`) an anchor names: the
 * sanitizer prefixes such ids (`RAW_ID_PREFIX`), so a link to one is written to the prefixed id. HTML ids are
 * case-sensitive; one written in another case is found as browsers would not, since authors link case-insensitively.
 */
export function htmlAnchorId(doc: SourceDocument, anchor: string): string | undefined {
  const ids = doc.markdown.htmlAnchors;
  if (!ids) return undefined;
  const index = htmlAnchorIndex(ids);
  const id = index.exact.has(anchor) ? anchor : index.lower.get(anchor.toLowerCase());
  return id === undefined ? undefined : RAW_ID_PREFIX + id;
}

/** A document's raw HTML anchors as written and by lower case (the first of each), made once per list, as `headingIndex` is. */
const HTML_ANCHOR_INDEXES = new WeakMap<readonly string[], { exact: Set<string>; lower: Map<string, string> }>();

function htmlAnchorIndex(ids: readonly string[]): { exact: Set<string>; lower: Map<string, string> } {
  let index = HTML_ANCHOR_INDEXES.get(ids);
  if (!index) {
    index = { exact: new Set(ids), lower: new Map() };
    for (const id of ids) if (!index.lower.has(id.toLowerCase())) index.lower.set(id.toLowerCase(), id);
    HTML_ANCHOR_INDEXES.set(ids, index);
  }
  return index;
}

/** True when an anchor names the document's own `# title` (generated pages link to `page#title-id`). */
export function isTitleAnchor(doc: SourceDocument, anchor: string): boolean {
  const want = anchor.normalize('NFC').toLowerCase();
  return doc.markdown.titleAnchors?.some((a) => a.toLowerCase() === want) ?? false;
}

/** Resolves a document's raw links to target ids; broken links and anchors become problems per the policy. */
export function resolveLinks(
  doc: SourceDocument,
  resolver: LinkResolver,
  policy: LinkPolicy = DEFAULT_LINK_POLICY,
): { links: ResolvedLink[]; problems: Problem[] } {
  const links: ResolvedLink[] = [];
  const problems: Problem[] = [];
  for (const raw of doc.markdown.links) {
    const line = raw.line + doc.bodyLine - 1;
    const shown = raw.kind === 'wiki' ? `[[${raw.target}${raw.anchor ? `#${raw.anchor}` : ''}${raw.label ? `|${raw.label}` : ''}]]` : raw.target;
    const { target, anchor, isDocLink, home, unpublished } = lookUp(raw, doc, resolver);
    if (unpublished) {
      problems.push(
        problem(
          doc,
          line,
          'link',
          'warn',
          `${shown}이(가) 가리키는 ${unpublished.path}은(는) 사이트에 싣지 않는 파일입니다 (${unpublished.kind})`,
          '페이지에는 링크 대신 글자로 보입니다. 링크를 지우거나, 그 파일을 문서로 싣거나, 저장소의 주소로 링크하세요',
        ),
      );
      continue;
    }
    if (!target) {
      if (isDocLink && !home)
        problems.push(problem(doc, line, 'link', policy.brokenLinks, `${shown}이(가) 가리키는 문서가 없습니다`, '있는 문서의 id나 경로로 고치세요'));
      continue;
    }
    const heading = anchor ? findHeading(target.markdown.headings, anchor) : undefined;
    if (anchor && !heading && (isTitleAnchor(target, anchor) || htmlAnchorId(target, anchor))) {
      links.push({ id: target.id });
      continue;
    }
    // A `[[note#^block-id]]` names a paragraph, not a heading (a dialect's plugin gives it that id).
    if (anchor?.startsWith('^')) {
      if (target.markdown.blockIds?.includes(anchor)) links.push({ id: target.id, anchor });
      else {
        problems.push(problem(doc, line, 'anchor', policy.brokenAnchors, `${shown}의 블록 "${anchor}"이(가) ${target.id} 문서에 없습니다`, blockHint(target)));
        links.push({ id: target.id });
      }
      continue;
    }
    if (anchor && isDocLink && !heading) {
      const known = target.markdown.headings
        .slice(0, 8)
        .map((h) => h.anchor)
        .join(', ');
      problems.push(
        problem(
          doc,
          line,
          'anchor',
          policy.brokenAnchors,
          `${shown}의 제목 "${anchor}"이(가) ${target.id} 문서에 없습니다`,
          `있는 제목 anchor를 쓰세요${known ? `: ${known}` : ''}`,
        ),
      );
      links.push({ id: target.id });
      continue;
    }
    links.push({ id: target.id, ...(heading ? { anchor: heading.anchor } : {}) });
  }
  return { links, problems };
}

function lookUp(
  raw: RawLink,
  doc: SourceDocument,
  resolver: LinkResolver,
): { target?: SourceDocument; anchor?: string; isDocLink: boolean; home?: true; unpublished?: Unpublished } {
  if (raw.kind === 'wiki') {
    const link = inGithubWikiOrder(raw, (t) => resolver.wiki(t) !== undefined || resolver.draft(t) !== undefined);
    const target = resolver.wiki(link.target);
    const draft = target ? undefined : resolver.draft(link.target);
    return { ...(target ? { target } : {}), ...(link.anchor ? { anchor: link.anchor } : {}), isDocLink: true, ...(draft ? { unpublished: draft } : {}) };
  }
  const r = resolver.url(raw.target, doc.sourcePath);
  return {
    ...(r.doc ? { target: r.doc } : {}),
    ...(r.anchor ? { anchor: r.anchor } : {}),
    isDocLink: r.isDocLink,
    ...(r.home ? { home: r.home } : {}),
    ...(r.unpublished ? { unpublished: r.unpublished } : {}),
  };
}

/**
 * The page a link to each folder without a landing page opens: the first of its pages in reading order, the one the
 * sidebar shows first in that folder. Every ancestor folder of every page has one.
 */
function firstPageOfEachFolder(docs: readonly SourceDocument[]): Map<string, number> {
  const byId = new Map<string, number>(docs.map((d, i) => [d.id, i]));
  const first = new Map<string, number>();
  for (const ids of readingOrder(docs).values())
    for (const id of ids) {
      const at = byId.get(id)!;
      const path = docs[at]!.sourcePath.normalize('NFC').toLowerCase();
      for (let slash = path.indexOf('/'); slash > 0; slash = path.indexOf('/', slash + 1)) {
        const folder = path.slice(0, slash);
        if (!first.has(folder)) first.set(folder, at);
      }
    }
  return first;
}

function blockHint(target: SourceDocument): string {
  const known = (target.markdown.blockIds ?? []).slice(0, 8).join(', ');
  return known ? `있는 블록 id를 쓰세요: ${known}` : '문단 끝에 " ^블록-id"를 붙이거나 제목 anchor로 링크하세요';
}

function problem(doc: SourceDocument, line: number, field: string, level: 'error' | 'warn', message: string, hint: string): Problem {
  return { path: doc.sourcePath, line, field, message, hint, severity: level === 'error' ? 'error' : 'warning' };
}

function dirname(path: string): string {
  const i = path.lastIndexOf('/');
  return i < 0 ? '' : path.slice(0, i);
}

/** Joins a relative path onto a folder, resolving `.` and `..` (never above the root). */
export function joinPath(dir: string, rel: string): string {
  const out = dir ? dir.split('/') : [];
  for (const part of toContentPath(rel).split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') out.pop();
    else out.push(part);
  }
  return out.join('/');
}

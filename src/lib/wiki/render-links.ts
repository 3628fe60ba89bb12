import { relativeTo } from './attachments.ts';
import { fileLinkHref } from './content-checks.ts';
import { findHeading, htmlAnchorId, isTitleAnchor } from './links.ts';
import type { Wiki } from './pipeline.ts';
import { anchorHash, docPath, encodePath, joinUrl } from './url.ts';

/**
 * Everything the site's Markdown plugins ask of the wiki while rendering one document (`markdownOptions` in
 * `src/integrations/maru.ts` hands these to `remarkWikiLinks`, `remarkMissingImages` and `remarkStripTitle`). Render
 * keys (`render-key.ts`) ask the same functions the same questions, so an article's key holds exactly the answers its
 * render read: one set of functions, not a copy that could drift from what the pages show.
 */
export interface RenderLinks {
  /** Page href for a wikilink target and optional anchor; undefined when no document has it. */
  resolveWiki: (target: string, anchor?: string) => string | undefined;
  /** What `[[target]]`/`[[target#anchor]]` without a label shows: the title (› the heading). */
  labelOf: (target: string, anchor?: string) => string | undefined;
  /** Where a Markdown link URL written in the file at `fromPath` goes (a page, a heading, a linked file). */
  resolveUrl: (url: string, fromPath: string) => string | undefined;
  /** Why a wikilink target shows as broken when a draft has it. */
  brokenWiki: (target: string) => string | undefined;
  /** The title (› heading) a page mention shows. */
  titleOfUrl: (url: string, fromPath: string) => string | undefined;
  /** Why a Markdown link URL shows as broken, when it does. */
  brokenUrl: (url: string, fromPath: string) => string | undefined;
  /** The address, from the file at `fromPath`, of the file a `![[name]]` embed shows; undefined when none. */
  embed: (name: string, fromPath: string) => string | undefined;
  /** The title of the document at `path` (its leading `# title` is drawn by the layout, not the article). */
  titleAt: (path: string) => string | undefined;
}

/** The plugins' questions answered over `current()`, read at each call (a dev reload gives them a new wiki). */
export function renderLinks(current: () => Wiki): RenderLinks {
  const pageOf = (id: string, anchor?: string) => `${joinUrl(current().options.base, docPath(id))}${anchorHash(anchor ?? '')}`;
  return {
    resolveWiki: (target, anchor) => {
      const doc = current().resolver.wiki(target);
      return doc ? pageOf(doc.id, anchor ? (findHeading(doc.markdown.headings, anchor)?.anchor ?? htmlAnchorId(doc, anchor) ?? anchor) : undefined) : undefined;
    },
    labelOf: (target, anchor) => {
      const doc = current().resolver.wiki(target);
      const heading = anchor && doc ? findHeading(doc.markdown.headings, anchor)?.text : undefined;
      return doc ? (heading ? `${doc.title} › ${heading}` : doc.title) : undefined;
    },
    resolveUrl: (url, fromPath) => {
      const wiki = current();
      const r = wiki.resolver.url(url, fromPath);
      // On its own page a link stays a fragment; one to the page's `# title` (drawn as the layout's heading, which
      // has no such id) goes to the top, as HTML reads `#top`; one that names nothing else is left as written.
      if (r.samePage) {
        if (r.heading) return anchorHash(r.heading.anchor);
        if (r.htmlId) return anchorHash(r.htmlId);
        return r.doc && r.anchor && isTitleAnchor(r.doc, r.anchor) ? '#top' : undefined;
      }
      if (!r.isDocLink) return linkedFileHref(wiki, url, fromPath);
      if (r.home) return joinUrl(wiki.options.base, '/');
      if (!r.doc) return undefined;
      // An alias (another generator's slug) becomes the page's own id; a text fragment or unknown anchor stays as written.
      return `${joinUrl(wiki.options.base, docPath(r.doc.id))}${r.heading ? anchorHash(r.heading.anchor) : r.htmlId ? anchorHash(r.htmlId) : r.fragment ? `#${r.fragment}` : ''}`;
    },
    brokenWiki: (target) => (current().resolver.draft(target) ? `[[${target}]]: 초안이라 싣지 않은 문서입니다` : undefined),
    titleOfUrl: (url, fromPath) => {
      const r = current().resolver.url(url, fromPath);
      if (!r.doc) return undefined;
      return r.heading ? `${r.doc.title} › ${r.heading.text}` : r.doc.title;
    },
    brokenUrl: (url, fromPath) => {
      const r = current().resolver.url(url, fromPath);
      if (r.unpublished) return `${url}: 사이트에 싣지 않는 파일입니다`;
      return r.isDocLink && !r.doc && !r.home ? `${url}: 문서가 없습니다` : undefined;
    },
    embed: (name, fromPath) => {
      const found = current().resolver.attachment(name, fromPath);
      return found === undefined ? undefined : encodePath(relativeTo(fromPath, found));
    },
    titleAt: (path) => documentAt(current(), path)?.title,
  };
}

const attachmentSets = new WeakMap<Wiki, Set<string>>();

/** Where a link to a content file that is not a document points (`fileLinkHref`), over the wiki's file set. */
function linkedFileHref(wiki: Wiki, url: string, fromPath: string): string | undefined {
  let set = attachmentSets.get(wiki);
  if (!set) attachmentSets.set(wiki, (set = new Set(wiki.options.attachments ?? [])));
  return fileLinkHref(url, fromPath, set, wiki.options.base);
}

/** Each wiki's documents by content path, made once per wiki (a dev reload makes a new one). */
const byPath = new WeakMap<Wiki, Map<string, Wiki['documents'][number]['source']>>();

function documentAt(wiki: Wiki, path: string): Wiki['documents'][number]['source'] | undefined {
  let map = byPath.get(wiki);
  if (!map) byPath.set(wiki, (map = new Map(wiki.documents.map((d) => [d.source.sourcePath, d.source]))));
  return map.get(path);
}

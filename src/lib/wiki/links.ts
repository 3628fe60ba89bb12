import type { SourceDocument } from './document.ts';
import type { RawLink } from '../markdown/parse.ts';
import type { Problem } from './problems.ts';
import { toContentPath, toSlug, type Slug } from './slug.ts';
import { safeDecode } from './url.ts';

/** What a link in a document points to, once resolved against the whole wiki. */
export interface ResolvedLink {
  id: Slug;
  anchor?: string;
}

/** Looks up documents by id, path and title, the way authors refer to them. */
export interface LinkResolver {
  /** Resolves a wikilink target (`id`, a path, or an exact title). */
  wiki(target: string): SourceDocument | undefined;
  /** Resolves a Markdown link URL written in the file at `fromPath`; undefined when it is not a document link. */
  url(url: string, fromPath: string): { doc?: SourceDocument; anchor?: string; isDocLink: boolean };
}

/** Builds a resolver over the published documents. */
export function createLinkResolver(docs: readonly SourceDocument[]): LinkResolver {
  const byId = new Map<string, SourceDocument>();
  const byPath = new Map<string, SourceDocument>();
  const byTitle = new Map<string, SourceDocument>();
  for (const d of docs) {
    byId.set(d.id, d);
    byPath.set(d.sourcePath.toLowerCase(), d);
    if (!byTitle.has(d.title.toLowerCase())) byTitle.set(d.title.toLowerCase(), d);
  }
  return {
    wiki: (target) => byId.get(target) ?? byId.get(toSlug(target)) ?? byTitle.get(target.toLowerCase()),
    url: (url, fromPath) => {
      const [pathPart = '', hash] = url.split('#', 2);
      const anchor = hash ? safeDecode(hash) : undefined;
      const clean = safeDecode(pathPart.split('?')[0]!);
      const withAnchor = (doc: SourceDocument | undefined, isDocLink: boolean) => ({ ...(doc ? { doc } : {}), ...(anchor ? { anchor } : {}), isDocLink });
      if (/\.(md|mdx|markdown)$/i.test(clean)) {
        const target = clean.startsWith('/') ? clean.slice(1) : joinPath(dirname(fromPath), clean);
        return withAnchor(byPath.get(target.toLowerCase()), true);
      }
      if (clean.startsWith('/')) return withAnchor(byId.get(toSlug(clean.slice(1) || 'index')), false);
      return { isDocLink: false };
    },
  };
}

/** Resolves a document's raw links to target ids; broken wikilinks, `.md` links and anchors become problems. */
export function resolveLinks(doc: SourceDocument, resolver: LinkResolver): { links: ResolvedLink[]; problems: Problem[] } {
  const links: ResolvedLink[] = [];
  const problems: Problem[] = [];
  for (const raw of doc.markdown.links) {
    const line = raw.line + doc.bodyLine - 1;
    const shown = raw.kind === 'wiki' ? `[[${raw.target}${raw.anchor ? `#${raw.anchor}` : ''}]]` : raw.target;
    const { target, anchor, isDocLink } = lookUp(raw, doc, resolver);
    if (!target) {
      if (isDocLink) problems.push(brokenLink(doc, line, `${shown}이(가) 가리키는 문서가 없습니다`, '있는 문서의 id나 경로로 고치세요'));
      continue;
    }
    if (anchor && isDocLink && !target.markdown.headings.some((h) => h.anchor === anchor)) {
      const known = target.markdown.headings.slice(0, 8).map((h) => h.anchor).join(', ');
      problems.push(brokenLink(doc, line, `${shown}의 제목 "${anchor}"이(가) ${target.id} 문서에 없습니다`, `있는 제목 anchor를 쓰세요${known ? `: ${known}` : ''}`));
      continue;
    }
    links.push({ id: target.id, ...(anchor ? { anchor } : {}) });
  }
  return { links, problems };
}

function lookUp(raw: RawLink, doc: SourceDocument, resolver: LinkResolver): { target?: SourceDocument; anchor?: string; isDocLink: boolean } {
  if (raw.kind === 'wiki') {
    const target = resolver.wiki(raw.target);
    return { ...(target ? { target } : {}), ...(raw.anchor ? { anchor: raw.anchor } : {}), isDocLink: true };
  }
  const r = resolver.url(raw.target, doc.sourcePath);
  return { ...(r.doc ? { target: r.doc } : {}), ...(r.anchor ? { anchor: r.anchor } : {}), isDocLink: r.isDocLink };
}

function brokenLink(doc: SourceDocument, line: number, message: string, hint: string): Problem {
  return { path: doc.sourcePath, line, field: 'link', message, hint, severity: 'error' };
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

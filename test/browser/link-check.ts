import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { resolveFile } from './serve.ts';

/** One internal link that does not resolve. */
export interface BrokenLink {
  /** The page, relative to the output folder. */
  page: string;
  href: string;
  reason: 'missing file' | 'missing anchor' | 'outside base';
}

const ENTITIES: Record<string, string> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>', '#39': "'" };
const decodeEntities = (s: string) => s.replace(/&(amp|quot|apos|lt|gt|#39);/g, (_m, e: string) => ENTITIES[e]!);

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.html'))
    .map((e) => join(e.parentPath, e.name));
}

/** The ids (and legacy `name` anchors) of an HTML document. */
export function idsOf(html: string): Set<string> {
  return new Set([...html.matchAll(/\s(?:id|name)="([^"]*)"/g)].map((m) => decodeEntities(m[1]!)));
}

/** The site URL path of an output file: `docs/a/index.html` → `/base/docs/a/`. */
function pageUrl(dir: string, file: string, base: string): string {
  const rel = relative(dir, file).split(sep).join('/');
  return base + rel.replace(/(^|\/)index\.html$/, '$1');
}

/** Where a link sits: in a document's rendered Markdown (`content`) or in the site's own markup (`site`). */
export type LinkOrigin = 'content' | 'site';

const PROSE_START = '<div class="prose">';
const PROSE_END = '<footer class="doc-footer">';

/** Splits a page into its rendered Markdown body and the rest (the document layout's fixed markers). */
function splitProse(html: string): Record<LinkOrigin, string> {
  const start = html.indexOf(PROSE_START);
  const end = html.indexOf(PROSE_END, start);
  if (start < 0 || end < 0) return { content: '', site: html };
  return { content: html.slice(start, end), site: html.slice(0, start) + html.slice(end) };
}

/** Checks every internal `href` and `src` of every HTML file in a built site, anchors included. */
export function checkLinks(dir: string, base: string): { pages: number; links: number; broken: (BrokenLink & { origin: LinkOrigin })[] } {
  const files = htmlFiles(dir);
  const idCache = new Map<string, Set<string>>();
  const ids = (file: string) => idCache.get(file) ?? idCache.set(file, idsOf(readFileSync(file, 'utf8'))).get(file)!;
  const broken: (BrokenLink & { origin: LinkOrigin })[] = [];
  let links = 0;
  for (const file of files) {
    const page = relative(dir, file);
    const here = new URL(pageUrl(dir, file, base), 'http://site.invalid');
    for (const [origin, html] of Object.entries(splitProse(readFileSync(file, 'utf8'))) as [LinkOrigin, string][])
      // Attributes of tags only: a page's text may show `src="a.png"` (the writing guide's Hugo figure, in code).
      for (const m of [...html.matchAll(/<[a-zA-Z](?:[^<>"']|"[^"]*"|'[^']*')*>/g)].flatMap((tag) => [...tag[0].matchAll(/\s(?:href|src)="([^"]*)"/g)])) {
        const href = decodeEntities(m[1]!);
        if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//')) continue;
        links++;
        const url = new URL(href, here);
        if (url.origin !== here.origin || !url.pathname.startsWith(base)) {
          broken.push({ page, href, reason: 'outside base', origin });
          continue;
        }
        const target = url.pathname === here.pathname ? file : resolveFile(dir, base, url.pathname);
        if (!target) {
          broken.push({ page, href, reason: 'missing file', origin });
          continue;
        }
        const anchor = url.hash ? decodeURIComponent(url.hash.slice(1)) : '';
        if (anchor && target.endsWith('.html') && !ids(target).has(anchor)) broken.push({ page, href, reason: 'missing anchor', origin });
      }
  }
  return { pages: files.length, links, broken };
}

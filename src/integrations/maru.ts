import { unified } from '@astrojs/markdown-remark';
import type { AstroIntegration } from 'astro';
import { existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { toContentPath } from '../lib/wiki/slug.ts';
import { anchorHash, joinUrl, docPath } from '../lib/wiki/url.ts';
import type { Wiki } from '../lib/wiki/pipeline.ts';
import { findHeading } from '../lib/wiki/links.ts';
import { dialectPlugins } from '../lib/markdown/dialect.ts';
import { formatProblem, sortProblems } from '../lib/wiki/problems.ts';
import remarkHeadingIds from '../markdown/remark-heading-ids.ts';
import remarkMissingImages from '../markdown/remark-missing-images.ts';
import remarkStripTitle from '../markdown/remark-strip-title.ts';
import remarkInertScripts from '../markdown/remark-inert-scripts.ts';
import remarkWikiLinks from '../markdown/remark-wiki-links.ts';
import rehypeCallouts from '../markdown/rehype-callouts.ts';
import rehypeSanitizeContent from '../markdown/rehype-sanitize-content.ts';
import { contentRoot } from '../node/collect.ts';
import { artifactsOf, errorReport, loadWiki, siteConfig, skipArtifacts, writeArtifacts } from '../node/wiki-build.ts';
import { serveArtifacts } from './dev-server.ts';

/** Builds the wiki before Astro does: every content error fails the build at once, before anything is written. */
export default function maru(): AstroIntegration {
  const root = contentRoot();
  let wiki: Wiki;
  return {
    name: 'maru',
    hooks: {
      'astro:config:setup': ({ updateConfig, logger }) => {
        wiki = loadWiki(root);
        const report = errorReport(wiki, root);
        if (report) {
          // A stack trace would bury the list; the report is the whole message. Nothing has been written yet.
          logger.error(`${report}\n이전 빌드 결과는 그대로 둡니다.`);
          process.exit(1);
        }
        const shown = relative(process.cwd(), root) || '.';
        for (const p of sortProblems(wiki.problems)) logger.warn(formatProblem(p, shown.startsWith('..') ? root : shown));
        for (const d of wiki.dropped) logger.info(`[filter:drafts] ${d.path} (${d.id})`);
        logger.info(`${wiki.documents.length} documents from ${relative(process.cwd(), root) || '.'}`);
        updateConfig({ markdown: { processor: unified(markdownOptions(wiki, root, siteConfig().lang)) } });
      },
      'astro:server:setup': ({ server }) => {
        serveArtifacts(server, () => {
          const fresh = loadWiki(root);
          return errorReport(fresh, root) ? undefined : artifactsOf(fresh, siteConfig(), root);
        });
      },
      'astro:build:done': ({ dir, logger }) => {
        if (skipArtifacts()) {
          logger.info('MARU_SKIP_ARTIFACTS=1: pages built from the catalog alone; no _wiki/* artifacts written');
          return;
        }
        const files = artifactsOf(wiki, siteConfig(), root);
        writeArtifacts(fileURLToPath(dir), files);
        logger.info(`wrote ${files.size} wiki artifacts`);
      },
    },
  };
}

/** The remark pipeline of the site: the same heading ids and link targets as the catalog. */
function markdownOptions(wiki: Wiki, root: string, lang: 'ko' | 'en') {
  const base = wiki.options.base;
  const pageOf = (id: string, anchor?: string) => `${joinUrl(base, docPath(id))}${anchorHash(anchor ?? '')}`;
  return {
    smartypants: false,
    // The dialect plugins first, exactly as parseMarkdown runs them, so pages and the catalog see one tree.
    remarkPlugins: [
      ...dialectPlugins(lang === 'en' ? { detailsTitle: 'Details', deepDiveTitle: 'Deep dive' } : {}),
      remarkInertScripts,
      remarkStripTitle,
      remarkHeadingIds,
      [remarkMissingImages, { exists: (src: string, file: { path?: string }) => existsSync(src.startsWith('/') ? join(root, src) : resolve(dirname(file.path ?? root), src)) }],
      [
        remarkWikiLinks,
        {
          resolveWiki: (target: string, anchor?: string) => {
            const doc = wiki.resolver.wiki(target);
            return doc ? pageOf(doc.id, anchor ? (findHeading(doc.markdown.headings, anchor)?.anchor ?? anchor) : undefined) : undefined;
          },
          labelOf: (target: string, anchor?: string) => {
            const doc = wiki.resolver.wiki(target);
            const heading = anchor && doc ? findHeading(doc.markdown.headings, anchor)?.text : undefined;
            return doc ? (heading ? `${doc.title} › ${heading}` : doc.title) : undefined;
          },
          resolveUrl: (url: string, fromPath: string) => {
            const r = wiki.resolver.url(url, fromPath);
            if (!r.doc) return undefined;
            // An alias (VitePress slug) becomes the page's own id; a text fragment or unknown anchor stays as written.
            return `${joinUrl(base, docPath(r.doc.id))}${r.heading ? anchorHash(r.heading.anchor) : r.fragment ? `#${r.fragment}` : ''}`;
          },
          brokenUrl: (url: string, fromPath: string) => {
            const r = wiki.resolver.url(url, fromPath);
            return r.isDocLink && !r.doc ? `${url}: 문서가 없습니다` : undefined;
          },
          contentPathOf: (file: { path?: string }) => toContentPath(relative(root, file.path ?? '')),
        },
      ],
    ],
    // The sanitizer comes first: it sees all raw HTML of the content; the plugins after it are Maru's own.
    rehypePlugins: [rehypeSanitizeContent, [rehypeCallouts, { titles: lang === 'en' ? { note: 'Note', tip: 'Tip', important: 'Important', warning: 'Warning', caution: 'Caution' } : {} }]],
  } as Parameters<typeof unified>[0];
}

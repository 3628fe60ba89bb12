import { unified } from '@astrojs/markdown-remark';
import type { AstroIntegration } from 'astro';
import { existsSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { toContentPath } from '../lib/slug.ts';
import { anchorHash, joinUrl, docPath } from '../lib/url.ts';
import type { Wiki } from '../lib/pipeline.ts';
import remarkHeadingIds from '../markdown/remark-heading-ids.ts';
import remarkMissingImages from '../markdown/remark-missing-images.ts';
import remarkStripTitle from '../markdown/remark-strip-title.ts';
import remarkInertScripts from '../markdown/remark-inert-scripts.ts';
import remarkWikiLinks from '../markdown/remark-wiki-links.ts';
import rehypeCallouts from '../markdown/rehype-callouts.ts';
import remarkCodeMeta from '../markdown/remark-code-meta.ts';
import rehypeCodeBlocks from '../markdown/rehype-code-blocks.ts';
import rehypeScrollTables from '../markdown/rehype-scroll-tables.ts';
import { contentRoot } from './collect.ts';
import { artifactsOf, errorReport, loadWiki, siteConfig, skipArtifacts, writeArtifacts } from './wiki-build.ts';
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
    remarkPlugins: [
      remarkInertScripts,
      remarkStripTitle,
      remarkHeadingIds,
      [remarkMissingImages, { exists: (src: string, file: { path?: string }) => existsSync(resolve(dirname(file.path ?? root), src)) }],
      [
        remarkWikiLinks,
        {
          resolveWiki: (target: string, anchor?: string) => {
            const doc = wiki.resolver.wiki(target);
            return doc ? pageOf(doc.id, anchor) : undefined;
          },
          labelOf: (target: string, anchor?: string) => {
            const doc = wiki.resolver.wiki(target);
            const heading = anchor ? doc?.markdown.headings.find((h) => h.anchor === anchor)?.text : undefined;
            return doc ? (heading ? `${doc.title} › ${heading}` : doc.title) : undefined;
          },
          resolveUrl: (url: string, fromPath: string) => {
            const r = wiki.resolver.url(url, fromPath);
            return r.doc ? pageOf(r.doc.id, r.anchor) : undefined;
          },
          contentPathOf: (file: { path?: string }) => toContentPath(relative(root, file.path ?? '')),
        },
      ],
      // Last: it records the code blocks of the final tree (remarkInertScripts turns raw scripts into code blocks).
      remarkCodeMeta,
    ],
    rehypePlugins: [
      [rehypeCallouts, { titles: lang === 'en' ? { note: 'Note', tip: 'Tip', important: 'Important', warning: 'Warning', caution: 'Caution' } : {} }],
      // Presentation only, and last: keep these two after any sanitizer (they add elements and classes a sanitizer would strip).
      rehypeCodeBlocks,
      [rehypeScrollTables, { label: lang === 'en' ? 'Table' : '표' }],
    ],
  } as Parameters<typeof unified>[0];
}

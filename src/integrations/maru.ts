import { unified } from '@astrojs/markdown-remark';
import type { AstroIntegration, AstroIntegrationLogger } from 'astro';
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
import { contentRoot } from './collect.ts';
import { basePath, collectWiki, emitArtifacts, errorReport, siteConfig, skipArtifacts, writeArtifacts } from './wiki-build.ts';
import { cacheDir, codeDigest, openParseCache } from './parse-cache.ts';
import { WIKI_HOOK, type WikiSnapshot, type WikiSource } from './wiki-handoff.ts';
import { serveArtifacts } from './dev-server.ts';

/**
 * Builds the wiki before Astro does: every content error fails the build at once, before anything is written.
 * This parse is the build's only one: the content loader (`wiki-loader.ts`) takes it through the
 * `maru:wiki` hook (`wiki-handoff.ts`), and `astro:build:done` writes the artifacts emitted from it.
 */
export default function maru(): AstroIntegration {
  const root = contentRoot();
  let wiki: Wiki;
  let texts: Map<string, string>;
  let key: string | undefined;
  let emitted: ReturnType<typeof emitArtifacts> | undefined;
  const emit = () => (emitted ??= emitArtifacts(wiki, siteConfig(), root));
  const code = codeDigest();
  const snapshot = (): WikiSnapshot => ({ root, wiki, texts, code, lang: siteConfig().lang, catalog: emit().catalog });
  /** Dev server: re-reads the content; a version with errors is reported and the last good one kept. */
  const reload = (logger?: AstroIntegrationLogger): boolean => {
    const fresh = collectWiki(root, siteConfig(), basePath(), key, openParseCache(cacheDir(), code));
    if (!fresh.wiki) return true;
    const report = errorReport(fresh.wiki, root);
    if (report) {
      logger?.error(report);
      return false;
    }
    ({ texts, key } = fresh);
    wiki = fresh.wiki;
    emitted = undefined;
    return true;
  };
  let devLogger: AstroIntegrationLogger | undefined;
  const source: WikiSource = (options) => {
    if (options?.reload) reload(devLogger);
    return snapshot();
  };
  return {
    name: 'maru',
    hooks: {
      'astro:config:setup': ({ updateConfig, logger }) => {
        const parsed = openParseCache(cacheDir(), code);
        const first = collectWiki(root, siteConfig(), basePath(), undefined, parsed);
        logger.info(`parsed ${parsed.misses} of ${parsed.hits + parsed.misses} files (the others from ${relative(process.cwd(), cacheDir())})`);
        ({ texts, key } = first);
        wiki = first.wiki!; // no previous key was passed, so the wiki is always built
        const report = errorReport(wiki, root);
        if (report) {
          // A stack trace would bury the list; the report is the whole message. Nothing has been written yet.
          logger.error(`${report}\n이전 빌드 결과는 그대로 둡니다.`);
          process.exit(1);
        }
        devLogger = logger;
        for (const d of wiki.dropped) logger.info(`[filter:drafts] ${d.path} (${d.id})`);
        logger.info(`${wiki.documents.length} documents from ${relative(process.cwd(), root) || '.'}`);
        // The resolvers read `wiki` when they run, so a dev reload reaches them too.
        updateConfig({ markdown: { processor: unified(markdownOptions(() => wiki, root, siteConfig().lang)) } });
      },
      'astro:server:setup': ({ server }) => {
        serveArtifacts(server, () => (reload(devLogger) ? emit().files : undefined));
      },
      'astro:build:done': ({ dir, logger }) => {
        if (skipArtifacts()) {
          logger.info('MARU_SKIP_ARTIFACTS=1: pages built from the catalog alone; no _wiki/* artifacts written');
          return;
        }
        const { files } = emit();
        writeArtifacts(fileURLToPath(dir), files);
        logger.info(`wrote ${files.size} wiki artifacts`);
      },
      [WIKI_HOOK]: source,
    },
  };
}

/** The remark pipeline of the site: the same heading ids and link targets as the catalog. */
function markdownOptions(current: () => Wiki, root: string, lang: 'ko' | 'en') {
  const pageOf = (id: string, anchor?: string) => `${joinUrl(current().options.base, docPath(id))}${anchorHash(anchor ?? '')}`;
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
            const doc = current().resolver.wiki(target);
            return doc ? pageOf(doc.id, anchor) : undefined;
          },
          labelOf: (target: string, anchor?: string) => {
            const doc = current().resolver.wiki(target);
            const heading = anchor ? doc?.markdown.headings.find((h) => h.anchor === anchor)?.text : undefined;
            return doc ? (heading ? `${doc.title} › ${heading}` : doc.title) : undefined;
          },
          resolveUrl: (url: string, fromPath: string) => {
            const r = current().resolver.url(url, fromPath);
            return r.doc ? pageOf(r.doc.id, r.anchor) : undefined;
          },
          contentPathOf: (file: { path?: string }) => toContentPath(relative(root, file.path ?? '')),
        },
      ],
    ],
    rehypePlugins: [[rehypeCallouts, { titles: lang === 'en' ? { note: 'Note', tip: 'Tip', important: 'Important', warning: 'Warning', caution: 'Caution' } : {} }]],
  } as Parameters<typeof unified>[0];
}

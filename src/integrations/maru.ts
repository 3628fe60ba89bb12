import { unified } from '@astrojs/markdown-remark';
import type { AstroIntegration, AstroIntegrationLogger } from 'astro';
import { rmSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FILES_DIR } from '../lib/wiki/url.ts';
import type { Wiki } from '../lib/wiki/pipeline.ts';
import { renderLinks } from '../lib/wiki/render-links.ts';
import { dialectPlugins } from '../lib/markdown/dialect.ts';
import { formatProblem, sortProblems } from '../lib/wiki/problems.ts';
import remarkHeadingIds from '../markdown/remark-heading-ids.ts';
import remarkMissingImages from '../markdown/remark-missing-images.ts';
import remarkStripTitle from '../markdown/remark-strip-title.ts';
import remarkInertScripts from '../markdown/remark-inert-scripts.ts';
import remarkWikiLinks from '../markdown/remark-wiki-links.ts';
import { contentRoot, gitHead } from '../node/collect.ts';
import { publishSafeSvgs } from '../node/image-files.ts';
import { contentFiles, siteRehypePlugins } from '../node/site-markdown.ts';
import {
  basePath,
  collectWikiInParallel,
  emitArtifacts,
  emitContext,
  artifactStage,
  startEmitWorker,
  moveArtifacts,
  errorReport,
  copyLinkedFiles,
  linkedFilesOf,
  siteConfig,
  skipArtifacts,
  writeArtifacts,
  artifactMirror,
  type Emitted,
} from '../node/wiki-build.ts';
import { catalogOf, type CatalogMemo } from '../lib/artifacts/emit.ts';
import type { Catalog } from '../lib/artifacts/schema.ts';
import type { StagedArtifacts } from '../node/emit-worker.ts';
import { buildThreads, type TreeSink } from '../node/parallel-parse.ts';
import { cacheDir, codeDigest, openParseCache } from '../node/parse-cache.ts';
import { WIKI_HOOK, type WikiSnapshot, type WikiSource } from './wiki-handoff.ts';
import { reloadsOn } from './wiki-loader.ts';
import { devUpdates } from './dev-updates.ts';
import { openDevWiki, type DevBuild, type DevWiki } from '../node/dev-wiki.ts';
import remarkCodeMeta from '../markdown/remark-code-meta.ts';
import remarkParsedTrees, { type ParsedTrees } from '../markdown/remark-parsed-trees.ts';
import { parsedTrees } from '../node/parsed-trees.ts';
import type { KeepSyntaxTree } from '../lib/wiki/document.ts';
import { reloadPages, serveArtifacts, serveDevVersion, serveClientBundle, serveLinkedFiles, serveMermaid } from './dev-server.ts';
import { copyMermaid } from '../node/mermaid-asset.ts';
import { clientBundle, clientScripts, copyClientBundle, loadBundlerEarly, type ClientManifest } from '../node/client-bundle.ts';

/**
 * Builds the wiki before Astro does: every content error fails the build at once, before anything is written.
 * This parse is the build's only one: the content loader (`wiki-loader.ts`) takes it through the
 * `maru:wiki` hook (`wiki-handoff.ts`), and `astro:build:done` writes the artifacts emitted from it.
 */
export default function maru(): AstroIntegration {
  loadBundlerEarly();
  const root = contentRoot();
  let wiki: Wiki;
  let texts: Map<string, string>;
  let emitted: ReturnType<typeof emitArtifacts> | undefined;
  // `astro build`: the artifacts, emitted on a worker thread while this one renders; the pages take `pageCatalog`.
  let background: Promise<StagedArtifacts | Error> | undefined;
  let pageCatalog: Catalog | undefined;
  let serving = false;
  // Where the worker writes the artifacts until the pages are done; one folder per build process.
  let stage = '';
  const code = codeDigest();
  // The site's scripts, bundled once for every wiki (src/node/client-bundle.ts), not by each build's Vite.
  let client: { dir: string; manifest: ClientManifest } | undefined;
  // The trees of the files this build parsed, for the site's renderer (one parse per document, not two).
  const trees = parsedTrees();
  const keepSyntaxTree: KeepSyntaxTree = (path, parsed) => void trees.keep(resolve(root, path), parsed);
  const treeSink: TreeSink = { keep: keepSyntaxTree, keepSerialized: (path, parsed) => void trees.keepSerialized(resolve(root, path), parsed) };
  const emit = () => (emitted ??= emitCached(wiki, root, code, devLogger));
  const rendered = () => {
    const { reused, parsed } = trees.counts;
    if (reused + parsed > 0) devLogger?.info(`renderer: syntax trees reused ${reused}, parsed again ${parsed}`);
    trees.clear();
  };
  // `astro dev` (`serving`) and a build with the worker: the pages' catalog alone. The whole set (the search index
  // most of all) costs several times more, and dev emits it only when a `_wiki/*` file is asked for.
  // Dev: the documents' Markdown digests, kept from one save's catalog to the next (only changed documents hashed again).
  const catalogMemo: CatalogMemo = new WeakMap();
  // Dev: the commit as the server started (the pages' dates are read then too), not a `git log` per save.
  let devHead: ReturnType<typeof gitHead> | undefined;
  const catalog = () =>
    background || serving
      ? (pageCatalog ??= catalogOf(
          wiki,
          emitContext(wiki, siteConfig(), root, serving ? (devHead ??= gitHead(root)) : undefined),
          serving ? catalogMemo : undefined,
        ))
      : emit().catalog;
  const snapshot = (): WikiSnapshot => ({ root, wiki, texts, code, lang: siteConfig().lang, catalog: catalog(), rendered });
  /** Puts the build's artifacts into `outDir`: the worker's, or emitted here when there is none or it failed. */
  const writeBuildArtifacts = async (outDir: string, logger: AstroIntegrationLogger): Promise<{ count: number; linked?: number }> => {
    const staged = await background;
    if (staged !== undefined && !(staged instanceof Error)) {
      logTokenized(staged, logger);
      // The pages were built from `pageCatalog`: the artifacts must hold the same catalog, or the build is wrong.
      if (pageCatalog && staged.catalogJson !== `${JSON.stringify(pageCatalog)}\n`) {
        throw new Error('Maru: the artifacts thread emitted another catalog than the pages were built from; no artifacts were written.');
      }
      moveArtifacts(stage, outDir);
      return { count: staged.count, ...(staged.linked === undefined ? {} : { linked: staged.linked }) };
    }
    if (staged instanceof Error) {
      logger.warn(`the artifacts thread failed; emitting on the main thread (${staged.message})`);
      rmSync(stage, { recursive: true, force: true });
    }
    const { files } = emit();
    const mirror = artifactMirror();
    writeArtifacts(outDir, files, mirror);
    return { count: files.size, linked: mirror.counts.linked };
  };
  let devLogger: AstroIntegrationLogger | undefined;
  // `astro dev`: the folder as last read and parsed, and the loaders to call with each new build of it.
  let dev: DevWiki | undefined;
  const loaders = new Map<string, (snapshot: WikiSnapshot) => Promise<void>>();
  const source: WikiSource = (options) => {
    if (options?.onChange) loaders.set(options.onChange.loader, options.onChange.run);
    return snapshot();
  };
  /** Dev server: gives a new build of the wiki to the loaders, one after the other; resolves true once the pages have it. */
  let loading = Promise.resolve(true);
  const adopt = (build: DevBuild): Promise<boolean> => {
    ({ wiki, texts } = build);
    emitted = undefined;
    pageCatalog = undefined;
    const next = snapshot();
    return (loading = loading
      .then(async () => {
        for (const run of loaders.values()) await run(next);
        return true;
      })
      .catch((error: unknown) => {
        devLogger?.error(`could not update the pages: ${error instanceof Error ? error.message : String(error)}`);
        return false;
      }));
  };
  return {
    name: 'maru',
    hooks: {
      'astro:config:setup': async ({ command, updateConfig, logger }) => {
        serving = command === 'dev';
        const bundle = await clientBundle();
        if (bundle.made) logger.info(`bundled the site's scripts into ${relative(process.cwd(), bundle.dir)}`);
        client = bundle;
        dev = serving ? openDevWiki(root, siteConfig(), basePath(), keepSyntaxTree) : undefined;
        // Started first: it reads its cache while this thread collects the wiki (see startEmitWorker).
        const emitter = command === 'build' && !skipArtifacts() && buildThreads() > 0 ? startEmitWorker(root, { dir: cacheDir(), code }) : undefined;
        const parsed = openParseCache(cacheDir(), code);
        // A worker that fails costs time only: the files it did not answer for are parsed here.
        const first = await collectWikiInParallel(
          root,
          siteConfig(),
          basePath(),
          dev ? dev.seeding(parsed) : parsed,
          treeSink,
          { onWorkerError: (error) => logger.warn(`a parsing thread failed; its files are parsed on the main thread (${error.message})`) },
          dev?.memo,
        );
        logger.info(`parsed ${parsed.misses} of ${parsed.hits + parsed.misses} files (the others from ${relative(process.cwd(), cacheDir())})`);
        ({ texts } = first);
        wiki = first.wiki!; // no previous key was passed, so the wiki is always built
        const report = errorReport(wiki, root);
        if (report) {
          // A stack trace would bury the list; the report is the whole message. Nothing has been written yet.
          logger.error(`${report}\n이전 빌드 결과는 그대로 둡니다.`);
          parsed.save(); // the files that parse stay parsed for the build after the fix
          process.exit(1);
        }
        const shown = relative(process.cwd(), root) || '.';
        for (const p of sortProblems(wiki.problems)) logger.warn(formatProblem(p, shown.startsWith('..') ? root : shown));
        devLogger = logger;
        for (const d of wiki.dropped) logger.info(`[filter:drafts] ${d.path} (${d.id})`);
        logger.info(`${wiki.documents.length} documents from ${relative(process.cwd(), root) || '.'}`);
        if (emitter) {
          // A failed worker is answered at build:done by emitting here; never left as an unhandled rejection.
          stage = artifactStage();
          background = emitter.emit(wiki, stage).catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
        }
        parsed.save();
        // The resolvers read `wiki` when they run, so a dev reload reaches them too.
        updateConfig({
          markdown: { processor: unified(markdownOptions(() => wiki, root, siteConfig().lang, trees)) },
          vite: {
            define: {
              __MARU_CLIENT_SCRIPTS__: JSON.stringify(clientScripts(bundle.manifest)),
              // The pages' copy of the project's config (src/site/wiki.ts): loaded once, here, from the team's folder.
              __MARU_SITE_CONFIG__: JSON.stringify(siteConfig()),
            },
          },
        });
      },
      'astro:server:setup': ({ server, logger }) => {
        if (dev) {
          const show = async (build: DevBuild) => {
            if (!(await adopt(build))) return;
            reloadPages(server, (message) => logger.warn(message));
            logger.info('reloaded the open pages');
          };
          watchContent(server, root, dev, { current: () => wiki, adopt: show, logger });
          serveDevVersion(server);
        }
        serveArtifacts(server, () => emit().files);
        serveMermaid(server);
        if (client) serveClientBundle(server, client.dir, client.manifest);
        serveLinkedFiles(server, () => ({ root, paths: new Set(linkedFilesOf(wiki)) }));
      },
      'astro:build:done': async ({ dir, logger }) => {
        copyMermaid(fileURLToPath(dir));
        if (client) copyClientBundle(client.dir, client.manifest, fileURLToPath(dir));
        for (const { path, reason } of publishSafeSvgs(fileURLToPath(dir))) logger.warn(`${path}: SVG로 읽을 수 없어 사이트에서 뺐습니다 (${reason})`);
        if (skipArtifacts()) {
          logger.info('MARU_SKIP_ARTIFACTS=1: pages built from the catalog alone; no _wiki/* artifacts written');
          return;
        }
        const files = copyLinkedFiles(wiki, root, fileURLToPath(dir));
        if (files) logger.info(`copied ${files} linked files to ${FILES_DIR}/`);
        const { count, linked } = await writeBuildArtifacts(fileURLToPath(dir), logger);
        logger.info(
          `wrote ${count} wiki artifacts${linked ? ` (${linked} unchanged since the last build, linked from ${relative(process.cwd(), cacheDir())})` : ''}`,
        );
      },
      [WIKI_HOOK]: source,
    },
  };
}

/**
 * `maru dev`: rebuilds the wiki when a file under the content root changes (`reloadsOn`), once per burst of reports
 * (`devUpdates`), reading and parsing only the files that changed (`openDevWiki`).
 * A version with errors is reported and the last good one kept.
 */
function watchContent(
  server: Parameters<NonNullable<AstroIntegration['hooks']['astro:server:setup']>>[0]['server'],
  root: string,
  dev: DevWiki,
  { current, adopt, logger }: { current: () => Wiki; adopt: (build: DevBuild) => Promise<void>; logger: AstroIntegrationLogger },
): void {
  const updates = devUpdates({
    update: (carryFrom) => dev.update(carryFrom),
    current,
    relate: (build) => dev.relate(build),
    accept: ({ wiki }) => {
      const report = errorReport(wiki, root);
      if (report) logger.error(report);
      return report === undefined;
    },
    apply: (build, { quick, ms }) => {
      logger.info(
        `updated ${build.wiki.documents.length} documents in ${Math.round(ms)} ms${quick ? ' (related documents as before; they follow once the saves stop)' : ''}`,
      );
      return adopt(build);
    },
    warn: (message) => logger.warn(message),
  });
  server.watcher.add(root);
  server.watcher.on('all', (_event, path) => {
    if (!reloadsOn(root, path)) return;
    dev.changed(path);
    updates.changed();
  });
}

/** The artifacts, tokenizing for the search index only the documents that changed since the cached build. */
function emitCached(wiki: Wiki, root: string, code: string, logger: AstroIntegrationLogger | undefined): ReturnType<typeof emitArtifacts> {
  const emitted = emitArtifacts(wiki, siteConfig(), root, { dir: cacheDir(), code });
  logTokenized(emitted, logger);
  return emitted;
}

function logTokenized({ tokenized: t }: Pick<Emitted, 'tokenized'>, logger: AstroIntegrationLogger | undefined): void {
  if (t) logger?.info(`search index: tokenized ${t.documents} of ${t.of} documents (the others from ${relative(process.cwd(), cacheDir())})`);
}

/** The remark pipeline of the site: the same heading ids and link targets as the catalog. */
export function markdownOptions(current: () => Wiki, root: string, lang: 'ko' | 'en', trees: ParsedTrees) {
  const { imageExists, contentPathOf, fromFile } = contentFiles(root);
  // What the plugins ask of the wiki: render keys ask the same functions (src/lib/wiki/render-links.ts).
  const { embed, titleAt, ...links } = renderLinks(current);
  const findEmbed = (name: string, file: { path?: string }) => embed(name, contentPathOf(file));
  return {
    smartypants: false,
    // The dialect plugins first, exactly as parseMarkdown runs them, so pages and the catalog see one tree.
    remarkPlugins: [
      // Not a transform: it lets the parser start from the tree collecting the wiki already made of the same text.
      [remarkParsedTrees, trees],
      ...dialectPlugins(lang === 'en' ? { detailsTitle: 'Details', deepDiveTitle: 'Deep dive' } : {}),
      remarkInertScripts,
      [remarkStripTitle, { titleOf: (file: { path?: string }) => titleAt(contentPathOf(file)) }],
      remarkHeadingIds,
      [remarkMissingImages, { exists: imageExists, findEmbed, fromFile }],
      [remarkWikiLinks, { ...links, contentPathOf }],
      // Last: it records the code blocks of the final tree (remarkInertScripts turns raw scripts into code blocks).
      remarkCodeMeta,
    ],
    // After Astro's Shiki step; the render workers build the same list (`src/node/site-markdown.ts`).
    rehypePlugins: siteRehypePlugins(root, lang),
  } as Parameters<typeof unified>[0];
}

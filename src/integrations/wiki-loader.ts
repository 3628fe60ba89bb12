import type { Loader, LoaderContext } from 'astro/loaders';
import { relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Catalog, CatalogEntry } from '../lib/artifacts/schema.ts';
import type { WikiDocument } from '../lib/wiki/pipeline.ts';
import { hasDiagram } from '../lib/ui/page-data.ts';
import { renderKeyOf } from '../lib/wiki/render-key.ts';
import { articleFiles } from './article-files.ts';
import { CATALOG_ENTRY_ID, wikiSourceOf, type WikiSnapshot, type WikiSource } from './wiki-handoff.ts';
import { memoryStores, publishDevPages } from './dev-pages.ts';
import { publishDevArticles } from './dev-articles.ts';
import { hasLocalPictures, lazyArticles, renderNamingFile, renderedText } from './lazy-articles.ts';
import { buildThreads } from '../node/parallel-parse.ts';
import { startRenderPool, type RenderHere, type RenderPool } from '../node/parallel-render.ts';

/** What the `wiki` collection's entry holds: the catalog's summaries and the documents' order. */
export type CatalogMeta = Omit<Catalog, 'documents'> & { ids: string[] };

/**
 * The `docs` collection: one entry per published document, straight from the wiki the maru integration
 * parsed (same ids, same filter, same drafts dropped). `data` is the document's catalog row; `rendered`
 * is the site's Markdown pipeline over the file's text as collected. Astro's data store keeps entries
 * between builds (`<cacheDir>/data-store.json`): an entry whose render key (`src/lib/render-key.ts`) is
 * unchanged keeps its HTML, so a rebuild renders only the documents that changed. The HTML itself is in
 * a file named by its digest (`article-files.ts`), not in the store, which Astro bundles into every build.
 * In `astro dev` the entries hold no HTML: a page renders its article when it is asked for (`lazy-articles.ts`), except
 * for documents with local pictures, whose entries are rendered here (only Astro's store imports their pictures).
 */
export function wikiDocsLoader(): Loader {
  return {
    name: 'maru-wiki-docs',
    load: async (context) => {
      const source = wikiSourceOf(context.config);
      // The article files read back or written by this process: a dev server's later saves do not check them again.
      const kept: Kept = { checked: new Set(), textDigests: new WeakMap(), seen: new Map() };
      // One load at a time, in the order asked: the first one turns the event loop between documents, so a save made
      // during a cold start is stored after it rather than interleaved with it (and then overwritten by older entries).
      let queue = Promise.resolve();
      const load = (snapshot: WikiSnapshot, into: () => Pick<LoaderContext, 'store' | 'meta'> = () => context, then = () => {}) => {
        const done = queue.then(async () => {
          await loadDocs({ ...context, ...into() }, snapshot, kept);
          then();
        });
        queue = done.catch(() => {});
        return done;
      };
      if (!context.watcher) return load(source());
      await devLoads(context, source, load, kept);
    },
  };
}

/**
 * `astro dev`: the first load stores into Astro's store (kept on disk, so the next start stores only what changed since),
 * each save's into memory (`memoryStores`); after each, the pages are given the result (`publishDevPages`). The articles
 * are rendered when a page asks for one (`lazyArticles`, published for the pages by `publishDevArticles`).
 */
async function devLoads(
  context: LoaderContext,
  source: WikiSource,
  load: (snapshot: WikiSnapshot, into?: () => Pick<LoaderContext, 'store' | 'meta'>, then?: () => void) => Promise<void>,
  kept: Kept,
): Promise<void> {
  let memory: ReturnType<typeof memoryStores> | undefined;
  // Made when the save's turn comes, so it starts from everything the first load stored.
  const inMemory = () => (memory ??= memoryStores(context.store, context.meta));
  const run = (snapshot: WikiSnapshot) => load(snapshot, inMemory, () => publishDevPages(snapshot.catalog, inMemory().entries));
  const first = source({ onChange: { loader: 'docs', run } });
  publishDevArticles(lazyArticles(context, source, kept.textDigests, kept.checked));
  await load(first, undefined, () => publishDevPages(first.catalog, new Map(context.store.entries())));
}

/** The `wiki` collection: one entry (`catalog`) with the projects, categories and tags pages list. */
export function wikiCatalogLoader(): Loader {
  return {
    name: 'maru-wiki-catalog',
    load: async (context) => {
      // Loaded once: in `astro dev` the pages read each save's catalog from the integration (`dev-pages.ts`).
      loadCatalog(context, wikiSourceOf(context.config)());
    },
  };
}

/**
 * What the docs loader keeps from one load to the next in a dev server: the article files it checked, each parsed
 * document's text digest (a save hands the unchanged documents back as the same objects), so a save hashes the text of
 * the documents it changed, not of all (render keys hold the digest, not the text), and the document and catalog row
 * each entry was stored from: an entry whose two are the same objects again is left as it is.
 */
interface Kept {
  checked: Set<string>;
  textDigests: WeakMap<WikiDocument['source'], string>;
  seen: Map<string, { doc: WikiDocument; data: CatalogEntry }>;
}

async function loadDocs(ctx: LoaderContext, snapshot: WikiSnapshot, { checked, textDigests, seen }: Kept): Promise<void> {
  const { store, meta, config, logger } = ctx;
  // Astro declares these as methods; calling them through the context keeps `this` whatever they become.
  const generateDigest = (data: string) => ctx.generateDigest(data);
  const { root, wiki, catalog, texts, code, lang } = snapshot;
  const rowOf = new Map(catalog.documents.map((d) => [d.id, d]));
  // What a dialect draws from the frontmatter (a home page's hero) follows the file's text, as it follows the body the parse read.
  const textOf = (doc: WikiDocument) => renderedText(texts, doc);
  const textDigestOf = (doc: WikiDocument) => {
    let digest = textDigests.get(doc.source);
    if (digest === undefined) textDigests.set(doc.source, (digest = generateDigest(textOf(doc))));
    return digest;
  };
  const keyOf = renderKeyOf(wiki, textDigestOf, { lang, code }, generateDigest);
  // `maru dev` renders an article when its page asks (`lazy-articles.ts`); documents with local pictures are rendered here.
  const lazy = Boolean(ctx.watcher);
  const rendersHere = (doc: WikiDocument) => !lazy || hasLocalPictures(doc);
  const keys = new Map<string, string>(wiki.documents.flatMap((doc) => (rendersHere(doc) ? [[doc.source.id, keyOf(doc)] as const] : [])));
  const projectRoot = fileURLToPath(config.root);
  const keep = new Set<string>();
  // After the first load of a dev server, the entries stored are those it has seen: no walk of the whole store per save.
  const save = lazy && seen.size > 0;
  const stored = save ? [...seen.keys()] : store.keys();
  const articles = articleFiles(undefined, checked);
  let rendered = 0;
  let lazyStored = 0;
  // A document whose stored HTML was rendered under another key (or never): the loop renders it, the pool ahead of it.
  const renderedUnderOtherKey = (id: string) => meta.get(`render:${id}`) !== keys.get(id);
  const ahead = renderAhead(ctx, snapshot, (doc) => renderedUnderOtherKey(doc.source.id), textOf);
  for (const doc of wiki.documents) {
    const id = doc.source.id;
    const data = rowOf.get(id)!;
    keep.add(id);
    const full = resolve(root, doc.source.sourcePath);
    const entry = {
      id,
      data,
      // The pages read `body` only to know whether to load Mermaid (hasDiagram); the Markdown of all other
      // documents would be a third of Astro's data store, serialised and loaded again by every build for nothing.
      ...(hasDiagram(doc.source.body) ? { body: doc.source.body } : {}),
      filePath: relative(projectRoot, full),
    };
    if (!rendersHere(doc)) {
      // A save hands back the documents and rows it did not change as the same objects: their entries stay as they are.
      const was = seen.get(id);
      if (was?.doc === doc && was.data === data && store.has(id)) continue;
      seen.set(id, { doc, data });
      // Its article is rendered when its page asks; an entry without HTML is what tells the page so.
      const digest = generateDigest(`lazy\n${JSON.stringify(entry)}`);
      const old = store.get(id);
      if (old?.digest !== digest) {
        // An entry with pictures is also in Astro's store (`memoryStores`): one whose pictures are gone leaves it.
        if (old?.rendered) store.delete(id);
        store.set({ ...entry, digest });
        meta.delete(`render:${id}`);
        lazyStored++;
      }
      continue;
    }
    seen.set(id, { doc, data });
    const renderKey = keys.get(id)!;
    // The row holds backlinks and relations, which change without the article changing: a new row
    // alone updates the entry's data and keeps its HTML.
    const digest = generateDigest(`${renderKey}\n${JSON.stringify(data)}`);
    const old = store.get(id);
    // An article file someone deleted is rendered again; one the cache folder holds under another path is pointed at anew.
    const file = old?.rendered?.metadata?.articleFile;
    const found = typeof file === 'string' ? articles.find(file) : undefined;
    if (old?.digest === digest && found === file) continue;
    let html = renderedUnderOtherKey(id) ? undefined : old?.rendered;
    if (html && typeof file === 'string') html = found ? keptInFile(found) : undefined;
    if (!html) {
      html = await renderNamingFile(ctx, textOf(doc), full, ahead);
      // Articles with local images stay in the store: render(entry) rewrites their image references.
      if (!html.metadata?.imagePaths?.length) html = keptInFile(articles.write(html.html));
      meta.set(`render:${id}`, renderKey);
      rendered++;
      // Astro renders with promises alone: without a turn of the event loop between documents, a cold `maru dev` start
      // of thousands held it for minutes, a module request of Astro's dev server timed out meanwhile (60 s), and the
      // server then answered no page at all (its request handler had failed for good).
      await new Promise((resolve) => setImmediate(resolve));
    }
    // Astro ignores a set with an unchanged digest: the entry of a moved article is replaced, not updated.
    if (old?.digest === digest) store.delete(id);
    store.set({ ...entry, digest, rendered: html, ...(html.metadata?.imagePaths ? { assetImports: html.metadata.imagePaths } : {}) });
  }
  for (const id of stored) {
    if (keep.has(id)) continue;
    seen.delete(id);
    store.delete(id);
    meta.delete(`render:${id}`);
  }
  await ahead?.close();
  snapshot.rendered();
  // A save's load uses few article files: the others are left for the next start to weigh (not a stat of each per save).
  if (!save) articles.prune();
  const threads = ahead && ahead.counts.workers > 0 ? `; ${ahead.counts.workers} of them on worker threads` : '';
  if (lazy) logger.info(`rendered ${rendered} documents with local pictures; ${lazyStored} others render when their page is asked for`);
  else logger.info(`rendered ${rendered} of ${wiki.documents.length} documents (the others are unchanged since the last build${threads})`);
}

/**
 * `astro build`: starts rendering the documents `changed` picks (their render key is not the stored one) on worker
 * threads and this one (`startRenderPool`), in the order the loop asks for them. `maru dev` renders one by one.
 */
function renderAhead(
  ctx: LoaderContext,
  { root, wiki, lang }: WikiSnapshot,
  changed: (doc: WikiDocument) => boolean,
  textOf: (doc: WikiDocument) => string,
): RenderPool | undefined {
  if (ctx.watcher) return undefined;
  const docs = wiki.documents.filter(changed).map((doc) => ({ path: resolve(root, doc.source.sourcePath), text: textOf(doc) }));
  const here: RenderHere = (text, fileURL) => ctx.renderMarkdown(text, { fileURL });
  return startRenderPool(ctx.config, { root, lang }, docs, here, { threads: buildThreads() });
}

/**
 * The rendered entry of an article kept in a file: only the file's path. The page reads nothing else of the metadata
 * (headings and frontmatter are in `data`), and Astro serialises, bundles and loads its whole store on every build (at
 * 10,000 documents the renderer's headings and frontmatter were 8.9 of its 31.7 MB).
 */
function keptInFile(articleFile: string): { html: string; metadata: { articleFile: string } } {
  return { html: '', metadata: { articleFile } };
}

function loadCatalog({ store }: LoaderContext, { catalog }: WikiSnapshot): void {
  const { documents, ...summary } = catalog;
  const data: CatalogMeta = { ...summary, ids: documents.map((d) => d.id) };
  store.clear();
  store.set({ id: CATALOG_ENTRY_ID, data });
}

/**
 * Whether a change at `path` may change the wiki under `root`: any file in it, not only Markdown (an included code file,
 * a shared folder's `includes/`, a picture a page checks), but nothing in `.git` or `node_modules`.
 */
export function reloadsOn(root: string, path: string): boolean {
  const parts = relative(root, path).split(/[\\/]/);
  return parts[0] !== '..' && parts[0] !== '' && !parts.some((p) => p === '.git' || p === 'node_modules');
}

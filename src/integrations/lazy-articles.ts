import type { LoaderContext } from 'astro/loaders';
import { readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { withDrawnMarkdown } from '../lib/wiki/document.ts';
import type { Wiki, WikiDocument } from '../lib/wiki/pipeline.ts';
import { renderKeyOf } from '../lib/wiki/render-key.ts';
import { articleFiles, articleIndex } from './article-files.ts';
import type { DevArticles } from './dev-articles.ts';
import type { RenderPool } from '../node/parallel-render.ts';
import type { WikiSnapshot, WikiSource } from './wiki-handoff.ts';

/** What a document's article is rendered from: the file's text as collected, with what a dialect drew from its frontmatter. */
export function renderedText(texts: WikiSnapshot['texts'], doc: WikiDocument): string {
  return withDrawnMarkdown(texts.get(doc.source.sourcePath) ?? '', doc.source.drawnMarkdown);
}

/** Whether a document refers to local pictures: Astro's store must import them for its page (`render(entry)`). */
export function hasLocalPictures(doc: WikiDocument): boolean {
  return doc.source.markdown.images.length > 0;
}

/**
 * `maru dev`'s articles, rendered when a page asks (`DevArticles`): the document as the integration's wiki now reads
 * (`source()`, the wiki the site's plugins resolve links against), keyed by its render key (`renderKeyOf`), kept in the
 * article files (`articleIndex`: a restart renders only what changed), rendered once however many requests ask at once.
 * Documents with local pictures are not rendered here: their entries hold their HTML (see `wiki-loader.ts`).
 */
export function lazyArticles(
  ctx: Pick<LoaderContext, 'renderMarkdown' | 'generateDigest' | 'logger'>,
  source: WikiSource,
  textDigests: WeakMap<WikiDocument['source'], string>,
  checked: Set<string>,
): DevArticles {
  const files = articleFiles(undefined, checked);
  const index = articleIndex(files);
  index.prune();
  const generateDigest = (data: string) => ctx.generateDigest(data);
  // Per wiki (each save makes one): its documents by id, the key function, and the keys asked so far.
  const perWiki = new WeakMap<Wiki, { byId: Map<string, WikiDocument>; keyOf: (doc: WikiDocument) => string; keys: Map<string, string> }>();
  const rendering = new Map<string, Promise<string>>();
  const render = async (snapshot: WikiSnapshot, doc: WikiDocument, key: string): Promise<string> => {
    const full = resolve(snapshot.root, doc.source.sourcePath);
    let rendered;
    try {
      rendered = await renderNamingFile(ctx, renderedText(snapshot.texts, doc), full);
    } catch (error) {
      ctx.logger.error(error instanceof Error ? error.message : String(error));
      throw error;
    }
    // Kept under its key only if the wiki did not change while it rendered: the plugins read the wiki of the moment.
    const file = files.write(rendered.html);
    if (source().wiki === snapshot.wiki) index.set(key, file);
    return rendered.html;
  };
  return {
    html: async (id) => {
      const snapshot = source();
      const { wiki, texts } = snapshot;
      let known = perWiki.get(wiki);
      if (!known) {
        const textDigestOf = (doc: WikiDocument) => {
          let digest = textDigests.get(doc.source);
          if (digest === undefined) textDigests.set(doc.source, (digest = generateDigest(renderedText(texts, doc))));
          return digest;
        };
        known = {
          byId: new Map(wiki.documents.map((d) => [d.source.id, d])),
          keyOf: renderKeyOf(wiki, textDigestOf, { lang: snapshot.lang, code: snapshot.code }, generateDigest),
          keys: new Map(),
        };
        perWiki.set(wiki, known);
      }
      const doc = known.byId.get(id);
      // A page of a document the wiki no longer has: the open tabs are about to reload to the version without it.
      if (!doc) return '';
      if (hasLocalPictures(doc)) return undefined;
      let key = known.keys.get(id);
      if (key === undefined) known.keys.set(id, (key = known.keyOf(doc)));
      const file = index.get(key);
      if (file) return readFileSync(file, 'utf8');
      let html = rendering.get(key);
      if (!html) {
        html = render(snapshot, doc, key);
        rendering.set(key, html);
        const done = () => void rendering.delete(key);
        html.then(done, done);
      }
      return html;
    },
  };
}

/** Renders one document (or takes it from `ahead`); a failure (a stack overflow on Markdown nested past what the parse step caught) names the file. */
export async function renderNamingFile(
  ctx: Pick<LoaderContext, 'renderMarkdown'>,
  text: string,
  full: string,
  ahead?: RenderPool,
): ReturnType<LoaderContext['renderMarkdown']> {
  try {
    return await (ahead?.take(full) ?? ctx.renderMarkdown(text, { fileURL: pathToFileURL(full) }));
  } catch (error) {
    const shown = relative(process.cwd(), full);
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`${shown.startsWith('..') ? full : shown}: 문서를 HTML로 바꾸지 못했습니다 (${reason})`, { cause: error });
  }
}

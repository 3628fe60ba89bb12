/**
 * `maru dev` renders a document's article when a page asks for it, not every article before the first page: the docs
 * loader stores the entries without HTML (`wiki-loader.ts`) and puts here the function that renders one (`lazy-articles.ts`),
 * on the global object the integration and the pages share (as `dev-pages.ts` does). `astro build` never publishes it:
 * its loader renders every article, and the pages read the article files.
 */
export interface DevArticles {
  /**
   * The article HTML of the document `id` as the wiki now reads, rendered now unless an article rendered under the same
   * render key is kept; undefined when the document is not one this renders (its entry holds its HTML), empty when the
   * wiki no longer has it (a page asked for just before the pages reload to the new version). A render failure rejects
   * with an error naming the file.
   */
  html: (id: string) => Promise<string | undefined>;
}

const KEY = Symbol.for('maru:dev-articles');

type Holder = { [KEY]?: DevArticles };

export function publishDevArticles(articles: DevArticles | undefined): void {
  if (articles) (globalThis as Holder)[KEY] = articles;
  else delete (globalThis as Holder)[KEY];
}

/** The article of `id` in `astro dev` (see `DevArticles.html`); undefined in a build. */
export async function devArticleHtml(id: string): Promise<string | undefined> {
  return (globalThis as Holder)[KEY]?.html(id);
}

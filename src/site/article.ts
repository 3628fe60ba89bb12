import { readFileSync } from 'node:fs';
import type { CollectionEntry } from 'astro:content';

// `maru dev` renders an article when its page asks (the entry then holds no HTML); undefined in a build.
export { devArticleHtml } from '../integrations/dev-articles.ts';

/**
 * The rendered HTML of a document page's article when the content loader kept it outside Astro's data
 * store (`src/integrations/article-files.ts`), else undefined: the page then renders the entry itself
 * (`render(entry)`, e.g. for articles with local images, whose references Astro rewrites).
 */
export function articleHtml(entry: CollectionEntry<'docs'>): string | undefined {
  const file = entry.rendered?.metadata?.articleFile;
  return typeof file === 'string' ? readFileSync(file, 'utf8') : undefined;
}

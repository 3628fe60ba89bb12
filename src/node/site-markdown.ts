import { dirname, join, relative, resolve } from 'node:path';
import type { unified } from '@astrojs/markdown-remark';
import { toContentPath } from '../lib/wiki/slug.ts';
import { relativeTo } from '../lib/wiki/attachments.ts';
import { encodePath } from '../lib/wiki/url.ts';
import rehypeMissingImages from '../markdown/rehype-missing-images.ts';
import rehypeRawImages from '../markdown/rehype-raw-images.ts';
import rehypePlainRawCode from '../markdown/rehype-plain-raw-code.ts';
import rehypeCallouts from '../markdown/rehype-callouts.ts';
import rehypeMath from '../markdown/rehype-math.ts';
import rehypeSanitizeContent from '../markdown/rehype-sanitize-content.ts';
import rehypeCodeBlocks from '../markdown/rehype-code-blocks.ts';
import rehypeScrollTables from '../markdown/rehype-scroll-tables.ts';
import shikiNoTimeLimit from '../markdown/shiki-no-time-limit.ts';
import { contentImageStatus } from './image-files.ts';

/** The site's Shiki transformers (`markdown.shikiConfig.transformers` in `astro.config.mjs`, and the render workers'). */
export function siteShikiTransformers() {
  return [shikiNoTimeLimit()];
}

type RehypePlugins = NonNullable<NonNullable<Parameters<typeof unified>[0]>['rehypePlugins']>;

/** How the site's Markdown plugins see the content folder `root`: a file's content path, its pictures, site-absolute paths. */
export function contentFiles(root: string) {
  return {
    // "Exists" for the placeholder plugins means a picture Astro can read: a broken one would stop the whole build.
    imageExists: (src: string, file: { path?: string }) =>
      contentImageStatus(root, relative(root, src.startsWith('/') ? join(root, src) : resolve(dirname(file.path ?? root), src))) === 'ok',
    contentPathOf: (file: { path?: string }) => toContentPath(relative(root, file.path ?? '')),
    // `/images/a.png` (from the content root) as Astro's image pipeline needs it: relative to the Markdown file.
    fromFile: (path: string, file: { path?: string }) => encodePath(relativeTo(toContentPath(relative(root, file.path ?? '')), path.replace(/^\/+/, ''))),
  };
}

/**
 * The site's rehype plugins, which run after Astro's Shiki step. They read the file and the content folder only, never
 * the rest of the wiki, so a render worker (`render-worker.ts`) builds the same list as the content loader's thread.
 */
export function siteRehypePlugins(root: string, lang: string): RehypePlugins {
  const { imageExists, fromFile } = contentFiles(root);
  return [
    // The sanitizer comes first: it sees all raw HTML of the content; the plugins after it are Maru's own.
    rehypeSanitizeContent,
    // Formulas as MathML within the page's budget (`src/lib/markdown/formulas.ts`: KaTeX's options and limits).
    rehypeMath,
    [rehypeMissingImages, { exists: imageExists }],
    [rehypeRawImages, { exists: imageExists, fromFile }],
    rehypePlainRawCode,
    [
      rehypeCallouts,
      {
        titles: lang === 'en' ? { note: 'Note', tip: 'Tip', important: 'Important', warning: 'Warning', caution: 'Caution', embed: 'Embedded document' } : {},
      },
    ],
    // Presentation only, and last: keep these two after any sanitizer (they add elements and classes a sanitizer would strip).
    rehypeCodeBlocks,
    [rehypeScrollTables, { label: lang === 'en' ? 'Table' : '표' }],
  ];
}

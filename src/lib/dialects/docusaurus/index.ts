import type { Dialect } from '../types.ts';
import { CATEGORY_FILE, categoryFiles } from './category-files.ts';
import { numberValue } from '../values.ts';
import remarkMdxCallouts from './remark-mdx-callouts.ts';
import remarkMdxComments, { stripMdxCommentText } from './remark-mdx-comments.ts';
import remarkMdxImports from './remark-mdx-imports.ts';

/**
 * The docs folder's route (`routeBasePath`: `/docs/guides/setup`) and a translation's language before it
 * (`/ko/docs/intro`; Wiki.js puts its language first too: `/en/guides/setup`). The languages are the common ones, so a
 * folder name that only looks like a language code (`/js/`) never moves a link.
 */
const ROUTE_PREFIX =
  /^(?:(?:en|ko|ja|zh|de|fr|es|pt|ru|it|nl|vi|id|th|tr|pl|uk|ar|hi|sv|fi|da|nb|no|cs|he|fa|ms|zh-cn|zh-tw|zh-hans|zh-hant|pt-br|en-us|en-gb|ko-kr|ja-jp|es-es|fr-fr|de-de)\/)?(?:docs(?:\/|$))?/i;

export const docusaurus: Dialect = {
  name: 'docusaurus',
  label: 'Docusaurus',
  parsePlugins: (options) => [
    // MDX callout components as callouts, before the HTML plugin drops the other components.
    { rank: 600, plugin: [remarkMdxCallouts, { detailsTitle: options.deepDiveTitle ?? '자세히 살펴보기' }] },
    { rank: 620, plugin: remarkMdxComments },
    { rank: 630, plugin: remarkMdxImports },
  ],
  frontmatter: {
    order: { rank: 10, read: (data) => numberValue(data.sidebar_position) },
    modified: {
      rank: 40,
      read: ({ data, read }) => {
        const lastUpdate = data.last_update;
        return typeof lastUpdate === 'object' && lastUpdate !== null ? read('last_update', (lastUpdate as { date?: unknown }).date) : undefined;
      },
    },
  },
  sourceText: stripMdxCommentText,
  folderFiles: { file: CATEGORY_FILE, read: categoryFiles },
  links: {
    routePrefix: ROUTE_PREFIX,
    // `slug`: one without a leading `/` is read from the page's folder.
    publishedAt: (page) => [{ value: page.extra.slug, relative: true }],
  },
};

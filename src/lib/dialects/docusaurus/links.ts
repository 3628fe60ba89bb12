import type { LinkRewrites } from '../types.ts';

/**
 * The docs folder's route (`routeBasePath`: `/docs/guides/setup`) and a translation's language before it
 * (`/ko/docs/intro`; Wiki.js puts its language first too: `/en/guides/setup`). The languages are the common ones, so a
 * folder name that only looks like a language code (`/js/`) never moves a link.
 */
const ROUTE_PREFIX =
  /^(?:(?:en|ko|ja|zh|de|fr|es|pt|ru|it|nl|vi|id|th|tr|pl|uk|ar|hi|sv|fi|da|nb|no|cs|he|fa|ms|zh-cn|zh-tw|zh-hans|zh-hant|pt-br|en-us|en-gb|ko-kr|ja-jp|es-es|fr-fr|de-de)\/)?(?:docs(?:\/|$))?/i;

/** Docusaurus's links: its routes, and a page's `slug` (one without a leading `/` is read from the page's folder). */
export const docusaurusLinks: LinkRewrites = {
  routePrefix: ROUTE_PREFIX,
  publishedAt: (page) => [{ value: page.extra.slug, relative: true }],
};

import type { LinkRewrites } from '../types.ts';

/** Jekyll's links: the addresses a page was published at, `permalink` and `redirect_from`. */
export const jekyllLinks: LinkRewrites = {
  publishedAt: (page) => [
    { value: page.extra.permalink, relative: false },
    { value: page.extra.redirect_from, relative: false },
  ],
};

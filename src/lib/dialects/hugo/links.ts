import type { LinkRewrites } from '../types.ts';

/** Hugo's links: a page's `url`, and the `aliases` that are paths (`/old/page/`; Maru reads the others as search names). */
export const hugoLinks: LinkRewrites = {
  publishedAt: (page) => [
    { value: page.extra.url, relative: false },
    { value: page.aliases.filter((a) => a.startsWith('/')), relative: false },
  ],
};

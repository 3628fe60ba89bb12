import type { Dialect } from '../types.ts';
import { numberValue } from '../values.ts';

export const hugo: Dialect = {
  name: 'hugo',
  label: 'Hugo',
  links: {
    // `url`, and the `aliases` that are paths (`/old/page/`; Maru reads the others as search names).
    publishedAt: (page) => [
      { value: page.extra.url, relative: false },
      { value: page.aliases.filter((a) => a.startsWith('/')), relative: false },
    ],
  },
  frontmatter: {
    order: { rank: 30, read: (data) => numberValue(data.weight) },
    // Docusaurus writes the same.
    draft: (data) => data.draft === true,
    modified: { rank: 20, read: ({ data, read }) => read('lastmod', data.lastmod) },
  },
};

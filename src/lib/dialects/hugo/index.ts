import type { Dialect } from '../types.ts';
import { hugoLinks } from './links.ts';
import { numberValue } from '../values.ts';

export const hugo: Dialect = {
  name: 'hugo',
  label: 'Hugo',
  links: hugoLinks,
  frontmatter: {
    order: { rank: 30, read: (data) => numberValue(data.weight) },
    // Docusaurus writes the same.
    draft: (data) => data.draft === true,
    modified: { rank: 20, read: ({ data, read }) => read('lastmod', data.lastmod) },
  },
};

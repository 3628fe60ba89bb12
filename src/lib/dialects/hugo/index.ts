import type { Dialect } from '../types.ts';
import { hugoLinks } from './links.ts';
import { hugoText } from './text.ts';
import { tomlFrontmatter } from './toml-frontmatter.ts';
import { numberValue } from '../values.ts';

export const hugo: Dialect = {
  name: 'hugo',
  label: 'Hugo',
  links: hugoLinks,
  text: hugoText,
  frontmatterFormat: tomlFrontmatter,
  frontmatter: {
    order: { rank: 30, read: (data) => numberValue(data.weight) },
    // Docusaurus writes the same.
    draft: (data) => data.draft === true,
    modified: { rank: 20, read: ({ data, read }) => read('lastmod', data.lastmod) },
  },
};

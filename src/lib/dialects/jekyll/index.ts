import remarkRawBlocks from '../../markdown/remark-raw-blocks.ts';
import { dateValue } from '../../wiki/frontmatter.ts';
import type { Dialect } from '../types.ts';
import { numberValue } from '../values.ts';
import { jekyllLinks } from './links.ts';
import remarkTemplateTags from './remark-template-tags.ts';

/** A post's date in its file name (`_posts/2023-05-01-title.md`). */
const POST_DATE = /(?:^|\/)_posts\/(?:.*\/)?(\d{4}-\d{2}-\d{2})-[^/]*$/;

export const jekyll: Dialect = {
  name: 'jekyll',
  label: 'Jekyll',
  parsePlugins: (options) => [
    // Blocks whose lines are code (`{% highlight %}`, `::: mermaid`): no other plugin may read those lines.
    { rank: 100, plugin: remarkRawBlocks },
    // Liquid `{% … %}` (Jekyll, GitBook) and Hugo `{{< … >}}` tag lines, before the html and container plugins read those paragraphs.
    { rank: 400, plugin: [remarkTemplateTags, { detailsTitle: options.detailsTitle ?? '자세히' }] },
  ],
  links: jekyllLinks,
  frontmatter: {
    // Just the Docs' `nav_order`.
    order: { rank: 20, read: (data) => numberValue(data.nav_order) },
    // `published: false` keeps a page out of the site.
    draft: (data) => data.published === false,
    // `date` (Hugo writes it too), else a post's file name.
    written: { rank: 20, read: ({ data, path, read }) => read('date', data.date) ?? dateValue(POST_DATE.exec(path)?.[1]) },
    modified: { rank: 30, read: ({ data, read }) => read('last_modified_at', data.last_modified_at) },
  },
};

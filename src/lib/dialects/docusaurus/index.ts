import type { Dialect } from '../types.ts';
import { CATEGORY_FILE, categoryFiles } from './category-files.ts';
import { qualifyFolderIds } from './folder-ids.ts';
import { docusaurusLinks } from './links.ts';
import { numberValue } from '../values.ts';
import remarkMdxCallouts from './remark-mdx-callouts.ts';
import remarkMdxComments, { stripMdxCommentText } from './remark-mdx-comments.ts';
import remarkMdxImports from './remark-mdx-imports.ts';

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
  links: docusaurusLinks,
  // An id read within its folder: the same plain id in many folders takes each file's folder (after Notion's ids are shortened).
  ids: { rank: 200, pass: qualifyFolderIds },
};

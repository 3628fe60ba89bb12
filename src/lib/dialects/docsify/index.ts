import type { Dialect } from '../types.ts';
import { bookOrder } from '../gitbook/book-summary.ts';
import remarkDocsifyHints from './remark-docsify-hints.ts';

export const docsify: Dialect = {
  name: 'docsify',
  label: 'Docsify',
  parsePlugins: () => [{ rank: 720, plugin: remarkDocsifyHints }],
  folders: {
    // Lower-case `_sidebar.md` at the root (a GitHub wiki's `_Sidebar.md` is capitalised, and its home page is `Home.md`):
    // the README.md is the home page, as a book's is, and the sidebar lists the reading order.
    tableOfContents: { file: /^_sidebar\.md$/, order: bookOrder, tools: 'Docsify' },
  },
};

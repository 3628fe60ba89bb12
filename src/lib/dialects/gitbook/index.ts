import type { Dialect } from '../types.ts';
import { bookOrder } from './book-summary.ts';

export const gitbook: Dialect = {
  name: 'gitbook',
  label: 'GitBook (and mdBook)',
  folders: {
    // Pictures and files a space keeps in `.gitbook/assets`.
    assetDirs: ['.gitbook'],
    bookMarkers: ['.gitbook.yaml'],
    tableOfContents: { file: /^summary\.md$/i, order: bookOrder, tools: 'GitBook·mdBook' },
  },
};

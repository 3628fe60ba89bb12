import type { Dialect } from '../types.ts';
import remarkWikijsCallouts from './remark-wikijs-callouts.ts';

/** True when the page carries `dateCreated`: `date` is then its last edit, not when it was written. */
const hasCreated = (data: Readonly<Record<string, unknown>>): boolean => data.dateCreated !== undefined && data.dateCreated !== null;

export const wikijs: Dialect = {
  name: 'wikijs',
  label: 'Wiki.js',
  parsePlugins: () => [{ rank: 730, plugin: remarkWikijsCallouts }],
  frontmatter: {
    // With `dateCreated` the page's written date is that field alone: `date` is no fallback for it.
    written: { rank: 10, read: ({ data, read }) => (hasCreated(data) ? (read('dateCreated', data.dateCreated) ?? null) : undefined) },
    modified: { rank: 10, read: ({ data, read }) => (hasCreated(data) ? read('date', data.date) : undefined) },
  },
};

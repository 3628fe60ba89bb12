import type { Dialect } from '../types.ts';
import remarkDocsifyHints from './remark-docsify-hints.ts';

export const docsify: Dialect = {
  name: 'docsify',
  label: 'Docsify',
  parsePlugins: () => [{ rank: 720, plugin: remarkDocsifyHints }],
};

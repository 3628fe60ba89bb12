import type { Dialect } from '../types.ts';
import remarkMkdocsBlocks from './remark-mkdocs-blocks.ts';

export const mkdocs: Dialect = {
  name: 'mkdocs',
  label: 'MkDocs',
  // Before the plugins that read what blocks hold: a block's body is parsed here, from what was indented code.
  parsePlugins: () => [{ rank: 300, plugin: remarkMkdocsBlocks }],
};

/**
 * The search index artifact (`_wiki/search-index.json`), in three parts: its schema (`index-schema.ts`),
 * building it (`index-build.ts`) and loading it (`index-load.ts`). Re-exported here for existing importers.
 */
export * from './index-schema.ts';
export * from './index-build.ts';
export * from './index-load.ts';

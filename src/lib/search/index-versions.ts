// The versions of the search's files, apart from their schemas (index-schema.ts) so that the browser's loader
// (split-load.ts) checks them without loading zod.

/** Version of the `search-index.json` envelope layout. */
export const INDEX_ENVELOPE_VERSION = 5;

/** Version of the site's split index (`_wiki/search/base.json`, its term shards and document chunks). */
export const SPLIT_INDEX_VERSION = 4;

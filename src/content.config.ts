import { defineCollection } from 'astro:content';
import { CatalogEntrySchema, CatalogSchema } from './lib/artifacts/schema.ts';
import * as z from 'zod';
import { wikiCatalogLoader, wikiDocsLoader } from './integrations/wiki-loader.ts';

/**
 * The pages read the wiki the maru integration parsed, through these two loaders: no second walk of the
 * content folder, no second id rule or file filter. The loaders store data without `parseData`: it is
 * the catalog the artifacts hold, already validated; the schemas give the entries their types.
 */
const docs = defineCollection({ loader: wikiDocsLoader(), schema: CatalogEntrySchema });

/** One entry, `catalog`: projects, categories, tags and the documents' order. */
const wiki = defineCollection({ loader: wikiCatalogLoader(), schema: CatalogSchema.omit({ documents: true }).extend({ ids: z.array(z.string()) }) });

export const collections = { docs, wiki };

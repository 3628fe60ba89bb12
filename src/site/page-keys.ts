import type { CollectionEntry } from 'astro:content';
import { sha256 } from '../node/hash.ts';
import { hasDiagram, uiContext } from '../lib/ui/page-data.ts';
import { pageKeys, type PageKeys } from '../lib/ui/page-keys.ts';
import { getSiteData } from './wiki.ts';

/** The `cacheKey`s of this build's pages (src/lib/ui/page-keys.ts), for `getStaticPaths`. */
export interface SitePageKeys extends Omit<PageKeys, 'doc'> {
  /** The key of a document's page, from its entry in the `docs` collection. */
  doc: (entry: CollectionEntry<'docs'>) => string;
}

/**
 * `astro dev` renders each page it is asked for and reads no key (only `astro build` copies pages by key), while every
 * request runs `getStaticPaths`: real keys there would digest every page of the wiki per request (0.85 s at 10,000
 * documents). One constant stands for them.
 */
const DEV_KEYS: SitePageKeys = { doc: () => 'dev', listing: () => 'dev', nav: () => 'dev' };

/** Page keys over the same catalog, config and base path the pages render with. */
export async function getPageKeys(base: string): Promise<SitePageKeys> {
  if (import.meta.env.DEV) return DEV_KEYS;
  const site = await getSiteData();
  const keys = pageKeys(uiContext(site, base), sha256);
  return {
    ...keys,
    doc: (entry) => keys.doc(site.byId.get(entry.id)!, { rendered: entry.rendered ?? null, diagram: hasDiagram(entry.body) }),
  };
}

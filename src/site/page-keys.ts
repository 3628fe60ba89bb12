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

/** Page keys over the same catalog, config and base path the pages render with. */
export async function getPageKeys(base: string): Promise<SitePageKeys> {
  const site = await getSiteData();
  const keys = pageKeys(uiContext(site, base), sha256);
  return {
    ...keys,
    doc: (entry) => keys.doc(site.byId.get(entry.id)!, { rendered: entry.rendered ?? null, diagram: hasDiagram(entry.body) }),
  };
}

import { getCollection, getEntry, type CollectionEntry } from 'astro:content';
import type { Catalog, CatalogEntry } from '../lib/artifacts/schema.ts';
import type { SiteConfig } from '../lib/wiki/config.ts';
import { CATALOG_ENTRY_ID } from '../integrations/wiki-handoff.ts';
import { devPages } from '../integrations/dev-pages.ts';

export { DEV_VERSION_FILE } from '../integrations/dev-pages.ts';

declare const __MARU_SITE_CONFIG__: SiteConfig;

/** What every page may read: the catalog exactly as `_wiki/catalog.json` holds it, and the config. */
export interface SiteData {
  catalog: Catalog;
  byId: ReadonlyMap<string, CatalogEntry>;
  config: SiteConfig;
}

let cached: Promise<SiteData> | undefined;

/**
 * The catalog from the content layer (the build's one parse, see `src/content.config.ts`), once per build. In `astro dev`,
 * the wiki as the integration last updated it (`src/integrations/dev-pages.ts`): a save changes no data store.
 */
export function getSiteData(): Promise<SiteData> {
  if (import.meta.env.DEV) {
    const pages = devPages();
    if (pages) return Promise.resolve({ catalog: pages.catalog, byId: pages.byId, config: __MARU_SITE_CONFIG__ });
  }
  if (cached && !import.meta.env.DEV) return cached;
  return (cached = load());
}

/** The `docs` collection, from the same version of the wiki as `getSiteData`. */
export function getDocs(): Promise<CollectionEntry<'docs'>[]> {
  const pages = import.meta.env.DEV ? devPages() : undefined;
  // The entries the docs loader stored (`src/integrations/wiki-loader.ts`), which are the collection's.
  return pages ? Promise.resolve(pages.docs as CollectionEntry<'docs'>[]) : getCollection('docs');
}

/**
 * A document's entry in the version of the wiki the pages read now. In `astro dev`, Astro keeps the props `getStaticPaths`
 * gave until a save changes the site's addresses (`src/integrations/dev-server.ts` `reloadPages`), so the entry it hands
 * a page may be an earlier save's; in a build it is the one there is.
 */
export function currentEntry(entry: CollectionEntry<'docs'>): CollectionEntry<'docs'> {
  const pages = import.meta.env.DEV ? devPages() : undefined;
  return (pages?.docById.get(entry.id) as CollectionEntry<'docs'> | undefined) ?? entry;
}

/** In `astro dev`, the version of the wiki the pages read now (`DevPages.version`); undefined in a build. */
export function devVersion(): number | undefined {
  return import.meta.env.DEV ? devPages()?.version : undefined;
}

async function load(): Promise<SiteData> {
  const [entries, meta] = await Promise.all([getCollection('docs'), getEntry('wiki', CATALOG_ENTRY_ID)]);
  if (!meta) throw new Error(`The wiki collection has no "${CATALOG_ENTRY_ID}" entry: is the maru content loader configured in src/content.config.ts?`);
  const byId = new Map(entries.map((e) => [e.id, e.data]));
  const { ids, ...summary } = meta.data;
  const catalog: Catalog = { ...summary, documents: ids.map((id) => byId.get(id)!) };
  // The team's config as the integration loaded and checked it (src/node/site-config.ts), put into the page bundle as
  // a constant: the bundle needs no collector, parser or config loader, and never reads Maru's own maru.config.ts.
  return { catalog, byId, config: __MARU_SITE_CONFIG__ };
}

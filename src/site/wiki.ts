import type { Catalog, CatalogEntry } from '../lib/artifacts/schema.ts';
import type { SiteConfig } from '../lib/wiki/config.ts';
import { contentRoot } from '../node/collect.ts';
import { artifactsOf, loadWiki, siteConfig } from '../node/wiki-build.ts';

/** What every page may read: the catalog exactly as `_wiki/catalog.json` holds it, and the config. */
export interface SiteData {
  catalog: Catalog;
  byId: Map<string, CatalogEntry>;
  config: SiteConfig;
}

let cached: SiteData | undefined;

/** Loads the wiki once per build (and per dev request batch) and hands pages the catalog. */
export function getSiteData(): SiteData {
  if (cached && !import.meta.env.DEV) return cached;
  const config = siteConfig();
  const root = contentRoot();
  const wiki = loadWiki(root, config);
  const files = artifactsOf(wiki, config, root);
  const catalog = JSON.parse(files.get('_wiki/catalog.json')!) as Catalog;
  cached = { catalog, byId: new Map(catalog.documents.map((d) => [d.id, d])), config };
  return cached;
}

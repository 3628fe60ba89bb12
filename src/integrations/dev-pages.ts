import type { DataStore, MetaStore } from 'astro/loaders';
import type { Catalog, CatalogEntry } from '../lib/artifacts/schema.ts';

/** An entry of Astro's data store (the type Astro does not export by name). */
export type DataEntry = ReturnType<DataStore['values']>[number];

/**
 * What the pages of `astro dev` read instead of Astro's data store: the wiki the maru integration holds, as the docs
 * loader last rendered it. Astro writes its whole store to disk after any change to it, then the next request loads
 * that file again as a module (at 10,000 documents tens of MB, for each save); the integration and the pages run in
 * one Node process in `astro dev`, so a save updates this instead and the store keeps what the server started with.
 * `astro build` never publishes it: the pages read the content layer there.
 */
export interface DevPages {
  catalog: Catalog;
  byId: ReadonlyMap<string, CatalogEntry>;
  /** The `docs` collection's entries, in the catalog's order, shaped as `getCollection('docs')` returns them. */
  docs: readonly DevDocEntry[];
  /** The same entries by id: a page reads its document's entry of this version here (`src/site/wiki.ts` `currentEntry`). */
  docById: ReadonlyMap<string, DevDocEntry>;
  /** Counts the versions published: a page says which one it shows, and reloads when the server has a newer one. */
  version: number;
  /**
   * The version that last changed the site's addresses (a document, project, category or tag added or removed): until
   * one does, the pages' `getStaticPaths` would answer what Astro already holds (`reloadPages`).
   */
  addresses: number;
}

/** Where a page of `astro dev` asks which version of the wiki the server shows (`DevPages.version`), under the base. */
export const DEV_VERSION_FILE = '_maru/dev-version';

/** A `docs` entry as the loader stored it (`wiki-loader.ts`), with its collection's name. */
export type DevDocEntry = Omit<DataEntry, 'data'> & { data: CatalogEntry; collection: 'docs' };

/**
 * Where the two module graphs meet: Astro imports the integration with Node's `import()` and runs the pages in Vite's
 * module runner, in the same process, so module state is not shared but the global object is (`wiki-handoff.ts`).
 */
const KEY = Symbol.for('maru:dev-pages');

type Holder = { [KEY]?: DevPages };

/**
 * Each stored entry as the pages read it, by the entry the loader stored: a save stores new entries for the documents it
 * changed and keeps the others' objects, so their shapes are not made again.
 */
const shaped = new WeakMap<DataEntry, DevDocEntry>();

/** Makes `catalog` and `entries` what the pages of this dev server read (one object, so a page sees one version of both). */
export function publishDevPages(catalog: Catalog, entries: ReadonlyMap<string, DataEntry>): void {
  const docs: DevDocEntry[] = [];
  const docById = new Map<string, DevDocEntry>();
  for (const row of catalog.documents) {
    const entry = entries.get(row.id);
    if (!entry) continue;
    let doc = shaped.get(entry);
    // The loader stores each document's catalog row as its data.
    if (!doc) shaped.set(entry, (doc = { ...entry, data: entry.data as CatalogEntry, collection: 'docs' }));
    docs.push(doc);
    docById.set(doc.id, doc);
  }
  const last = devPages();
  const version = (last?.version ?? 0) + 1;
  const addresses = last && sameAddresses(last, catalog) ? last.addresses : version;
  (globalThis as Holder)[KEY] = { catalog, byId: new Map(catalog.documents.map((d) => [d.id, d])), docs, docById, version, addresses };
}

/** Whether `next` gives the site the pages `last` gave: the same documents, projects, categories and tags (in any order). */
function sameAddresses(last: DevPages, next: Catalog): boolean {
  const same = (x: readonly { id: string }[], y: readonly { id: string }[]) => {
    if (x.length !== y.length) return false;
    const ids = new Set(x.map((e) => e.id));
    return y.every((e) => ids.has(e.id));
  };
  const a = last.catalog;
  const sameDocuments = a.documents.length === next.documents.length && next.documents.every((d) => last.byId.has(d.id));
  return sameDocuments && same(a.projects, next.projects) && same(a.categories, next.categories) && same(a.tags, next.tags);
}

/** The pages' wiki in `astro dev` once the docs loader has published it; undefined in a build, or before. */
export function devPages(): DevPages | undefined {
  return (globalThis as Holder)[KEY];
}

/** Forgets the published pages (tests; a server stopping needs nothing). */
export function unpublishDevPages(): void {
  delete (globalThis as Holder)[KEY];
}

/**
 * Astro's store and meta store as the docs loader uses them, kept in memory after the server's first load: what a save
 * stores goes into `entries` and the pages read it from there (`publishDevPages`), without a write of Astro's store.
 * Entries with local pictures are also stored in Astro's store: only it registers their imports for `render(entry)`.
 */
export function memoryStores(store: DataStore, meta: MetaStore): { store: DataStore; meta: MetaStore; entries: ReadonlyMap<string, DataEntry> } {
  const entries = new Map(store.entries());
  const metas = new Map<string, string | undefined>();
  const withPictures = (entry: DataEntry | undefined) => Boolean(entry?.assetImports?.length);
  const memory: DataStore = {
    // Cast: Astro types `get` by what the caller expects the data to be; this store holds what the loader set.
    get: <T extends Record<string, unknown>>(id: string) => entries.get(id) as ReturnType<DataStore['get']> & { data: T },
    entries: () => [...entries],
    values: () => [...entries.values()],
    keys: () => [...entries.keys()],
    has: (id) => entries.has(id),
    // As Astro's: an entry with the digest already stored is not set again.
    set: (entry) => {
      if (entry.digest !== undefined && entries.get(entry.id)?.digest === entry.digest) return false;
      entries.set(entry.id, entry);
      if (withPictures(entry)) store.set(entry);
      return true;
    },
    delete: (id) => {
      if (withPictures(store.get(id))) store.delete(id);
      entries.delete(id);
    },
    clear: () => entries.clear(),
    addModuleImport: (fileName) => store.addModuleImport(fileName),
  };
  const memoryMeta: MetaStore = {
    get: (key) => (metas.has(key) ? metas.get(key) : meta.get(key)),
    has: (key) => (metas.has(key) ? metas.get(key) !== undefined : meta.has(key)),
    set: (key, value) => void metas.set(key, value),
    delete: (key) => void metas.set(key, undefined),
  };
  return { store: memory, meta: memoryMeta, entries };
}

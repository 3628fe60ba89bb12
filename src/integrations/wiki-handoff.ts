import type { AstroConfig } from 'astro';
import type { Catalog } from '../lib/artifacts/schema.ts';
import type { Wiki } from '../lib/wiki/pipeline.ts';

/**
 * How the one parse of a build reaches the content loader.
 *
 * Astro imports `astro.config.mjs` (and so the maru integration) with Node's own `import()`, but it
 * evaluates `src/content.config.ts` in a Vite module runner and the pages in a Rollup bundle: three
 * module graphs, so a module-level memo imported by both sides would exist three times (checked:
 * `node_modules/astro/dist/core/config/vite-load.js` and `core/sync/index.js`, Astro 7.3.5). What
 * all of them share is the resolved config: the loader's context carries `config.integrations`, whose
 * `hooks` object Astro keeps as given (`z.object({}).loose()`). So the integration exposes its wiki
 * as one extra, namespaced hook, and the loader asks for it there.
 */
export const WIKI_HOOK = 'maru:wiki';

/** The one entry of the `wiki` collection: the catalog without its documents (those are the `docs` collection). */
export const CATALOG_ENTRY_ID = 'catalog';

/** The wiki as parsed once for this build, and its catalog exactly as `_wiki/catalog.json` serialises it. */
export interface WikiSnapshot {
  /** Absolute content root. */
  root: string;
  wiki: Wiki;
  catalog: Catalog;
  /** Each file's text as collected, by content path: the site renders exactly what the wiki parsed. */
  texts: ReadonlyMap<string, string>;
  /** Digest of the parsing and rendering code, part of every render key. */
  code: string;
  /** The UI language: callout titles in the rendered Markdown depend on it. */
  lang: string;
  /** Called by the loader when it has rendered what it renders: the syntax trees kept for it can go. */
  rendered: () => void;
}

/**
 * What the hook answers: the current snapshot. `onChange` (dev server) registers a loader under its name, one per name:
 * the integration watches the content folder, rebuilds the wiki once per save and calls each registered loader with
 * the new snapshot, one loader after the other.
 */
export type WikiSource = (options?: { onChange?: { loader: string; run: (snapshot: WikiSnapshot) => Promise<void> } }) => WikiSnapshot;

/** Finds the maru integration's wiki in a resolved Astro config; a clear error when it is missing. */
export function wikiSourceOf(config: Pick<AstroConfig, 'integrations'>): WikiSource {
  for (const integration of config.integrations) {
    const hook = (integration.hooks as Record<string, unknown>)[WIKI_HOOK];
    if (typeof hook === 'function') return hook as WikiSource;
  }
  throw new Error(
    `The wiki content loader needs the maru integration: add \`integrations: [maru()]\` to astro.config.mjs (no integration answers the "${WIKI_HOOK}" hook).`,
  );
}

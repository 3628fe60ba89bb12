/**
 * The site's browser scripts by name, each the source file under `src/client/` it is bundled from: what a page's
 * `<script>` loads (`clientScript(name)`, src/site/client-scripts.ts) and what the bundler starts from
 * (src/node/client-bundle.ts).
 */
export const CLIENT_ENTRIES = {
  site: 'site.ts',
  doc: 'doc-page.ts',
  sidebar: 'sidebar.ts',
  toc: 'toc.ts',
  listing: 'listing.ts',
  mermaid: 'mermaid.ts',
  changes: 'changes-filter.ts',
  'not-found': 'not-found.ts',
  'dev-version': 'dev-version.ts',
} as const;

export type ClientEntry = keyof typeof CLIENT_ENTRIES;

/** The scripts only `maru dev`'s pages load: a build does not copy them into the site. */
export const DEV_CLIENT_ENTRIES: readonly ClientEntry[] = ['dev-version'];

import type { CatalogEntry } from '../artifacts/schema.ts';
import type { DocCard, UiContext } from './cards.ts';
import { aiGuideHref, docPage, listingPage, type DocPage, type ListingKind } from './page-data.ts';
import { navFile } from './sidebar.ts';

/**
 * Cache keys of the pages Astro may copy from the last build instead of rendering (its experimental
 * incremental build, `cacheKey` in `getStaticPaths`). Astro hashes the code a page imports; these keys
 * hold the data: a key is a digest of exactly what the page shows, computed from the same helpers the
 * page renders with, so a change that alters a page changes its key and nothing else does.
 * A component that starts showing another field must add it here (Related, Backlinks, Base say so).
 */

/** A digest of a text (sha256 in the build): passed in, so this module stays pure. */
export type Digest = (text: string) => string;

/** The Markdown article of a document page, as the content layer rendered it. */
export interface ArticleInput {
  /** `entry.rendered`: the HTML and its metadata (headings, image paths). */
  rendered: unknown;
  /** Whether the page loads the diagram script (`hasDiagram` of the body). */
  diagram: boolean;
}

/** The page keys of one build: the layout's share is computed once, each page's on demand. */
export interface PageKeys {
  doc: (doc: CatalogEntry, article: ArticleInput) => string;
  listing: (kind: ListingKind, key: string) => string;
  nav: (project: string) => string;
}

/**
 * What the layout around every page (head, header, drawer, search dialog, footer) shows: the resolved
 * config (title, description, language, project titles, edit URL, site), the base path, the projects'
 * ids and landing titles, and where "connect an AI" points. Environment variables that `maru.config.ts`
 * reads reach the pages only through the resolved config, so they are in the key too.
 */
export function layoutInput(ctx: UiContext): unknown {
  return [ctx.config, ctx.routes.home, ctx.catalog.projects.map((p) => [p.id, p.title ?? null]), aiGuideHref(ctx)];
}

/** A related document as `Related.astro` shows it. */
const shownRelated = ({ card, reasons, sharedTags }: DocPage['related'][number]) => [card.href, card.title, card.summary, reasons, sharedTags];
/** A backlink as `Backlinks.astro` shows it. */
const shownBacklink = (c: DocCard) => [c.href, c.title, c.projectTitle, c.categoryShown && c.categoryLabel];

/**
 * What a document page shows besides the layout: every field of `docPage` except what no component
 * renders (the tags' counts, the other documents' dates and tags), so editing one document re-renders
 * only the pages that show something of it.
 */
export function docPageInput(ctx: UiContext, doc: CatalogEntry, article: ArticleInput): unknown {
  const { tags, related, backlinks, ...rest } = docPage(ctx, doc);
  return {
    ...rest,
    tags: tags.map((t) => [t.label, t.href]),
    related: related.map(shownRelated),
    backlinks: backlinks.map(shownBacklink),
    article,
  };
}

/** The keys of every page kind that has `getStaticPaths`, for one build's context. */
export function pageKeys(ctx: UiContext, hash: Digest): PageKeys {
  const layout = hash(JSON.stringify(layoutInput(ctx)));
  const key = (kind: string, data: unknown) => hash(JSON.stringify([kind, layout, data]));
  return {
    doc: (doc, article) => key('doc', docPageInput(ctx, doc, article)),
    listing: (kind, value) => key('listing', listingPage(ctx, kind, value)),
    // The sidebar file is its data and nothing else: no layout.
    nav: (project) => hash(JSON.stringify(['nav', navFile(ctx, project)])),
  };
}

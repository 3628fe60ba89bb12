import type { Catalog, CatalogEntry } from '../artifacts/schema.ts';
import type { SiteConfig } from '../wiki/config.ts';
import { formatDate, relativeDate } from './dates.ts';
import type { Routes } from './routes.ts';
import { DEFAULT_PROJECT } from '../wiki/frontmatter.ts';
import { readableFolderName } from '../wiki/reading-order.ts';
import { categoryLabel, getStrings, type Strings } from './strings.ts';

/** What every page helper needs: the catalog, the config, the base path and the clock. */
export interface UiContext {
  catalog: Catalog;
  config: SiteConfig;
  strings: Strings;
  routes: Routes;
  now: Date;
}

/** A labelled link with a count, for projects, categories and tags. */
export interface Facet {
  value: string;
  label: string;
  count: number;
  href: string;
}

/** A date shown both ways: `2026년 11월 27일` and `3일 전`. */
export interface ShownDate {
  iso: string;
  absolute: string;
  relative: string;
}

/** Everything a document card (in lists, related, backlinks, changes) shows. */
export interface DocCard {
  id: string;
  title: string;
  href: string;
  summary: string;
  project: string;
  projectTitle: string;
  projectHref: string;
  category: string;
  categoryLabel: string;
  /** False when the category is only the default (neither frontmatter nor folder gave one): no badge. */
  categoryShown: boolean;
  categoryHref: string;
  tags: string[];
  updated: ShownDate;
}

/** Both renderings of a date for the context's language and clock. */
export function shownDate(ctx: UiContext, iso: string): ShownDate {
  return { iso, absolute: formatDate(iso, ctx.config.lang), relative: relativeDate(iso, ctx.now, ctx.config.lang) };
}

/**
 * Display title of a project: the configured title, else its landing page's (or category file's), else its folder
 * name made readable (`errors` → `Errors`); the documents at the content root (no folder) are named for what they are.
 */
export function projectTitle(config: SiteConfig, id: string, landingTitle?: string): string {
  return config.projects[id]?.title ?? landingTitle ?? (id === DEFAULT_PROJECT ? getStrings(config.lang).rootProject : readableFolderName(id));
}

/** A project's display name: `maru.config.ts`, else the title of its landing page (`README.md`/`index.md`), else its id. */
export function projectName(ctx: UiContext, id: string): string {
  return projectTitle(ctx.config, id, ctx.catalog.projects.find((p) => p.id === id)?.title);
}

/** The card of one catalog entry. */
export function toCard(ctx: UiContext, doc: CatalogEntry): DocCard {
  return {
    id: doc.id,
    title: doc.title,
    href: doc.url,
    summary: doc.summary,
    project: doc.project,
    projectTitle: projectName(ctx, doc.project),
    projectHref: ctx.routes.project(doc.project),
    category: doc.category,
    categoryLabel: categoryLabel(ctx.strings, doc.category),
    categoryShown: doc.categorySource !== 'default',
    categoryHref: ctx.routes.category(doc.category),
    tags: doc.tags,
    updated: shownDate(ctx, doc.updatedAt),
  };
}

/** Cards for ids that exist in the catalog, in the given order. */
export function cardsFor(ctx: UiContext, ids: readonly string[]): DocCard[] {
  const byId = entriesById(ctx.catalog);
  return ids.flatMap((id) => {
    const doc = byId.get(id);
    return doc ? [toCard(ctx, doc)] : [];
  });
}

// Every page asks for a few cards: one map per catalog, not one per page (O(pages × documents) at build time).
const byIdOf = new WeakMap<UiContext['catalog'], Map<string, CatalogEntry>>();
function entriesById(catalog: UiContext['catalog']): Map<string, CatalogEntry> {
  let byId = byIdOf.get(catalog);
  if (!byId) byIdOf.set(catalog, (byId = new Map(catalog.documents.map((d) => [d.id, d]))));
  return byId;
}

/**
 * The projects in the content's own order: those `maru.config.ts` lists, in its order; then those a category file
 * places (`position`), in that order; then the largest first (a docs set's reference and guide before its errata),
 * then by title. The documents at the content root (no folder: a docs set's leftovers) come after the folders.
 */
export function orderedProjects(ctx: UiContext): (Catalog['projects'][number] & { label: string })[] {
  const configured = Object.keys(ctx.config.projects);
  const rank = (id: string) => (configured.includes(id) ? configured.indexOf(id) : Infinity);
  return ctx.catalog.projects
    .map((p) => ({ ...p, label: projectTitle(ctx.config, p.id, p.title) }))
    .sort(
      (a, b) =>
        rank(a.id) - rank(b.id) ||
        (a.order ?? Infinity) - (b.order ?? Infinity) ||
        Number(a.id === DEFAULT_PROJECT) - Number(b.id === DEFAULT_PROJECT) ||
        b.count - a.count ||
        a.label.localeCompare(b.label, 'ko'),
    );
}

/** Facets of the projects, categories or tags of the catalog. */
export function catalogFacets(ctx: UiContext, kind: 'project' | 'category' | 'tag'): Facet[] {
  if (kind === 'project') return orderedProjects(ctx).map((p) => ({ value: p.id, label: p.label, count: p.count, href: ctx.routes.project(p.id) }));
  if (kind === 'tag') return ctx.catalog.tags.map((t) => ({ value: t.id, label: t.id, count: t.count, href: ctx.routes.tag(t.id) }));
  const order = ctx.config.categories;
  const rank = (id: string) => (order.indexOf(id) < 0 ? order.length : order.indexOf(id));
  return [...ctx.catalog.categories]
    .sort((a, b) => rank(a.id) - rank(b.id) || a.id.localeCompare(b.id))
    .map((c) => ({ value: c.id, label: categoryLabel(ctx.strings, c.id), count: c.count, href: ctx.routes.category(c.id) }));
}

import type { Catalog, CatalogEntry } from '../artifacts/schema.ts';
import { catalogFacets, type UiContext } from './cards.ts';
import { sortItems } from './listing.ts';

/** One category of a project in the side navigation. */
export interface SidebarGroup {
  label: string;
  /** How many documents the group holds, shown on a collapsed group. */
  count: number;
  /** The group of the current document: open, with its documents listed. */
  open: boolean;
  /** The documents of an open group; empty for a collapsed one (its `href` lists them). */
  items: { title: string; href: string; current: boolean }[];
  /** The project page, filtered to this category. */
  href: string;
}

/**
 * The side navigation of a document page that stays small as the wiki grows: the current
 * document's category is open, every other category of its project is one collapsed line with a
 * count and a link. Today every page lists its whole project (245 links on a ko-react-docs reference
 * page; thousands at 10,000 documents), so the site's HTML grows with the square of the wiki.
 * The per-project grouping is computed once per catalog, not once per page.
 */
export function sidebarOf(ctx: UiContext, doc: CatalogEntry): SidebarGroup[] {
  const groups = projectGroups(ctx).get(doc.project) ?? new Map<string, CatalogEntry[]>();
  return catalogFacets(ctx, 'category').flatMap((c) => {
    const docs = groups.get(c.value);
    if (!docs?.length) return [];
    const open = c.value === doc.category;
    return [
      {
        label: c.label,
        count: docs.length,
        open,
        items: open ? docs.map((d) => ({ title: d.title, href: d.url, current: d.id === doc.id })) : [],
        href: `${ctx.routes.project(doc.project)}?category=${encodeURIComponent(c.value)}`,
      },
    ];
  });
}

/** Documents by project and category, sorted by title; one per catalog (pages of one build share it). */
const GROUPS = new WeakMap<Catalog, Map<string, Map<string, CatalogEntry[]>>>();

function projectGroups(ctx: UiContext): Map<string, Map<string, CatalogEntry[]>> {
  let groups = GROUPS.get(ctx.catalog);
  if (groups) return groups;
  groups = new Map();
  for (const d of sortItems(ctx.catalog.documents, 'title')) {
    const project = groups.get(d.project) ?? groups.set(d.project, new Map()).get(d.project)!;
    (project.get(d.category) ?? project.set(d.category, []).get(d.category)!).push(d);
  }
  GROUPS.set(ctx.catalog, groups);
  return groups;
}

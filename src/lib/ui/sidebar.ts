import type { Catalog, CatalogEntry } from '../artifacts/schema.ts';
import { readingOrder } from '../wiki/reading-order.ts';
import { catalogFacets, type UiContext } from './cards.ts';
import type { NavFile, NavItem } from './nav-file.ts';
import { neighbours } from './reading-order.ts';

/**
 * The side navigation of a document page, at a size that does not grow with the wiki: the page carries the
 * headings of its project's category groups and a window of its own group; the complete groups are in one
 * file per project (`nav/<project>.json`), fetched when a reader opens a collapsed group.
 */

/** A group as a document page renders it. */
export interface SidebarGroup {
  key: string;
  label: string;
  count: number;
  /** Where the group leads without JavaScript: the project's listing, filtered to the category. */
  listingHref: string;
  /** Only on the current document's group: a window of its documents around the current one. */
  open?: { items: (NavItem & { current: boolean })[]; before: number; after: number };
}

/** The side navigation of one document page, with the documents before and after it in that navigation. */
export interface DocSidebar {
  /** The per-project sidebar file the collapsed groups load from. */
  fileHref: string;
  groups: SidebarGroup[];
  prev: NavItem | undefined;
  next: NavItem | undefined;
}

/** Documents of the current group shown on a page at most; the rest are one click away ("N more"). */
export const SIDEBAR_WINDOW = 15;

interface ProjectNav {
  file: NavFile;
  /** The ids of each group's items, parallel to `file.groups[g].items`. */
  ids: string[][];
  /** Every item read top to bottom, with its id, for previous/next. */
  flat: (NavItem & { id: string })[];
}

/** Each project's navigation, built once per catalog and per routes/language (pages share one catalog object). */
const NAVS = new WeakMap<Catalog, Map<string, Map<string, ProjectNav>>>();

function navsOf(ctx: UiContext): Map<string, ProjectNav> {
  let byCtx = NAVS.get(ctx.catalog);
  if (!byCtx) NAVS.set(ctx.catalog, (byCtx = new Map<string, Map<string, ProjectNav>>()));
  const key = [ctx.routes.home, ctx.config.lang, ...ctx.config.categories].join('\n');
  let navs = byCtx.get(key);
  if (!navs) byCtx.set(key, (navs = buildNavs(ctx)));
  return navs;
}

function buildNavs(ctx: UiContext): Map<string, ProjectNav> {
  const byId = new Map(ctx.catalog.documents.map((d) => [d.id, d]));
  const categories = catalogFacets(ctx, 'category');
  const out = new Map<string, ProjectNav>();
  for (const [project, ids] of readingOrder(ctx.catalog.documents)) {
    const docs = ids.flatMap((id) => byId.get(id) ?? []);
    const groups = categories.map((c) => ({ key: c.value, label: c.label, docs: docs.filter((d) => d.category === c.value) })).filter((g) => g.docs.length > 0);
    const item = (d: CatalogEntry): NavItem => ({ title: d.title, href: d.url });
    out.set(project, {
      file: { project, groups: groups.map((g) => ({ key: g.key, label: g.label, items: g.docs.map(item) })) },
      ids: groups.map((g) => g.docs.map((d) => d.id)),
      flat: groups.flatMap((g) => g.docs.map((d) => ({ ...item(d), id: d.id }))),
    });
  }
  return out;
}

/** The sidebar file of a project (what `nav/<project>.json` holds). */
export function navFile(ctx: UiContext, project: string): NavFile {
  return navsOf(ctx).get(project)?.file ?? { project, groups: [] };
}

/** Where a project's sidebar file is served. */
export function navFileHref(ctx: UiContext, project: string): string {
  return ctx.routes.file(`nav/${project}.json`);
}

/** The start and end (exclusive) of a window of `size` items around `index` in a list of `length`. */
function windowAround(length: number, index: number, size: number): { start: number; end: number } {
  if (length <= size) return { start: 0, end: length };
  const start = Math.min(Math.max(0, index - Math.floor((size - 1) / 2)), length - size);
  return { start, end: start + size };
}

/** The side navigation of `doc`'s page: every group's heading, and a window of its own group. */
export function docSidebar(ctx: UiContext, doc: CatalogEntry, size = SIDEBAR_WINDOW): DocSidebar {
  const nav = navsOf(ctx).get(doc.project);
  const groups = (nav?.file.groups ?? []).map((g, gi): SidebarGroup => {
    const group: SidebarGroup = {
      key: g.key,
      label: g.label,
      count: g.items.length,
      listingHref: `${ctx.routes.project(doc.project)}?category=${encodeURIComponent(g.key)}`,
    };
    const index = nav!.ids[gi]!.indexOf(doc.id);
    if (index < 0) return group;
    const { start, end } = windowAround(g.items.length, index, size);
    const items = g.items.slice(start, end).map((item, i) => ({ ...item, current: start + i === index }));
    return { ...group, open: { items, before: start, after: g.items.length - end } };
  });
  const { prev, next } = neighbours(nav?.flat ?? [], doc.id);
  const strip = (i: NavItem | undefined) => i && { title: i.title, href: i.href };
  return { fileHref: navFileHref(ctx, doc.project), groups, prev: strip(prev), next: strip(next) };
}

import type { Catalog, CatalogEntry } from '../artifacts/schema.ts';
import { sidebarTree, type SidebarNode } from '../wiki/reading-order.ts';
import { catalogFacets, type UiContext } from './cards.ts';
import { isNavGroup, type NavEntry, type NavFile, type NavGroup, type NavItem } from './nav-file.ts';

/**
 * The side navigation of a document page, at a size that does not grow with the wiki: the project's folders
 * become nested groups; the page carries the lists on the way to its own document (each a window around that
 * way) with the other groups as headings only; the complete tree is in one file per project
 * (`nav/<project>.json`), fetched when a reader opens a collapsed group. A project without sub-folders is grouped
 * by category instead, as a flat wiki of categorised notes reads best.
 */

/** A document link as a page renders it. */
export interface SidebarLink extends NavItem {
  kind: 'doc';
  current: boolean;
}

/** A group as a page renders it: open (with a window of its entries) when the current document is inside it. */
export interface SidebarGroup {
  kind: 'group';
  key: string;
  label: string;
  /** Documents in the group and its sub-groups. */
  count: number;
  /** Where the group leads without JavaScript: its first document (whose page opens the group), or the filtered listing. */
  listingHref: string;
  open?: SidebarList;
}

/** One list of the sidebar: a window of a group's entries (or the project's top list) and how many are left out. */
export interface SidebarList {
  /** The group key the list belongs to; empty for the project's top list. */
  key: string;
  entries: (SidebarLink | SidebarGroup)[];
  before: number;
  after: number;
  /** Where "N more" leads without JavaScript. */
  moreHref: string;
}

/** One step of the breadcrumb between the project and the document: a folder, linked to its landing page if it has one. */
export interface Crumb {
  label: string;
  href?: string;
}

/** The side navigation of one document page, with the documents before and after it in that navigation. */
export interface DocSidebar {
  /** The per-project sidebar file the collapsed groups load from. */
  fileHref: string;
  list: SidebarList;
  /** The folders above the document (not the project's), outermost first; empty in a project grouped by category. */
  crumbs: Crumb[];
  prev: NavItem | undefined;
  next: NavItem | undefined;
}

/** Entries of one list shown on a page at most; the rest are one click away ("N more"). */
export const SIDEBAR_WINDOW = 15;

interface GroupInfo {
  count: number;
  first: string;
  /** The folder's landing page, for the breadcrumb; categories have none. */
  landing?: string;
  folder: boolean;
}

interface ProjectNav {
  file: NavFile;
  /** Per listed document: the entry indices from the top list down to it. */
  paths: Map<string, number[]>;
  groups: WeakMap<NavGroup, GroupInfo>;
  /** Every listed document read top to bottom, with its id, for previous/next. */
  flat: (NavItem & { id: string })[];
  /** Each listed document's place in `flat` (a page asks once; a search of `flat` per page is quadratic in a project). */
  position: Map<string, number>;
}

/**
 * True for a page kept out of the side navigation (still published and found by search and links): frontmatter
 * `unlisted: true` (Docusaurus), `sidebar: false` / `nav_exclude: true` (VitePress, Just the Docs), or a sandbox or
 * playground page by its file name (`rsc-sandbox-test.md`), which docs sets keep for their own checks.
 */
export function isUnlisted(doc: Pick<CatalogEntry, 'sourcePath' | 'extra'>): boolean {
  const x = doc.extra;
  if (x['unlisted'] === true || x['sidebar'] === false || x['nav_exclude'] === true) return true;
  const file = doc.sourcePath.split('/').pop() ?? '';
  return /(^|[-_.])(sandbox|playground)([-_.]|$)/i.test(file.replace(/\.(md|mdx|markdown)$/i, ''));
}

/** Each project's navigation, built once per catalog and per routes/language (pages share one catalog object). */
const NAVS = new WeakMap<Catalog, Map<string, Map<string, ProjectNav>>>();

function navsOf(ctx: UiContext): Map<string, ProjectNav> {
  let byCtx = NAVS.get(ctx.catalog);
  if (!byCtx) NAVS.set(ctx.catalog, (byCtx = new Map<string, Map<string, ProjectNav>>()));
  const key = [ctx.routes.home, ctx.config.lang, ...ctx.config.categories].join('\n');
  let navs = byCtx.get(key);
  if (!navs) byCtx.set(key, (navs = buildNavs(ctx, key)));
  return navs;
}

/** What a project's navigation was built from, and the navigation: the next catalog reuses it if the same (`sameNavInputs`). */
interface BuiltNav {
  rows: readonly CatalogEntry[];
  folders: string;
  categories: string;
  nav: ProjectNav;
}

/**
 * The projects' navigations last built, per routes/language: `maru dev` publishes a new catalog with each save, and a
 * save rarely changes what a sidebar shows (its documents' titles, addresses, places and categories), so each page of a
 * 10,000-document wiki would otherwise sort every project again after each save. Only the last catalog's are kept.
 */
const LAST_BUILT = new Map<string, Map<string, BuiltNav>>();

/** The fields of a catalog row that a sidebar reads (besides `extra`, read only to leave a page out: `isUnlisted`). */
function sameNavRow(a: CatalogEntry, b: CatalogEntry): boolean {
  return (
    a === b ||
    (a.id === b.id &&
      a.title === b.title &&
      a.url === b.url &&
      a.sourcePath === b.sourcePath &&
      a.order === b.order &&
      a.category === b.category &&
      a.project === b.project)
  );
}

function buildNavs(ctx: UiContext, key: string): Map<string, ProjectNav> {
  const byProject = new Map<string, CatalogEntry[]>();
  for (const d of ctx.catalog.documents) {
    if (isUnlisted(d)) continue;
    const mine = byProject.get(d.project);
    if (mine) mine.push(d);
    else byProject.set(d.project, [d]);
  }
  const categories = catalogFacets(ctx, 'category');
  const folders = new Map((ctx.catalog.folders ?? []).map((f) => [f.path, f]));
  const foldersKey = JSON.stringify(ctx.catalog.folders ?? []);
  const categoriesKey = JSON.stringify(categories.map((c) => [c.value, c.label]));
  const last = LAST_BUILT.get(key);
  const built = new Map<string, BuiltNav>();
  const out = new Map<string, ProjectNav>();
  for (const [project, rows] of byProject) {
    const before = last?.get(project);
    const same =
      before !== undefined &&
      before.folders === foldersKey &&
      before.categories === categoriesKey &&
      before.rows.length === rows.length &&
      rows.every((row, i) => sameNavRow(before.rows[i]!, row));
    const nav = same ? before.nav : projectNav(project, rows, folders, categories);
    built.set(project, { rows, folders: foldersKey, categories: categoriesKey, nav });
    out.set(project, nav);
  }
  LAST_BUILT.set(key, built);
  return out;
}

/** One project's navigation, from its listed documents in catalog order. */
function projectNav(
  project: string,
  rows: readonly CatalogEntry[],
  folders: ReadonlyMap<string, NonNullable<Catalog['folders']>[number]>,
  categories: readonly { value: string; label: string }[],
): ProjectNav {
  const byId = new Map(rows.map((d) => [d.id, d]));
  const nodes = sidebarTree(rows, folders).get(project) ?? [];
  const groups = new WeakMap<NavGroup, GroupInfo>();
  const paths = new Map<string, number[]>();
  const flat: (NavItem & { id: string })[] = [];
  const item = (id: string): NavItem => {
    const d = byId.get(id)!;
    return { title: d.title, href: d.url };
  };
  // Builds the entries of one list, recording each document's way down and each group's size and first page.
  const entries = (list: { id: string; node?: SidebarNode }[], above: number[]): NavEntry[] =>
    list.map(({ id, node }, i): NavEntry => {
      const at = [...above, i];
      if (!node || node.kind === 'doc') {
        paths.set(id, at);
        flat.push({ ...item(id), id });
        return item(id);
      }
      const start = flat.length;
      const children = [...(node.landing ? [{ id: node.landing }] : []), ...node.children.map((c) => ({ id: c.kind === 'doc' ? c.id : c.path, node: c }))];
      const group: NavGroup = {
        key: node.path,
        label: node.title,
        items: entries(children, at),
        ...(node.collapsed !== undefined ? { collapsed: node.collapsed } : {}),
      };
      groups.set(group, {
        count: flat.length - start,
        first: flat[start]?.href ?? '',
        folder: true,
        ...(node.landing ? { landing: item(node.landing).href } : {}),
      });
      return group;
    });
  let items: NavEntry[] = [];
  if (nodes.some((n) => n.kind === 'folder')) {
    items = entries(
      nodes.map((n) => ({ id: n.kind === 'doc' ? n.id : n.path, node: n })),
      [],
    );
  } else {
    // No sub-folders: the documents, in reading order, grouped by category in the configured order.
    const ids = nodes.flatMap((n) => (n.kind === 'doc' ? [n.id] : []));
    for (const c of categories) {
      const mine = ids.filter((id) => byId.get(id)?.category === c.value);
      if (mine.length === 0) continue;
      const start = flat.length;
      const group: NavGroup = {
        key: c.value,
        label: c.label,
        items: entries(
          mine.map((id) => ({ id })),
          [items.length],
        ),
      };
      groups.set(group, { count: mine.length, first: flat[start]!.href, folder: false });
      items.push(group);
    }
  }
  return { file: { project, items }, paths, groups, flat, position: new Map(flat.map((f, i) => [f.id, i])) };
}

/** The sidebar file of a project (what `nav/<project>.json` holds). */
export function navFile(ctx: UiContext, project: string): NavFile {
  return navsOf(ctx).get(project)?.file ?? { project, items: [] };
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

/** The side navigation of `doc`'s page: the lists down to it, each a window around the way, other groups as headings. */
export function docSidebar(ctx: UiContext, doc: CatalogEntry, size = SIDEBAR_WINDOW): DocSidebar {
  const nav = navsOf(ctx).get(doc.project);
  const projectHref = ctx.routes.project(doc.project);
  const path = nav?.paths.get(doc.id) ?? [];
  const crumbs: Crumb[] = [];
  // `way`: the list is on the way to the document (else it is a group the content opens, shown from its start).
  const listOf = (key: string, items: readonly NavEntry[], depth: number, way = true): SidebarList => {
    const index = way ? (path[depth] ?? -1) : -1;
    const { start, end } = windowAround(items.length, Math.max(0, index), size);
    const shown = items.slice(start, end).map((entry, i): SidebarLink | SidebarGroup => {
      const onWay = start + i === index;
      if (!isNavGroup(entry)) return { kind: 'doc', ...entry, current: onWay && depth === path.length - 1 };
      const info = nav!.groups.get(entry)!;
      const listingHref = info.folder ? info.first || projectHref : `${projectHref}?category=${encodeURIComponent(entry.key)}`;
      const group: SidebarGroup = { kind: 'group', key: entry.key, label: entry.label, count: info.count, listingHref };
      // A folder whose `_category_` file says `collapsed: false` is drawn open on every page, a window from its start.
      if (!onWay) return entry.collapsed === false ? { ...group, open: listOf(entry.key, entry.items, depth + 1, false) } : group;
      // The breadcrumb names the folders above the document, not the one it is the landing page of.
      if (info.folder && !(info.landing === doc.url && depth === path.length - 2))
        crumbs.push({ label: entry.label, ...(info.landing ? { href: info.landing } : {}) });
      return { ...group, open: listOf(entry.key, entry.items, depth + 1) };
    });
    const category = depth === 1 && nav!.groups.get(nav!.file.items[path[0]!] as NavGroup)?.folder === false;
    const moreHref = category ? `${projectHref}?category=${encodeURIComponent(key)}` : projectHref;
    return { key, entries: shown, before: start, after: items.length - end, moreHref };
  };
  const list = listOf('', nav?.file.items ?? [], 0);
  const at = nav?.position.get(doc.id);
  const [prev, next] = at === undefined ? [] : [nav!.flat[at - 1], nav!.flat[at + 1]];
  const strip = (i: NavItem | undefined) => i && { title: i.title, href: i.href };
  return { fileHref: navFileHref(ctx, doc.project), list, crumbs, prev: strip(prev), next: strip(next) };
}

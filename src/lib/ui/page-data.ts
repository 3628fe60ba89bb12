import type { Catalog, CatalogEntry } from '../artifacts/schema.ts';
import type { SiteConfig } from '../wiki/config.ts';
import { anchorHash } from '../wiki/url.ts';
import { catalogFacets, cardsFor, orderedProjects, shownDate, toCard, projectName, type DocCard, type Facet, type ShownDate, type UiContext } from './cards.ts';
import { dayOf, formatDate, relativeDate } from './dates.ts';
import { facetCounts, sortItems } from './listing.ts';
import { routesFor } from './routes.ts';
import { docSidebar, type DocSidebar } from './sidebar.ts';
import { categoryLabel, getStrings, reasonLabels } from './strings.ts';

export type { DocCard, Facet, ShownDate, UiContext };

/** Builds the context every page helper takes, from the site data and the base path. */
export function uiContext(site: { catalog: Catalog; config: SiteConfig }, base: string, now = new Date()): UiContext {
  return { catalog: site.catalog, config: site.config, strings: getStrings(site.config.lang), routes: routesFor(base), now };
}

/** One entry of a table of contents. */
export interface TocEntry {
  depth: number;
  text: string;
  href: string;
}

/** Data of a document page. */
export interface DocPage {
  card: DocCard;
  tags: Facet[];
  created: ShownDate;
  owner: string | undefined;
  deprecated: boolean;
  toc: TocEntry[];
  related: { card: DocCard; reasons: string[]; sharedTags: string[] }[];
  backlinks: DocCard[];
  editHref: string | undefined;
  markdownHref: string;
  minutes: number;
  /** The project's side navigation: every category group's heading, and a window of this document's group. */
  sidebar: DocSidebar;
  /** The summary under the title, unless it was taken from the first paragraph (the body shows it right below). */
  lead: string | undefined;
  /** False when the category is only the default (neither frontmatter nor folder gave one): no badge. */
  showCategory: boolean;
  /** The documents before and after this one in the side navigation, read top to bottom. */
  prev: { title: string; href: string } | undefined;
  next: { title: string; href: string } | undefined;
}

/** Korean and mixed text read at roughly this many words a minute. */
const WORDS_PER_MINUTE = 200;

/** Everything the document page shows for one catalog entry. */
export function docPage(ctx: UiContext, doc: CatalogEntry): DocPage {
  const tagCount = new Map(ctx.catalog.tags.map((t) => [t.id, t.count]));
  const sidebar = docSidebar(ctx, doc);
  return {
    card: toCard(ctx, doc),
    tags: doc.tags.map((t) => ({ value: t, label: t, count: tagCount.get(t) ?? 1, href: ctx.routes.tag(t) })),
    created: shownDate(ctx, doc.createdAt),
    owner: doc.owner,
    deprecated: doc.status === 'deprecated',
    toc: doc.headings.filter((h) => h.depth >= 2 && h.depth <= 3).map((h) => ({ depth: h.depth, text: h.text, href: anchorHash(h.anchor) })),
    related: doc.related.flatMap((r) => {
      const [card] = cardsFor(ctx, [r.id]);
      return card ? [{ card, reasons: reasonLabels(ctx.strings, r.reasons), sharedTags: r.sharedTags ?? [] }] : [];
    }),
    backlinks: cardsFor(ctx, doc.backlinks),
    editHref: ctx.config.editUrl ? ctx.config.editUrl.replace(/\/?$/, '/') + doc.sourcePath.split('/').map(encodeURIComponent).join('/') : undefined,
    markdownHref: ctx.routes.file(doc.markdownPath),
    minutes: Math.max(1, Math.round(doc.wordCount / WORDS_PER_MINUTE)),
    sidebar,
    lead: doc.summarySource === 'derived' ? undefined : doc.summary || undefined,
    showCategory: doc.categorySource !== 'default',
    prev: sidebar.prev,
    next: sidebar.next,
  };
}

/** True when a document's article has nothing to show (an empty file, or frontmatter and title only): the page says so. */
export function isBlankArticle(html: string | undefined): boolean {
  return html !== undefined && html.trim() === '';
}

/** True when a document's Markdown has a Mermaid block, so the page loads the diagram script. */
export function hasDiagram(markdown: string | undefined): boolean {
  // A fence, or Azure DevOps wiki's `::: mermaid` block (remarkContainers).
  return /^\s*(```|~~~|:::)\s*mermaid\b/m.test(markdown ?? '');
}

/** A project on the home page. */
export interface ProjectSummary extends Facet {
  description: string;
  categories: Facet[];
  updated: ShownDate;
}

/** Data of the home page. */
export interface HomePage {
  total: number;
  projects: ProjectSummary[];
  categories: Facet[];
  tags: Facet[];
  recent: DocCard[];
}

/** Documents shown under "recently updated" on the home page. */
export const RECENT_COUNT = 8;
/** Tags shown on the home page (the most used ones). */
export const HOME_TAG_COUNT = 30;

/** What the wiki holds, what changed lately, and where to start. */
export function homePage(ctx: UiContext): HomePage {
  // A category chip only where some document of the project chose it (frontmatter or a sub-folder), never the default's,
  // nor one the project's own folder gave (a `reference/` project's every page in the category reference says nothing).
  const chosen = new Map<string, Map<string, number>>();
  for (const d of ctx.catalog.documents) {
    if (d.categorySource === 'default' || (d.categorySource === 'folder' && d.category === d.project)) continue;
    const mine = chosen.get(d.project) ?? new Map<string, number>();
    chosen.set(d.project, mine.set(d.category, (mine.get(d.category) ?? 0) + 1));
  }
  const projects = orderedProjects(ctx).map((p) => ({
    value: p.id,
    label: p.label,
    count: p.count,
    href: ctx.routes.project(p.id),
    description: ctx.config.projects[p.id]?.description ?? p.description ?? '',
    categories: [...(chosen.get(p.id) ?? [])]
      .sort(([a], [b]) => Object.keys(p.categories).indexOf(a) - Object.keys(p.categories).indexOf(b))
      .map(([c, count]) => ({
        value: c,
        label: categoryLabel(ctx.strings, c),
        count,
        href: `${ctx.routes.project(p.id)}?category=${encodeURIComponent(c)}`,
      })),
    updated: shownDate(ctx, p.updatedAt),
  }));
  const tags = [...catalogFacets(ctx, 'tag')].sort((a, b) => b.count - a.count || a.value.localeCompare(b.value)).slice(0, HOME_TAG_COUNT);
  return {
    total: ctx.catalog.documents.length,
    projects,
    categories: catalogFacets(ctx, 'category'),
    tags,
    recent: sortItems(ctx.catalog.documents, 'date')
      .slice(0, RECENT_COUNT)
      .map((d) => toCard(ctx, d)),
  };
}

/** Which kind of listing a page is. */
export type ListingKind = 'project' | 'category' | 'tag';

/** Data of a listing page: its documents (newest first) and the filters that make sense on it. */
export interface ListingPage {
  kind: ListingKind;
  key: string;
  title: string;
  description: string;
  cards: DocCard[];
  filters: { field: 'project' | 'category' | 'tag'; label: string; options: Facet[] }[];
}

/** The documents of one project, category or tag, with filters for the other two. */
export function listingPage(ctx: UiContext, kind: ListingKind, key: string): ListingPage {
  const s = ctx.strings;
  const docs = ctx.catalog.documents.filter((d) => (kind === 'project' ? d.project === key : kind === 'category' ? d.category === key : d.tags.includes(key)));
  const title = kind === 'project' ? projectName(ctx, key) : kind === 'category' ? categoryLabel(s, key) : s.tagTitle(key);
  const description = kind === 'project' ? (ctx.config.projects[key]?.description ?? '') : '';
  const option = (field: 'project' | 'category' | 'tags') =>
    facetCounts(docs, field).map(({ value, count }) => ({
      value,
      count,
      label: field === 'project' ? projectName(ctx, value) : field === 'category' ? categoryLabel(s, value) : value,
      href: field === 'project' ? ctx.routes.project(value) : field === 'category' ? ctx.routes.category(value) : ctx.routes.tag(value),
    }));
  const filters: ListingPage['filters'] = [];
  if (kind !== 'project') filters.push({ field: 'project', label: s.filterProject, options: option('project') });
  if (kind !== 'category') filters.push({ field: 'category', label: s.filterCategory, options: option('category') });
  filters.push({ field: 'tag', label: s.filterTag, options: option('tags').filter((o) => kind !== 'tag' || o.value !== key) });
  return {
    kind,
    key,
    title,
    description,
    cards: sortItems(docs, 'date').map((d) => toCard(ctx, d)),
    // One tag still filters (not every document carries it); a drop-down with only "전체" offers nothing.
    filters: filters.filter((f) => f.options.length > 1 || (f.field === 'tag' && f.options.length > 0)),
  };
}

/** One event of the changes timeline. */
export interface ChangeEvent {
  kind: 'added' | 'updated';
  label: string;
  card: DocCard;
}

/** Data of the changes page: days, newest first, each with what was added or updated. */
export interface ChangesPage {
  days: { day: string; absolute: string; relative: string; events: ChangeEvent[] }[];
  projects: Facet[];
}

/** The timeline: every document's creation, and its last update when that is another day. */
export function changesPage(ctx: UiContext): ChangesPage {
  const byDay = new Map<string, ChangeEvent[]>();
  const push = (iso: string, e: ChangeEvent) => byDay.set(dayOf(iso), [...(byDay.get(dayOf(iso)) ?? []), e]);
  for (const doc of ctx.catalog.documents) {
    const card = toCard(ctx, doc);
    push(doc.createdAt, { kind: 'added', label: ctx.strings.added, card });
    if (dayOf(doc.updatedAt) !== dayOf(doc.createdAt)) push(doc.updatedAt, { kind: 'updated', label: ctx.strings.modified, card });
  }
  const days = [...byDay.keys()]
    .sort()
    .reverse()
    .map((day) => ({
      day,
      absolute: formatDate(`${day}T00:00:00.000Z`, ctx.config.lang),
      relative: relativeDate(`${day}T00:00:00.000Z`, ctx.now, ctx.config.lang),
      events: byDay.get(day)!.sort((a, b) => (a.kind === b.kind ? a.card.title.localeCompare(b.card.title) : a.kind === 'updated' ? -1 : 1)),
    }));
  return { days, projects: catalogFacets(ctx, 'project') };
}

/** Options of the search page's filters. */
export function searchFilters(ctx: UiContext): { projects: Facet[]; categories: Facet[]; tags: Facet[] } {
  return { projects: catalogFacets(ctx, 'project'), categories: catalogFacets(ctx, 'category'), tags: catalogFacets(ctx, 'tag') };
}

/** All tags, most used first, for the tag index. */
export function tagIndex(ctx: UiContext): Facet[] {
  return [...catalogFacets(ctx, 'tag')].sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
}

/** Where "connect an AI" points: the wiki's MCP set-up guide (a guide tagged `mcp`, `mcp-client-setup` first), else llms.txt. */
export function aiGuideHref(ctx: UiContext): string {
  // Every page's footer asks: one scan per catalog, not one per page (10,000 pages × 10,000 documents).
  let guide = aiGuides.get(ctx.catalog);
  if (guide === undefined) {
    const docs = ctx.catalog.documents;
    guide = docs.find((d) => d.id === 'mcp-client-setup') ?? docs.find((d) => d.category === 'guide' && d.tags.includes('mcp')) ?? null;
    aiGuides.set(ctx.catalog, guide);
  }
  return guide ? guide.url : ctx.routes.file('llms.txt');
}
const aiGuides = new WeakMap<Catalog, CatalogEntry | null>();

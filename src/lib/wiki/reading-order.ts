/** What ordering needs of a document; catalog entries and source documents both fit. */
export interface OrderedDoc {
  id: string;
  project: string;
  title: string;
  /** Path relative to the content root, `/`-separated. */
  sourcePath: string;
  order?: number | undefined;
}

const LANDING = /^(index|_index|readme)\.(md|mdx|markdown)$/i;

/** True for a folder's landing page: its `README.md`, `index.md` or a section's `_index.md`. */
export function isLandingPage(sourcePath: string): boolean {
  return LANDING.test(sourcePath.split('/').pop() ?? '');
}

/** The landing page of a project: `<folder>/README.md` or `<folder>/index.md` at the project's top (index wins). */
export function projectLanding<T extends OrderedDoc>(docs: readonly T[]): T | undefined {
  const top = docs.filter((d) => d.sourcePath.split('/').length === 2 && isLandingPage(d.sourcePath));
  return top.find((d) => /\/index\./i.test(d.sourcePath)) ?? top[0];
}

interface Folder {
  name: string;
  /** The folder's path from the content root, `/`-separated. */
  path: string;
  landing?: OrderedDoc;
  docs: OrderedDoc[];
  folders: Map<string, Folder>;
}

const collator = new Intl.Collator('ko', { numeric: true });

/**
 * Each project's documents in reading order: a folder's landing page first, then its documents and
 * subfolders by `order` (unset last), then title (numbers compared as numbers); a subfolder sorts by its
 * landing page's order and title, else its name. Documents at the content root have no folder above them.
 */
export function readingOrder(docs: readonly OrderedDoc[]): Map<string, string[]> {
  const byProject = byProjectOf(docs);
  const out = new Map<string, string[]>();
  for (const [project, mine] of [...byProject].sort((a, b) => collator.compare(a[0], b[0]))) out.set(project, flatten(treeOf(mine)));
  return out;
}

/** Previous and next document ids of `id` in its project's reading order. */
export function prevNext(order: ReadonlyMap<string, readonly string[]>, project: string, id: string): { prev?: string; next?: string } {
  const ids = order.get(project) ?? [];
  const i = ids.indexOf(id);
  if (i < 0) return {};
  return { ...(i > 0 ? { prev: ids[i - 1]! } : {}), ...(i + 1 < ids.length ? { next: ids[i + 1]! } : {}) };
}

/** The documents of each project, in the order given. */
function byProjectOf(docs: readonly OrderedDoc[]): Map<string, OrderedDoc[]> {
  const byProject = new Map<string, OrderedDoc[]>();
  for (const d of docs) {
    const mine = byProject.get(d.project);
    if (mine) mine.push(d);
    else byProject.set(d.project, [d]);
  }
  return byProject;
}

function treeOf(docs: readonly OrderedDoc[]): Folder {
  const root: Folder = { name: '', path: '', docs: [], folders: new Map() };
  for (const d of docs) {
    const parts = d.sourcePath.split('/');
    let folder = root;
    for (const part of parts.slice(0, -1)) {
      let next = folder.folders.get(part);
      if (!next) folder.folders.set(part, (next = { name: part, path: folder.path ? `${folder.path}/${part}` : part, docs: [], folders: new Map() }));
      folder = next;
    }
    if (isLandingPage(d.sourcePath) && !folder.landing && parts.length > 1) folder.landing = d;
    else folder.docs.push(d);
  }
  return root;
}

/** One entry of a project's sidebar: a document, or a folder (section) with its landing page and entries. */
export type SidebarNode =
  | { kind: 'doc'; id: string; title: string }
  | { kind: 'folder'; name: string; path: string; title: string; landing?: string; collapsed?: boolean; children: SidebarNode[] };

/** What the content says of a folder (its `_category_.json`): the section's title, its place among its siblings, whether it starts closed. */
export interface FolderInfo {
  title?: string | undefined;
  order?: number | undefined;
  collapsed?: boolean | undefined;
}

/**
 * Each project's sidebar as a tree in reading order: folders become sections titled by their landing page
 * (else the folder name made readable), the project folder's own landing page leads the list; `folders` (the catalog's,
 * keyed by path) titles, places and closes sections as the content's folder files say. Flattened, it is `readingOrder`.
 */
export function sidebarTree(docs: readonly OrderedDoc[], folders: ReadonlyMap<string, FolderInfo> = new Map()): Map<string, SidebarNode[]> {
  const byProject = byProjectOf(docs);
  const out = new Map<string, SidebarNode[]>();
  for (const [project, mine] of [...byProject].sort((a, b) => collator.compare(a[0], b[0]))) {
    const root = treeOf(mine);
    // The project folder itself is not a section: its landing page and entries form the top level.
    const top = root.docs.length === 0 && root.folders.size === 1 ? [...root.folders.values()][0]! : root;
    out.set(project, [...(top.landing ? [docNode(top.landing)] : []), ...entriesOf(top, folders)]);
  }
  return out;
}

function docNode(d: OrderedDoc): SidebarNode {
  return { kind: 'doc', id: d.id, title: d.title };
}

function entriesOf(folder: Folder, info: ReadonlyMap<string, FolderInfo> = new Map()): SidebarNode[] {
  const entries: { order?: number; title: string; node: () => SidebarNode }[] = [
    ...folder.docs.map((d) => ({ ...(d.order !== undefined ? { order: d.order } : {}), title: d.title, node: () => docNode(d) })),
    ...[...folder.folders.values()].map((f) => {
      // A folder's own description (a category file) names and places it before its landing page does.
      const given = info.get(f.path);
      const title = given?.title ?? f.landing?.title ?? readableFolderName(f.name);
      const order = given?.order ?? f.landing?.order;
      const node = (): SidebarNode => ({
        kind: 'folder',
        name: f.name,
        path: f.path,
        title,
        ...(f.landing ? { landing: f.landing.id } : {}),
        ...(given?.collapsed !== undefined ? { collapsed: given.collapsed } : {}),
        children: entriesOf(f, info),
      });
      return { ...(order !== undefined ? { order } : {}), title, node };
    }),
  ];
  entries.sort((a, b) => (a.order ?? Infinity) - (b.order ?? Infinity) || collator.compare(a.title, b.title));
  return entries.map((e) => e.node());
}

function flatten(folder: Folder): string[] {
  const ids = (nodes: SidebarNode[]): string[] => nodes.flatMap((n) => (n.kind === 'doc' ? [n.id] : [...(n.landing ? [n.landing] : []), ...ids(n.children)]));
  return [...(folder.landing ? [folder.landing.id] : []), ...ids(entriesOf(folder))];
}

/**
 * A bare folder name as a title: a sorting prefix (`01-`, `2_`) dropped, `-`/`_` read as spaces and the first
 * letter capitalised (`getting-started` → `Getting started`). Names with capitals or non-Latin letters are kept.
 */
export function readableFolderName(name: string): string {
  const bare = name.replace(/^\d+[-_. ]+(?=\S)/, '');
  if (/[A-Z]/.test(bare) || !/^[a-z]/.test(bare)) return bare.replace(/[-_]+/g, ' ').trim() || name;
  const spaced = bare.replace(/[-_]+/g, ' ').trim();
  return spaced ? spaced[0]!.toUpperCase() + spaced.slice(1) : name;
}

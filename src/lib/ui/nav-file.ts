/** The per-project sidebar file (`nav/<project>.json`) as the build writes it and the browser reads it. */

/** One document link of the side navigation. */
export interface NavItem {
  title: string;
  href: string;
}

/** A group of the side navigation: a folder (key: its path from the content root) or a category (key: its value), complete. */
export interface NavGroup {
  key: string;
  label: string;
  items: NavEntry[];
  /** Set when the content says whether the group starts closed (a folder's `_category_.json` `collapsed`); the current page's group opens anyway. */
  collapsed?: boolean;
}

/** A document link or a nested group. */
export type NavEntry = NavItem | NavGroup;

/** The per-project sidebar file: the project's whole tree, documents in reading order. */
export interface NavFile {
  project: string;
  items: NavEntry[];
}

export function isNavGroup(entry: NavEntry): entry is NavGroup {
  return 'items' in entry;
}

/** The group of `key` anywhere in `entries` (depth first), or undefined. */
export function findNavGroup(entries: readonly NavEntry[], key: string): NavGroup | undefined {
  for (const entry of entries) {
    if (!isNavGroup(entry)) continue;
    if (entry.key === key) return entry;
    const inner = findNavGroup(entry.items, key);
    if (inner) return inner;
  }
  return undefined;
}

/** Longest nesting a sidebar file may have; deeper is not a file the build wrote. */
const MAX_DEPTH = 64;

/** True when `json` has the shape of a sidebar file, so the browser can trust what it fetched. */
export function isNavFile(json: unknown): json is NavFile {
  const isText = (v: unknown) => typeof v === 'string';
  const isEntry = (v: unknown, depth: number): boolean => {
    if (typeof v !== 'object' || v === null) return false;
    const o = v as Record<string, unknown>;
    if ('items' in o)
      return depth < MAX_DEPTH && isText(o['key']) && isText(o['label']) && Array.isArray(o['items']) && o['items'].every((e) => isEntry(e, depth + 1));
    return isText(o['title']) && isText(o['href']);
  };
  return (
    typeof json === 'object' &&
    json !== null &&
    isText((json as NavFile).project) &&
    Array.isArray((json as NavFile).items) &&
    (json as NavFile).items.every((e) => isEntry(e, 0))
  );
}

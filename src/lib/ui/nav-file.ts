/** The per-project sidebar file (`nav/<project>.json`) as the build writes it and the browser reads it. */

/** One document link of the side navigation. */
export interface NavItem {
  title: string;
  href: string;
}

/** One category group of a project, complete. */
export interface NavGroup {
  key: string;
  label: string;
  items: NavItem[];
}

/** The per-project sidebar file: every group of the project with all its documents, in reading order. */
export interface NavFile {
  project: string;
  groups: NavGroup[];
}

/** True when `json` has the shape of a sidebar file, so the browser can trust what it fetched. */
export function isNavFile(json: unknown): json is NavFile {
  const isText = (v: unknown) => typeof v === 'string';
  const isItem = (v: unknown) => typeof v === 'object' && v !== null && isText((v as NavItem).title) && isText((v as NavItem).href);
  const isGroup = (v: unknown) =>
    typeof v === 'object' &&
    v !== null &&
    isText((v as NavGroup).key) &&
    isText((v as NavGroup).label) &&
    Array.isArray((v as NavGroup).items) &&
    (v as NavGroup).items.every(isItem);
  return (
    typeof json === 'object' &&
    json !== null &&
    isText((json as NavFile).project) &&
    Array.isArray((json as NavFile).groups) &&
    (json as NavFile).groups.every(isGroup)
  );
}

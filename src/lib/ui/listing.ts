/** What a listing needs to know about one document to filter and sort it. */
export interface ListingItem {
  id: string;
  title: string;
  project: string;
  category: string;
  tags: readonly string[];
  updatedAt: string;
}

/** Sort orders of a listing; `date` (newest first) is the server-rendered default. */
export type SortOrder = 'date' | 'title';

/** The state of a listing's controls; empty strings mean "all". */
export interface ListingState {
  project: string;
  category: string;
  tag: string;
  sort: SortOrder;
}

const collator = new Intl.Collator(['ko', 'en'], { numeric: true, sensitivity: 'base' });

/** Sorts items newest first (ties by title) or by title (Korean collation, ties by id). */
export function sortItems<T extends ListingItem>(items: readonly T[], order: SortOrder): T[] {
  const byTitle = (a: T, b: T) => collator.compare(a.title, b.title) || a.id.localeCompare(b.id);
  if (order === 'title') return [...items].sort(byTitle);
  return [...items].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || byTitle(a, b));
}

/** Keeps the items that match every non-empty filter of the state. */
export function filterItems<T extends ListingItem>(items: readonly T[], state: Omit<ListingState, 'sort'>): T[] {
  return items.filter(
    (d) => (!state.project || d.project === state.project) && (!state.category || d.category === state.category) && (!state.tag || d.tags.includes(state.tag)),
  );
}

/** Filters, then sorts: what a listing shows for a state. */
export function applyListing<T extends ListingItem>(items: readonly T[], state: ListingState): T[] {
  return sortItems(filterItems(items, state), state.sort);
}

/** Counts per value of a field, most frequent first (ties in collation order). */
export function facetCounts(items: readonly ListingItem[], field: 'project' | 'category' | 'tags'): { value: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const item of items) {
    const values = field === 'tags' ? item.tags : [item[field]];
    for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  }
  return [...counts].map(([value, count]) => ({ value, count })).sort((a, b) => b.count - a.count || collator.compare(a.value, b.value));
}

/** Reads a listing state from URL search params, ignoring unknown sort values. */
export function parseListingState(params: URLSearchParams): ListingState {
  const sort = params.get('sort');
  return {
    project: params.get('project') ?? '',
    category: params.get('category') ?? '',
    tag: params.get('tag') ?? '',
    sort: sort === 'title' ? 'title' : 'date',
  };
}

/** Writes the non-default parts of a state as URL search params (for shareable filtered listings). */
export function listingParams(state: ListingState): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ['project', 'category', 'tag'] as const) if (state[key]) params.set(key, state[key]);
  if (state.sort !== 'date') params.set('sort', state.sort);
  return params;
}

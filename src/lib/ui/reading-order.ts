/**
 * Reading order of a project's documents, and previous/next along it.
 * Until the catalog carries the `markdown` branch's `order` and its own reading-order function, this small one
 * sorts by `order` (missing = last), then title; swap `readingOrder` for that function when it lands.
 */

/** What ordering needs of a document. */
export interface Orderable {
  id: string;
  title: string;
  order?: number | undefined;
}

const collator = new Intl.Collator('ko', { numeric: true });

/** Documents by `order` (those without one last), then title, then id. */
export function readingOrder<T extends Orderable>(docs: readonly T[]): T[] {
  return [...docs].sort((a, b) => (a.order ?? Infinity) - (b.order ?? Infinity) || collator.compare(a.title, b.title) || a.id.localeCompare(b.id));
}

/** The neighbours of `id` in a flat sequence (the sidebar read top to bottom); undefined at either end. */
export function neighbours<T extends { id: string }>(sequence: readonly T[], id: string): { prev: T | undefined; next: T | undefined } {
  const i = sequence.findIndex((d) => d.id === id);
  if (i < 0) return { prev: undefined, next: undefined };
  return { prev: sequence[i - 1], next: sequence[i + 1] };
}

/** Previous/next along a flat sequence (the sidebar read top to bottom); the order itself is `readingOrder` in src/lib/wiki. */

/** The neighbours of `id` in a flat sequence (the sidebar read top to bottom); undefined at either end. */
export function neighbours<T extends { id: string }>(sequence: readonly T[], id: string): { prev: T | undefined; next: T | undefined } {
  const i = sequence.findIndex((d) => d.id === id);
  if (i < 0) return { prev: undefined, next: undefined };
  return { prev: sequence[i - 1], next: sequence[i + 1] };
}

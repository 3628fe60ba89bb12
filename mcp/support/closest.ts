import { MAX_ID_CHARS } from './limits.ts';

/** Up to `n` ids closest to `wanted`: substring matches first, then by edit distance (for "did you mean"). */
export function closestIds(wanted: string, ids: readonly string[], n = 3): string[] {
  // Nothing longer than an id can be near one; the cost below is length × ids, so it must stay bounded.
  if (wanted.length > MAX_ID_CHARS * 2) return [];
  const w = wanted.trim().toLowerCase();
  if (!w) return ids.slice(0, n);
  const last = w.split('/').pop() ?? w;
  const limit = Math.max(2, Math.ceil(w.length * 0.6));
  const scored = ids.map((id) => {
    const lower = id.toLowerCase();
    // A containing id (or the same last segment) beats any typo distance.
    const contains = lower.includes(w) || w.includes(lower) || lower.endsWith(`/${last}`) ? 0 : 1;
    // The distance is at least the length difference, so far-off ids skip the O(n·m) table.
    const distance = Math.abs(w.length - lower.length) > limit ? Infinity : editDistance(w, lower);
    return { id, contains, distance };
  });
  scored.sort((a, b) => a.contains - b.contains || a.distance - b.distance || a.id.localeCompare(b.id));
  return scored
    .filter((s) => s.contains === 0 || s.distance <= limit)
    .slice(0, n)
    .map((s) => s.id);
}

/** Levenshtein distance; inputs are ids (≤ 200 chars), so the O(n·m) table is cheap. */
export function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = row;
  }
  return prev[b.length]!;
}

import type { CallToolResult } from '@modelcontextprotocol/server';
import { closestIds } from '../support/closest.ts';
import { parseDateBound } from '../support/dates.ts';
import type { ArtifactSet } from '../artifacts.ts';
import { fail } from './common.ts';

/** Checks a project/category name against the build, so a typo gets the valid names instead of zero results. */
export function checkName(set: ArtifactSet, kind: 'project' | 'category', value: string | undefined): CallToolResult | undefined {
  if (value === undefined) return undefined;
  const names = (kind === 'project' ? set.catalog.projects : set.catalog.categories).map((p) => p.id);
  if (names.includes(value)) return undefined;
  return fail(
    `Unknown ${kind} "${value.slice(0, 100)}". Known ${kind === 'project' ? 'projects' : 'categories'}: ${names.join(', ')}. Call list_projects to see them with counts.`,
  );
}

/**
 * Checks tag filters against the build's tags: a tag no document carries (a wrong case, a typo) would only ever give
 * zero results, so it gets the nearest tags instead. The tag list can be long, so only the nearest few are named.
 */
export function checkTags(set: ArtifactSet, field: string, tags: readonly string[] | undefined): CallToolResult | undefined {
  const known = set.catalog.tags.map((t) => t.id);
  const unknown = (tags ?? []).find((t) => !known.includes(t));
  if (unknown === undefined) return undefined;
  const fold = (t: string) => t.normalize('NFC').toLowerCase();
  const same = known.find((t) => fold(t) === fold(unknown));
  if (same !== undefined) return fail(`Unknown ${field} "${unknown.slice(0, 100)}": tags match exactly. Did you mean "${same}"?`);
  const near = closestIds(unknown, known, 5);
  const hint = near.length ? `Nearest tags: ${near.join(', ')}.` : 'No tag is close to it.';
  return fail(`Unknown ${field} "${unknown.slice(0, 100)}": no document carries it. ${hint}`);
}

/** A [from, to] window in ms from optional date strings; an error result when one is not a date or the order is wrong. */
export function dateWindow(
  fromField: string,
  from: string | undefined,
  toField: string,
  to: string | undefined,
): { from: number; to: number } | CallToolResult {
  const lo = from === undefined ? { ok: true as const, ms: -Infinity } : parseDateBound(fromField, from, 'start');
  if (!lo.ok) return fail(lo.error);
  const hi = to === undefined ? { ok: true as const, ms: Infinity } : parseDateBound(toField, to, 'end');
  if (!hi.ok) return fail(hi.error);
  if (lo.ms > hi.ms) return fail(`${fromField} (${from}) is after ${toField} (${to}). Swap them or widen the window.`);
  return { from: lo.ms, to: hi.ms };
}

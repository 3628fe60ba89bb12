const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})$/;

/** A parsed date bound in ms, or an error message naming the field and the accepted forms. */
export type DateBound = { ok: true; ms: number } | { ok: false; error: string };

/**
 * Parses `YYYY-MM-DD` or an ISO 8601 date-time; a date-only upper bound means the end of that day (UTC),
 * so `to: 2026-11-30` includes changes made on the 30th.
 */
export function parseDateBound(field: string, value: string, edge: 'start' | 'end'): DateBound {
  const v = value.trim();
  const dateOnly = DATE_ONLY.test(v);
  const ms = dateOnly ? Date.parse(`${v}T00:00:00.000Z`) : DATE_TIME.test(v) ? Date.parse(v) : NaN;
  // Date.parse rolls 2026-02-31 over to March; a round trip catches impossible calendar dates.
  // The date part of a date-time too: Date.parse takes 2026-02-30T00:00:00Z as March 2.
  const day = v.slice(0, 10);
  const dayMs = Date.parse(`${day}T00:00:00.000Z`);
  const valid = !Number.isNaN(ms) && !Number.isNaN(dayMs) && new Date(dayMs).toISOString().slice(0, 10) === day;
  if (!valid) {
    return { ok: false, error: `${field}: "${value}" is not a date. Use YYYY-MM-DD (e.g. 2026-11-01) or an ISO 8601 date-time (e.g. 2026-11-01T09:00:00Z).` };
  }
  return { ok: true, ms: dateOnly && edge === 'end' ? ms + 86_400_000 - 1 : ms };
}

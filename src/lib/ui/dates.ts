import type { Lang } from './strings.ts';

const DAY = 86_400_000;

/** `2026년 11월 27일` / `November 27, 2026`, read in UTC because catalog dates are calendar days. */
export function formatDate(iso: string, lang: Lang): string {
  return formatterOf(lang).format(new Date(iso));
}

// Building an Intl formatter costs far more than formatting: a build formats ~20 dates on each of its pages.
const dateFormats = new Map<Lang, Intl.DateTimeFormat>();
const relativeFormats = new Map<Lang, Intl.RelativeTimeFormat>();
function formatterOf(lang: Lang): Intl.DateTimeFormat {
  let f = dateFormats.get(lang);
  if (!f) dateFormats.set(lang, (f = new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' })));
  return f;
}

/** The calendar day of an ISO timestamp, `YYYY-MM-DD` (UTC). */
export function dayOf(iso: string): string {
  return new Date(iso).toISOString().slice(0, 10);
}

/** Whole calendar days from `iso` to `now` (UTC days; never negative). */
export function daysBetween(iso: string, now: Date): number {
  const from = Date.parse(dayOf(iso));
  const to = Date.parse(now.toISOString().slice(0, 10));
  return Math.max(0, Math.round((to - from) / DAY));
}

/** `오늘`, `어제`, `3일 전`, `2주 전`, `5개월 전`, `1년 전` (or English) for a past date. */
export function relativeDate(iso: string, now: Date, lang: Lang): string {
  const days = daysBetween(iso, now);
  let rtf = relativeFormats.get(lang);
  if (!rtf) relativeFormats.set(lang, (rtf = new Intl.RelativeTimeFormat(lang, { numeric: 'auto' })));
  if (days < 7) return rtf.format(-days, 'day');
  if (days < 30) return rtf.format(-Math.floor(days / 7), 'week');
  if (days < 365) return rtf.format(-Math.floor(days / 30), 'month');
  return rtf.format(-Math.floor(days / 365), 'year');
}

/** The first calendar day (`YYYY-MM-DD`) of a window of `days` days ending today; '' for "all time". */
export function sinceDay(now: Date, days: number): string {
  if (!(days > 0)) return '';
  return new Date(Date.parse(now.toISOString().slice(0, 10)) - (days - 1) * DAY).toISOString().slice(0, 10);
}

import { describe, expect, test } from 'vitest';
import { dayOf, daysBetween, formatDate, relativeDate, sinceDay } from './dates.ts';

const NOW = new Date('2026-11-30T07:30:00.000Z');

describe('formatDate', () => {
  test.each([
    ['2026-11-27T00:00:00.000Z', 'ko', '2026년 11월 27일'],
    ['2026-11-27T00:00:00.000Z', 'en', 'November 27, 2026'],
    ['2026-01-01T23:59:00.000Z', 'ko', '2026년 1월 1일'],
  ] as const)('%s in %s → %s', (iso, lang, want) => {
    expect(formatDate(iso, lang)).toBe(want);
  });
});

describe('relativeDate', () => {
  test.each([
    ['2026-11-30T00:00:00.000Z', 'ko', '오늘'],
    ['2026-11-29T00:00:00.000Z', 'ko', '어제'],
    ['2026-11-27T00:00:00.000Z', 'ko', '3일 전'],
    ['2026-11-16T00:00:00.000Z', 'ko', '2주 전'],
    ['2026-06-30T00:00:00.000Z', 'ko', '5개월 전'],
    ['2025-11-01T00:00:00.000Z', 'ko', '작년'],
    ['2023-11-01T00:00:00.000Z', 'ko', '3년 전'],
    ['2026-11-27T00:00:00.000Z', 'en', '3 days ago'],
    ['2026-11-29T00:00:00.000Z', 'en', 'yesterday'],
    ['2027-01-01T00:00:00.000Z', 'ko', '오늘'],
  ] as const)('%s in %s → %s', (iso, lang, want) => {
    expect(relativeDate(iso, NOW, lang)).toBe(want);
  });
});

test('dayOf and daysBetween use UTC calendar days', () => {
  expect(dayOf('2026-11-27T23:00:00.000Z')).toBe('2026-11-27');
  expect(daysBetween('2026-11-27T23:00:00.000Z', NOW)).toBe(3);
});

test.each([
  [7, '2026-11-24'],
  [1, '2026-11-30'],
  [0, ''],
  [Number.NaN, ''],
])('sinceDay(now, %s) = %s', (days, want) => {
  expect(sinceDay(NOW, days)).toBe(want);
});

import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { Wiki } from '../lib/wiki/pipeline.ts';
import type { DevBuild } from '../node/dev-wiki.ts';
import { devUpdates, QUICK_ABOVE_MS, QUICK_FROM_DOCUMENTS, SETTLE_MS } from './dev-updates.ts';

/** A wiki of `n` documents (only the count matters to the scheduler). */
const wikiOf = (n: number) => ({ documents: Array.from({ length: n }) }) as unknown as Wiki;

/** The updates the scheduler asked for ('quick' carries related lists, 'full' derives them) and what it applied. */
function harness(documents: number, { fullMs = 10, errors = false } = {}) {
  const calls: string[] = [];
  let clock = 0;
  const updates = devUpdates({
    update: (carryFrom) => {
      calls.push(carryFrom ? 'quick' : 'full');
      clock += carryFrom ? 1 : fullMs;
      return { wiki: wikiOf(documents), texts: new Map() } satisfies DevBuild;
    },
    current: () => wikiOf(documents),
    accept: () => !errors,
    apply: (_build, { quick }) => void calls.push(quick ? 'applied quick' : 'applied full'),
    now: () => clock,
  });
  return { calls, updates };
}

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

describe('devUpdates', () => {
  test('the reports of one turn (a rename is a delete and an add, two loaders once watched each) make one update', () => {
    const { calls, updates } = harness(10);
    updates.changed();
    updates.changed();
    updates.changed();
    vi.runAllTimers();
    expect(calls).toEqual(['full', 'applied full']);
    expect(updates.pending()).toBe(false);
  });

  test('a small wiki is updated in full at once', () => {
    const { calls, updates } = harness(QUICK_FROM_DOCUMENTS - 1);
    updates.changed();
    vi.runAllTimers();
    updates.changed();
    vi.runAllTimers();
    expect(calls).toEqual(['full', 'applied full', 'full', 'applied full']);
  });

  test('a large wiki gets a quick update per save, and one full update once the saves stop', () => {
    const { calls, updates } = harness(QUICK_FROM_DOCUMENTS, { fullMs: QUICK_ABOVE_MS + 1 });
    updates.changed();
    vi.advanceTimersByTime(1);
    expect(calls).toEqual(['quick', 'applied quick']);
    // A second save before the settling update moves it back.
    vi.advanceTimersByTime(SETTLE_MS - 100);
    updates.changed();
    vi.advanceTimersByTime(1);
    vi.advanceTimersByTime(SETTLE_MS - 100);
    expect(calls).toEqual(['quick', 'applied quick', 'quick', 'applied quick']);
    expect(updates.pending()).toBe(true);
    vi.advanceTimersByTime(100);
    expect(calls).toEqual(['quick', 'applied quick', 'quick', 'applied quick', 'full', 'applied full']);
    expect(updates.pending()).toBe(false);
  });

  test('a wiki whose full update proved fast is updated in full from then on, however large', () => {
    const { calls, updates } = harness(QUICK_FROM_DOCUMENTS, { fullMs: QUICK_ABOVE_MS - 1 });
    updates.changed();
    vi.runAllTimers();
    updates.changed();
    vi.runAllTimers();
    expect(calls).toEqual(['quick', 'applied quick', 'full', 'applied full', 'full', 'applied full']);
  });

  test('a version with errors is not applied and schedules nothing', () => {
    const { calls, updates } = harness(QUICK_FROM_DOCUMENTS, { errors: true });
    updates.changed();
    vi.runAllTimers();
    expect(calls).toEqual(['quick']);
    expect(updates.pending()).toBe(false);
  });
});

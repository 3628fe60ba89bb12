import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { Wiki } from '../lib/wiki/pipeline.ts';
import type { DevBuild } from '../node/dev-wiki.ts';
import { devUpdates, GATHER_MS, QUICK_ABOVE_MS, QUICK_FROM_DOCUMENTS, SETTLE_MS } from './dev-updates.ts';

/** A wiki of `n` documents (only the count matters to the scheduler). */
const wikiOf = (n: number) => ({ documents: Array.from({ length: n }) }) as unknown as Wiki;

/**
 * The updates the scheduler asked for ('quick' carries related lists, 'full' derives them, 'relate' weighs them on the
 * other thread) and what it applied. `relate` answers with a changed build unless `unchanged`, or fails with `failing`.
 */
function harness(documents: number, { fullMs = 10, errors = false, unchanged = false, failing = false } = {}) {
  const calls: string[] = [];
  const warnings: string[] = [];
  let clock = 0;
  const updates = devUpdates({
    update: (carryFrom) => {
      calls.push(carryFrom ? 'quick' : 'full');
      clock += carryFrom ? 1 : fullMs;
      return { wiki: wikiOf(documents), texts: new Map() } satisfies DevBuild;
    },
    current: () => wikiOf(documents),
    relate: async (build) => {
      calls.push('relate');
      if (failing) throw new Error('the related-documents thread stopped (exit code 1)');
      return unchanged ? undefined : build;
    },
    accept: () => !errors,
    apply: async (_build, { quick }) => void calls.push(quick ? 'applied quick' : 'applied full'),
    warn: (message) => void warnings.push(message),
    now: () => clock,
  });
  return { calls, updates, warnings };
}

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

describe('devUpdates', () => {
  test('the reports within GATHER_MS (a save truncates then writes, a rename is a delete and an add) make one update', () => {
    const { calls, updates } = harness(10);
    updates.changed();
    vi.advanceTimersByTime(GATHER_MS - 1);
    updates.changed();
    updates.changed();
    expect(calls).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(calls).toEqual(['full', 'applied full']);
    updates.changed();
    vi.runAllTimers();
    expect(calls).toEqual(['full', 'applied full', 'full', 'applied full']);
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

  test('a large wiki gets a quick update per save, and its related lists weighed on the other thread once the saves stop', async () => {
    const { calls, updates } = harness(QUICK_FROM_DOCUMENTS);
    updates.changed();
    await vi.advanceTimersByTimeAsync(GATHER_MS);
    expect(calls).toEqual(['quick', 'applied quick']);
    // A second save before the weighing moves it back.
    await vi.advanceTimersByTimeAsync(SETTLE_MS - 100);
    updates.changed();
    await vi.advanceTimersByTimeAsync(GATHER_MS);
    await vi.advanceTimersByTimeAsync(SETTLE_MS - 100);
    expect(calls).toEqual(['quick', 'applied quick', 'quick', 'applied quick']);
    expect(updates.pending()).toBe(true);
    await vi.advanceTimersByTimeAsync(100);
    // Weighed once, and never on the main thread (no 'full'): the lists it found are shown.
    expect(calls).toEqual(['quick', 'applied quick', 'quick', 'applied quick', 'relate', 'applied full']);
    expect(updates.pending()).toBe(false);
  });

  test('related lists weighed as they were carried show nothing new: no update is applied', async () => {
    const { calls, updates } = harness(QUICK_FROM_DOCUMENTS, { unchanged: true });
    updates.changed();
    await vi.runAllTimersAsync();
    expect(calls).toEqual(['quick', 'applied quick', 'relate']);
    expect(updates.pending()).toBe(false);
  });

  test('a save while the related lists are weighed: that weighing is not shown, the one after the new save is', async () => {
    const calls: string[] = [];
    const answers: (() => void)[] = [];
    const updates = devUpdates({
      update: (carryFrom) => (calls.push(carryFrom ? 'quick' : 'full'), { wiki: wikiOf(QUICK_FROM_DOCUMENTS), texts: new Map() }),
      current: () => wikiOf(QUICK_FROM_DOCUMENTS),
      relate: (build) => (calls.push('relate'), new Promise((resolve) => answers.push(() => resolve(build)))),
      accept: () => true,
      apply: async (_build, { quick }) => void calls.push(quick ? 'applied quick' : 'applied full'),
    });
    updates.changed();
    await vi.advanceTimersByTimeAsync(GATHER_MS + SETTLE_MS);
    expect(calls).toEqual(['quick', 'applied quick', 'relate']);
    updates.changed();
    await vi.advanceTimersByTimeAsync(GATHER_MS);
    answers[0]!();
    await vi.advanceTimersByTimeAsync(SETTLE_MS);
    expect(calls).toEqual(['quick', 'applied quick', 'relate', 'quick', 'applied quick', 'relate']);
    answers[1]!();
    await vi.runAllTimersAsync();
    expect(calls).toEqual(['quick', 'applied quick', 'relate', 'quick', 'applied quick', 'relate', 'applied full']);
    expect(updates.pending()).toBe(false);
  });

  test('when the other thread fails, the related lists are weighed on the main thread, and the failure is told', async () => {
    const { calls, updates, warnings } = harness(QUICK_FROM_DOCUMENTS, { failing: true, fullMs: QUICK_ABOVE_MS + 1 });
    updates.changed();
    await vi.runAllTimersAsync();
    expect(calls).toEqual(['quick', 'applied quick', 'relate', 'full', 'applied full']);
    expect(warnings).toEqual(['the related-documents thread stopped (exit code 1); the related documents are weighed on the main thread']);
  });

  test('a wiki whose full update proved fast is updated in full from then on, however large', async () => {
    const { calls, updates } = harness(QUICK_FROM_DOCUMENTS, { failing: true, fullMs: QUICK_ABOVE_MS - 1 });
    updates.changed();
    await vi.runAllTimersAsync();
    updates.changed();
    await vi.runAllTimersAsync();
    expect(calls).toEqual(['quick', 'applied quick', 'relate', 'full', 'applied full', 'full', 'applied full']);
  });

  test('the weighing waits until the pages show the quick update, then SETTLE_MS more', async () => {
    const calls: string[] = [];
    let stored = () => {};
    const updates = devUpdates({
      update: (carryFrom) => (calls.push(carryFrom ? 'quick' : 'full'), { wiki: wikiOf(QUICK_FROM_DOCUMENTS), texts: new Map() }),
      current: () => wikiOf(QUICK_FROM_DOCUMENTS),
      relate: async () => void calls.push('relate'),
      accept: () => true,
      apply: (_build, { quick }) => (quick ? new Promise<void>((resolve) => (stored = resolve)) : Promise.resolve()),
    });
    updates.changed();
    await vi.advanceTimersByTimeAsync(GATHER_MS + SETTLE_MS * 3);
    expect(calls).toEqual(['quick']);
    expect(updates.pending()).toBe(true);
    stored();
    await vi.advanceTimersByTimeAsync(SETTLE_MS - 1);
    expect(calls).toEqual(['quick']);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toEqual(['quick', 'relate']);
  });

  test('a version with errors is not applied and schedules nothing', () => {
    const { calls, updates } = harness(QUICK_FROM_DOCUMENTS, { errors: true });
    updates.changed();
    vi.runAllTimers();
    expect(calls).toEqual(['quick']);
    expect(updates.pending()).toBe(false);
  });
});

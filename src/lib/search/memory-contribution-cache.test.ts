import { describe, expect, test } from 'vitest';
import type { Contribution } from './index-contribution.ts';
import { createMemoryContributionCache } from './memory-contribution-cache.ts';

const contribution = (n: number): Contribution => ({
  terms: [`t${n}`],
  fields: [[0, 1]],
  sectionFrequency: [[0, 1]],
  prose: [[0, 1]],
  totals: [1],
  bodyTerms: [1],
  glosses: [],
});

describe('createMemoryContributionCache', () => {
  test('a sweep keeps what the emits since the last sweep used, and forgets the rest', () => {
    const cache = createMemoryContributionCache();
    cache.set('a', contribution(1));
    cache.set('b', contribution(2));
    cache.sweep();
    expect(cache.get('a')).toEqual(contribution(1));
    cache.sweep();
    expect(cache.get('a')).toEqual(contribution(1));
    expect(cache.get('b')).toBeUndefined();
  });

  test('what it hands out is a copy: changing it leaves the kept entry as it was', () => {
    const cache = createMemoryContributionCache();
    cache.set('a', contribution(1));
    cache.get('a')!.terms.push('changed');
    expect(cache.get('a')).toEqual(contribution(1));
  });
});

import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import type { SearchSource } from './index-build.ts';
import { cachedContribution, contributionOf, type Contribution, type ContributionCache } from './index-contribution.ts';
import { testSource } from './test-source.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function memoryCache(): ContributionCache {
  const held = new Map<string, Contribution>();
  return { get: (key) => held.get(key), set: (key, c) => void held.set(key, c) };
}

/** A source whose prose is derived from `markdown` as the build derives it, counting how often it is derived. */
function derivedProse(markdown: string, prose: readonly string[]): { source: SearchSource; derived: () => number } {
  let count = 0;
  let held: readonly string[] | undefined;
  const base = testSource('a', '상태 관리', { lead: '리드 문단.', sections: [['hooks', '훅', '훅은 함수다.']] });
  const source: SearchSource = {
    ...base,
    get sectionProse() {
      if (held === undefined) count++;
      return (held ??= prose);
    },
    proseMarkdown: markdown,
  };
  return { source, derived: () => count };
}

describe('cachedContribution with derived prose', () => {
  test('a document the cache holds is answered without deriving its prose, with the same contribution', () => {
    const cache = memoryCache();
    const first = derivedProse('# 상태 관리\n\n리드 문단.\n\n## 훅\n\n훅은 함수다.\n', ['리드 문단.', '훅은 함수다. 덧붙인 말']);
    const made = cachedContribution(first.source, cache, sha256);
    expect(first.derived()).toBe(1);
    expect(made).toEqual(contributionOf(first.source));
    expect(made.terms).toContain('덧붙');

    const again = derivedProse('# 상태 관리\n\n리드 문단.\n\n## 훅\n\n훅은 함수다.\n', ['리드 문단.', '훅은 함수다. 덧붙인 말']);
    expect(cachedContribution(again.source, cache, sha256)).toBe(made);
    expect(again.derived()).toBe(0);
  });

  test('changed Markdown is a cache miss, so prose derived from it is counted anew', () => {
    const cache = memoryCache();
    cachedContribution(derivedProse('본문 하나', ['리드 문단.', '훅은 함수다.']).source, cache, sha256);
    const edited = derivedProse('본문 둘', ['리드 문단.', '훅은 함수다. 새 문장']);
    const made = cachedContribution(edited.source, cache, sha256);
    expect(edited.derived()).toBe(1);
    expect(made.terms).toContain('문장');
  });

  test('without a prose input the prose itself keys the cache', () => {
    const cache = memoryCache();
    const base = testSource('a', '상태 관리', { lead: '리드 문단.', sections: [['hooks', '훅', '훅은 함수다.']] });
    const one = cachedContribution({ ...base, sectionProse: ['리드 문단.', '하나'] }, cache, sha256);
    const two = cachedContribution({ ...base, sectionProse: ['리드 문단.', '둘'] }, cache, sha256);
    expect(one.terms).toContain('하나');
    expect(two.terms).toContain('둘');
    expect(two.terms).not.toContain('하나');
  });
});

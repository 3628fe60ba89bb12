import type { Contribution, ContributionCache } from './index-contribution.ts';

/** A contribution cache held in memory between emits of one folder, keeping only what the last emit used. */
export interface MemoryContributionCache extends ContributionCache {
  /** Forgets every entry the emits since the last sweep did not use (an edited document's old contribution). */
  sweep(): void;
}

/**
 * What each document added to the search index, kept in memory by a process that emits the same folder again and
 * again (the MCP server's write path rebuilds the artifacts after every save): only changed documents are tokenized.
 * `get` hands out a copy, because building the index owns what it is given.
 */
export function createMemoryContributionCache(): MemoryContributionCache {
  let kept = new Map<string, Contribution>();
  let used = new Map<string, Contribution>();
  return {
    get(key) {
      const hit = used.get(key) ?? kept.get(key);
      if (hit === undefined) return undefined;
      used.set(key, hit);
      return structuredClone(hit);
    },
    set(key, contribution) {
      used.set(key, structuredClone(contribution));
    },
    sweep() {
      kept = used;
      used = new Map();
    },
  };
}

import { describe, expect, test } from 'vitest';
import { WIKI_HOOK, wikiSourceOf, type WikiSnapshot } from './wiki-handoff.ts';

describe('wikiSourceOf', () => {
  test('finds the wiki the maru integration exposes as its namespaced hook', () => {
    const snapshot = { root: '/content' } as WikiSnapshot; // only identity matters here
    const source = wikiSourceOf({
      integrations: [
        { name: 'other', hooks: {} },
        { name: 'maru', hooks: { [WIKI_HOOK]: () => snapshot } },
      ],
    });
    expect(source()).toBe(snapshot);
  });

  test('names the missing integration and the fix', () => {
    expect(() => wikiSourceOf({ integrations: [{ name: 'other', hooks: {} }] })).toThrow(
      'The wiki content loader needs the maru integration: add `integrations: [maru()]` to astro.config.mjs (no integration answers the "maru:wiki" hook).',
    );
  });
});

import { describe, expect, test } from 'vitest';
import { partOf, profileParts, type CpuProfile } from './cpu-profile.ts';

describe('partOf', () => {
  test.each([
    ['findNextMatchSync', 'file:///m/node_modules/@shikijs/engine-oniguruma/dist/index.mjs', 'Shiki (highlighting)'],
    ['parse', 'file:///m/node_modules/parse5/dist/parser/index.js', 'HTML re-parse and sanitize'],
    ['one', 'file:///m/node_modules/mdast-util-to-hast/lib/index.js', 'mdast → hast → HTML'],
    ['go', 'file:///m/node_modules/micromark/lib/create-tokenizer.js', 'micromark (Markdown parse)'],
    ['tokenizeWith', 'file:///m/src/lib/search/tokenize.ts', 'Maru src/lib'],
    ['loadDocs', 'file:///m/src/integrations/wiki-loader.ts', 'Maru plugins and build (src/markdown, src/node, src/integrations)'],
    ['(garbage collector)', '', 'garbage collector'],
    ['serialize', '', 'structured clone (threads, trees)'],
    ['build', 'file:///m/node_modules/vite/dist/node/chunks/node.js', 'Astro, Vite, bundling'],
    ['readFileUtf8', '', 'other'],
  ])('%s in %s is %s', (name, url, part) => {
    expect(partOf(name, url)).toBe(part);
  });

  test('idle and V8 program time belong to no part', () => {
    expect([partOf('(idle)', ''), partOf('(program)', ''), partOf('(root)', '')]).toEqual([undefined, undefined, undefined]);
  });
});

test('profileParts sums the self time of each sample by part, leaving idle time out', () => {
  const profile: CpuProfile = {
    nodes: [
      { id: 1, callFrame: { functionName: '(idle)', url: '' } },
      { id: 2, callFrame: { functionName: 'go', url: 'file:///m/node_modules/micromark/lib/x.js' } },
      { id: 3, callFrame: { functionName: '(garbage collector)', url: '' } },
      { id: 4, callFrame: { functionName: 'findNextMatchSync', url: 'file:///m/node_modules/@shikijs/engine-oniguruma/dist/index.mjs' }, children: [5] },
      { id: 5, callFrame: { functionName: 'wasm-function[25]', url: 'wasm://wasm/001c7aca' }, children: [6] },
      { id: 6, callFrame: { functionName: 'memcpy', url: '' } },
      { id: 7, callFrame: { functionName: 'readFileUtf8', url: '' } },
    ],
    samples: [1, 2, 2, 3, 1, 5, 6, 7],
    timeDeltas: [5000, 1000, 2000, 500, 9000, 4000, 250, 125],
  };
  const { total, parts } = profileParts(profile);
  expect(total).toBe(7.875);
  expect([...parts]).toEqual([
    ['micromark (Markdown parse)', 3],
    ['garbage collector', 0.5],
    // WebAssembly and native frames count for the JavaScript that called them; with none, they are other.
    ['Shiki (highlighting)', 4.25],
    ['other', 0.125],
  ]);
});

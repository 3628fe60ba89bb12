// The dialect seam (ARCHITECTURE.md, "Dialects"): the core reads plain Markdown with GitHub's extensions and reaches
// every other generator through src/lib/dialects/registry.ts. A core file that names a generator fails here.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ROOT } from './helpers/astro.ts';

/** The core: the document model, links and parse, the artifacts, the collector, the integration and the site's plugins. */
const CORE = ['src/lib/wiki', 'src/lib/markdown', 'src/lib/artifacts', 'src/node', 'src/integrations', 'src/markdown'];

/** Generators that are dialects (a folder of src/lib/dialects, or one still to be moved there). */
const GENERATOR = /\b(docusaurus|vitepress|mkdocs|hugo|jekyll|gitbook|docsify|wiki\.?js|logseq|notion|azure|obsidian|mdbook)/i;

/**
 * Core files that still name a generator, with why their dialect code has not moved yet. This list only shrinks: a file
 * on it that no longer names one fails too, so it is taken off when it is cleaned.
 */
const NOT_YET_MOVED = new Map<string, string>([
  [
    'src/lib/markdown/includes.ts',
    // One expansion (paths from the file, the root or the project; line ranges, regions and anchors; nesting, cycles and
    // size limits; embeds in a quote box) serves eight tools' include lines, each a tagged case of it. A dialect hook
    // needs that expansion's options per syntax first; until then the syntaxes are listed there, by tool.
    'the include syntaxes of eight tools share one expansion; a per-dialect include hook is still to be cut out of it',
  ],
]);

function coreSources(): string[] {
  return CORE.flatMap((dir) =>
    readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .map((f) => `${dir}/${f}`),
  ).sort();
}

describe('the core names no generator', () => {
  const files = coreSources().map((path) => ({ path, named: GENERATOR.exec(readFileSync(join(ROOT, path), 'utf8'))?.[1] }));

  test('no core file outside the list names a generator', () => {
    expect(files.filter((f) => f.named && !NOT_YET_MOVED.has(f.path)).map((f) => `${f.path} names ${f.named}`)).toEqual([]);
  });

  test('every file on the list still names one (take it off once its dialect code has moved)', () => {
    const named = new Set(files.filter((f) => f.named).map((f) => f.path));
    expect([...NOT_YET_MOVED.keys()].filter((path) => !named.has(path))).toEqual([]);
  });

  test('the core imports a dialect only through the registry (or its light lists of link and text conventions) or its types', () => {
    const bad = files.flatMap(({ path }) =>
      [...readFileSync(join(ROOT, path), 'utf8').matchAll(/from\s+'([^']*\/dialects\/[^']+)'/g)]
        .map((m) => m[1]!)
        .filter((spec) => !/\/dialects\/(registry|links|text|types)\.ts$/.test(spec))
        .map((spec) => `${path} imports ${spec}`),
    );
    expect(bad).toEqual([]);
  });
});

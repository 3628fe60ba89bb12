import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ROOT } from './helpers/astro.ts';

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => join(dir, f));
}

function imports(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  return [...text.matchAll(/^\s*(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]/gm), ...text.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1]!);
}

/** Where an import lands, relative to the project root ('' for packages). */
function target(file: string, spec: string): string {
  return spec.startsWith('.') ? relative(ROOT, join(ROOT, file, '..', spec)) : '';
}

describe('dependency direction (STYLE: dependencies point inward to src/lib)', () => {
  test('src/lib is pure: no node:*, no astro:*, nothing from pages, components, integrations, scripts or mcp', () => {
    const bad = sources('src/lib').flatMap((f) =>
      imports(f)
        .filter((s) => s.startsWith('node:') || s.startsWith('astro') || /^(src\/(pages|components|layouts|client|integrations|markdown|site)|scripts|mcp)\//.test(target(f, s)))
        .map((s) => `${f} imports ${s}`),
    );
    expect(bad).toEqual([]);
  });

  test('mcp/ never imports the site or astro; only its write path reaches the Node edge that reads content', () => {
    const bad = sources('mcp').flatMap((f) =>
      imports(f)
        .filter((s) => s.startsWith('astro') || /^src\/(pages|components|layouts|client|markdown|site)\//.test(target(f, s)) || /^content\//.test(target(f, s)) || (/^src\/integrations\//.test(target(f, s)) && !f.startsWith('mcp/write/')))
        .map((s) => `${f} imports ${s}`),
    );
    expect(bad).toEqual([]);
  });

  test('only the search contract (and benchmarks comparing against plain MiniSearch) import minisearch', () => {
    const users = ['src', 'mcp', 'scripts'].flatMap(sources).filter((f) => imports(f).includes('minisearch'));
    expect(users.sort()).toEqual(['scripts/bench.ts', 'scripts/lib/bench-alternatives.ts', 'scripts/lib/bench-load.ts', 'src/lib/search/contract.ts']);
  });
});

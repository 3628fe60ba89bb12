import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, test } from 'vitest';
import { runtimeGraph } from '../scripts/lib/runtime-graph.ts';
import { ROOT } from './helpers/astro.ts';

function sources(dir: string, extensions = ['.ts']): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => extensions.some((e) => f.endsWith(e)) && !f.endsWith('.test.ts'))
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

describe('dependency direction (ARCHITECTURE.md: dependencies point inward to src/lib)', () => {
  test('src/lib is pure: no node:*, no astro:*, nothing from pages, components, integrations, the Node edge, scripts or mcp', () => {
    const bad = sources('src/lib').flatMap((f) =>
      imports(f)
        .filter(
          (s) =>
            s.startsWith('node:') ||
            s.startsWith('astro') ||
            /^(src\/(pages|components|layouts|client|integrations|node|markdown|site)|scripts|mcp|bench)\//.test(target(f, s)),
        )
        .map((s) => `${f} imports ${s}`),
    );
    expect(bad).toEqual([]);
  });

  test('mcp/ never imports the site, astro, the build or the writer; of the Node edge, only the hash', () => {
    const bad = sources('mcp').flatMap((f) =>
      imports(f)
        .filter((s) => {
          const to = target(f, s);
          if (s.startsWith('astro') || /^src\/(pages|components|layouts|client|markdown|site|integrations|writer)\//.test(to) || /^content\//.test(to))
            return true;
          // The hash is a leaf (node:crypto only) shared with the build, so both sides agree on every artifact's sha256.
          return /^src\/node\//.test(to) && to !== 'src/node/hash.ts';
        })
        .map((s) => `${f} imports ${s}`),
    );
    expect(bad).toEqual([]);
  });

  test('the Node edge, the writer and the integration never import the server, the scripts or the site', () => {
    const bad = ['src/node', 'src/writer', 'src/integrations']
      .flatMap((d) => sources(d))
      .flatMap((f) =>
        imports(f)
          .filter((s) => /^(src\/(pages|components|layouts|client|site)|scripts|mcp|bench)\//.test(target(f, s)))
          .map((s) => `${f} imports ${s}`),
      );
    expect(bad).toEqual([]);
  });

  test('Markdown plugins are pure: src/lib and packages only, no node:*', () => {
    const bad = sources('src/markdown').flatMap((f) =>
      imports(f)
        .filter((s) => s.startsWith('node:') || /^(src\/(node|integrations|site|pages|components|layouts|client)|scripts|mcp|bench)\//.test(target(f, s)))
        .map((s) => `${f} imports ${s}`),
    );
    expect(bad).toEqual([]);
  });

  test('the server needs no build package: what mcp/cli.ts loads, file by file, comes from these packages only', () => {
    // The light MCP package (npx -y) installs exactly these; Astro, unified, KaTeX or Mermaid here would pull the build.
    const { packages } = runtimeGraph(join(ROOT, 'mcp/cli.ts'), (f) => readFileSync(f, 'utf8'), existsSync);
    expect([...packages].sort()).toEqual([
      '@modelcontextprotocol/node',
      '@modelcontextprotocol/server',
      // Snowball's English stemmer, which the one search() runs on queries.
      '@orama/stemmers',
      'github-slugger',
      'mdast-util-to-string',
      'minisearch',
      'unist-util-visit',
      'zod',
    ]);
  });

  test('the shared hash stays a leaf: it imports node:crypto and nothing else', () => {
    expect(imports('src/node/hash.ts')).toEqual(['node:crypto']);
  });

  test('pages, components and layouts read the wiki through src/site, never the build or its caches', () => {
    const bad = ['src/pages', 'src/components', 'src/layouts']
      .flatMap((d) => sources(d, ['.ts', '.astro']))
      .flatMap((f) =>
        imports(f)
          .filter((s) => /^(src\/(node|integrations)|scripts|mcp)\//.test(target(f, s)) || /^content\//.test(target(f, s)))
          .map((s) => `${f} imports ${s}`),
      );
    expect(bad).toEqual([]);
  });

  test('only the search contract (and benchmarks comparing against plain MiniSearch) import minisearch', () => {
    const users = ['src', 'mcp', 'scripts', 'bench'].flatMap((d) => sources(d)).filter((f) => imports(f).includes('minisearch'));
    expect(users.sort()).toEqual([
      'bench/alternatives.ts',
      'bench/load.ts',
      'bench/plain-searches.ts',
      'bench/server.ts',
      'scripts/bench.ts',
      'src/lib/search/contract.ts',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { importSpecifiers, packageName, runtimeGraph } from './runtime-graph.ts';

describe('importSpecifiers', () => {
  it('finds static, re-exported, side-effect and literal dynamic imports, not strings in code', () => {
    const text = [
      "import { a } from './a.js';",
      "import * as z from 'zod';",
      "export { b } from '../b.js';",
      "import './side.js';",
      "const m = await import('./lazy.js');",
      'const s = \'import x from "not-code"\';',
      'const t = `${x}/y.js`;',
    ].join('\n');
    expect(importSpecifiers(text)).toEqual(['./a.js', 'zod', '../b.js', './side.js', './lazy.js']);
  });
});

describe('packageName', () => {
  it.each([
    ['zod', 'zod'],
    ['zod/v4', 'zod'],
    ['@modelcontextprotocol/server/stdio', '@modelcontextprotocol/server'],
  ])('%s → %s', (spec, name) => expect(packageName(spec)).toBe(name));
});

describe('runtimeGraph', () => {
  it('follows relative imports from the entry and collects the packages, leaving out built-ins and unreached files', () => {
    const files: Record<string, string> = {
      '/p/cli.js': "import { main } from './main.js';\nimport { readFileSync } from 'node:fs';\nimport path from 'path';",
      '/p/main.js': "import * as z from 'zod';\nconst h = await import('./http/app.js');",
      '/p/http/app.js': "import { serve } from '@modelcontextprotocol/node/http';\nimport { main } from '../main.js';",
      '/p/types-only.js': "import { unified } from 'unified';",
    };
    const graph = runtimeGraph(
      '/p/cli.js',
      (f) => files[f]!,
      (f) => f in files,
    );
    expect([...graph.files].sort()).toEqual(['/p/cli.js', '/p/http/app.js', '/p/main.js']);
    expect([...graph.packages].sort()).toEqual(['@modelcontextprotocol/node', 'zod']);
  });

  it('names the file whose import is missing', () => {
    expect(() =>
      runtimeGraph(
        '/p/a.js',
        () => "import './gone.js';",
        (f) => f === '/p/a.js',
      ),
    ).toThrow('/p/a.js: imports ./gone.js, which is not there');
  });
});

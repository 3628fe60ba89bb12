// ESLint flat config: typescript-eslint's recommended rules, Astro files, and the boundaries of ARCHITECTURE.md as
// no-restricted-imports rules (test/import-boundaries.test.ts holds the same rules if this file is edited).
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import astro from 'eslint-plugin-astro';
import tseslint from 'typescript-eslint';

const MINISEARCH = {
  name: 'minisearch',
  message: 'Only src/lib/search/contract.ts (and bench/) import minisearch: build, browser and MCP share one search definition.',
};
const NODE = { regex: '^node:', message: 'src/lib and src/client are pure: no node:* (do I/O in src/node, scripts/ or mcp/).' };
const ASTRO = { regex: '^astro', message: 'src/lib is pure: no astro:* (pages read the wiki through src/site).' };

/** An import that climbs out of src/lib from a file `depth` folders below it: src/lib imports only itself and packages. */
const outOfLib = (depth) => ({
  regex: `^(\\.\\./){${depth + 1},}`,
  message: 'src/lib imports nothing of ours outside src/lib: no Node edge, integration, site, Markdown plugins, mcp/, scripts/ or bench/.',
});

/** Rule options from restricted paths and patterns (flat config replaces a rule's options, so each area lists all of its own). */
const restrict = (paths, patterns = []) => ({ 'no-restricted-imports': ['error', { paths, patterns }] });

const TESTS = ['**/*.test.ts', 'test/**'];

/**
 * typescript-eslint's type-checked rules on every TypeScript file: they catch floating promises and unsafe `any` that
 * the compiler lets through. They need type information, so they are the slowest part of `npm run lint`.
 * `require-await` is off: tool handlers, loaders and stores are async to satisfy Promise-returning interfaces,
 * and a body without `await` there is not a bug.
 */
const typed = [
  ...tseslint.configs.recommendedTypeChecked,
  { languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } } },
  { rules: { '@typescript-eslint/require-await': 'off' } },
  { files: ['**/*.astro', '**/*.astro/*', '**/*.js', '**/*.mjs'], ...tseslint.configs.disableTypeChecked },
  // Tests read parsed JSON answers field by field and use vitest's asymmetric matchers, which are typed `any`.
  {
    files: TESTS,
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      // Test servers take the async request handlers `node:http` calls and forgets; they answer their own errors.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false } }],
    },
  },
];
const BENCH = ['bench/**', 'scripts/bench*.ts'];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      '.astro/**',
      'bench/out/**',
      'coverage/**',
      'test-results/**',
      '.tmp/**',
      'content/**',
      'lib/**',
      'packages/*/lib/**',
      'templates/**',
    ],
  },
  js.configs.recommended,
  ...typed,
  ...astro.configs.recommended,
  prettier,
  {
    languageOptions: { globals: { console: 'readonly', process: 'readonly', URL: 'readonly', fetch: 'readonly', setTimeout: 'readonly' } },
    rules: {
      // TypeScript checks these better than ESLint can (tsc --noEmit runs in `npm run typecheck`).
      'no-undef': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // `cond ? set.add(x) : set.delete(x)` and `a && b()` read fine as statements.
      '@typescript-eslint/no-unused-expressions': ['error', { allowTernary: true, allowShortCircuit: true }],
      // `catch {}` is how optional browser APIs (localStorage in private mode) are probed.
      'no-empty': ['error', { allowEmptyCatch: true }],
      ...restrict([MINISEARCH]),
    },
  },
  // Inline scripts in .astro run before any module, as classic scripts at the top of the page.
  { files: ['**/*.astro/*.js', '**/*.astro/*.ts'], rules: { 'no-var': 'off' } },
  // src/lib: pure and self-contained. One entry per folder depth, since the rule sees import text, not resolved paths.
  ...[0, 1, 2, 3].map((depth) => ({
    files: [`src/lib/${'*/'.repeat(depth)}*.ts`],
    ignores: TESTS,
    rules: restrict([MINISEARCH], [NODE, ASTRO, outOfLib(depth)]),
  })),
  { files: ['src/lib/search/contract.ts'], rules: restrict([], [NODE, ASTRO, outOfLib(1)]) },
  // mcp/: wires the built artifacts to the protocol; never the build, the writer, the site or content. Of the Node edge, the hash only.
  {
    files: ['mcp/**/*.ts'],
    ignores: TESTS,
    rules: restrict(
      [MINISEARCH],
      [
        { regex: '^astro', message: 'mcp/ never imports Astro.' },
        {
          regex: '/src/(pages|components|layouts|client|markdown|site|integrations)/',
          message: 'mcp/ never imports the site or the build; it reads _wiki/* artifacts.',
        },
        { regex: '/content/', message: "mcp/ never reads content/; remember_knowledge runs Maru's writer (src/writer) as a process of its own." },
        {
          regex: '/src/node/(?!hash\\.ts$)',
          message: 'The MCP server imports nothing of the Node edge but its hash (a leaf both sides hash artifacts with).',
        },
        { regex: '/src/writer/', message: 'The MCP server never imports the writer; mcp/write/writer.ts starts it as a process (src/lib/write/protocol.ts).' },
      ],
    ),
  },
  // src/writer: the process remember_knowledge runs in; it reads and builds content through src/node, never the server or the site.
  {
    files: ['src/writer/**/*.ts'],
    ignores: TESTS,
    rules: restrict(
      [MINISEARCH],
      [{ regex: '/src/(pages|components|layouts|client|site|integrations)/|/(mcp|scripts)/', message: 'The writer reaches src/lib and src/node only.' }],
    ),
  },
  // Pages, components and layouts render the catalog that src/site hands them; they never call the build or its caches.
  {
    files: ['src/pages/**/*.{ts,astro}', 'src/components/**/*.{ts,astro}', 'src/layouts/**/*.{ts,astro}'],
    rules: restrict(
      [MINISEARCH],
      [
        {
          regex: '^(\\.\\./)+(node|integrations)/',
          message: 'Pages read the wiki through src/site/wiki.ts, never the build (src/node, src/integrations) or its caches.',
        },
        { regex: '/(mcp|scripts)/', message: 'The site never imports the server or the scripts.' },
      ],
    ),
  },
  // Markdown plugins: pure syntax-tree transforms over src/lib; what they need from disk is passed in as options.
  {
    files: ['src/markdown/**/*.ts'],
    ignores: TESTS,
    rules: restrict(
      [MINISEARCH],
      [
        NODE,
        {
          regex: '^(\\.\\./)+(node|integrations|site|pages|components|layouts|client)/|/(mcp|scripts)/',
          message: 'Markdown plugins import src/lib and unified utilities only.',
        },
      ],
    ),
  },
  // Browser code: pure, and never the build or the server.
  {
    files: ['src/client/**/*.ts'],
    rules: restrict([MINISEARCH], [NODE, { regex: '^(\\.\\./)+(node|integrations|site)/|/(mcp|scripts)/', message: 'Browser code imports src/lib only.' }]),
  },
  // The Node edge and the Astro integration: never the server, the scripts or the site.
  {
    files: ['src/node/**/*.ts', 'src/integrations/**/*.ts'],
    ignores: TESTS,
    rules: restrict(
      [MINISEARCH],
      [
        {
          regex: '^(\\.\\./)+(pages|components|layouts|client|site)/|/(mcp|scripts|bench)/',
          message: 'The Node edge is imported by the build, the scripts and the write door; it imports none of them.',
        },
      ],
    ),
  },
  // Benchmarks compare against plain MiniSearch on purpose.
  { files: BENCH, rules: restrict([]) },
);

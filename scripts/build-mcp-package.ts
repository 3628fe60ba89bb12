// The light MCP server package (packages/mcp, `npx -y maru-mcp --artifacts https://wiki.example.com/`): mcp/cli.ts and
// the modules it loads at run time, as JavaScript, and a package.json whose dependencies are exactly the packages those
// modules import (versions from this checkout's package.json). tsc also emits the modules imported for their types
// only; those are removed, so what ships is what runs. `--check` fails when a build-side package would come along.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { runtimeGraph } from './lib/runtime-graph.ts';

const ROOT = join(import.meta.dirname, '..');
const PKG_DIR = join(ROOT, 'packages/mcp');
const LIB = join(PKG_DIR, 'lib');
/** Never in the server's package: the site build and its renderers. */
const BUILD_ONLY = /^(astro|@astrojs\/|unified$|remark-|rehype-|mermaid$|katex$|vite$)/;

rmSync(LIB, { recursive: true, force: true });
const tsc = spawnSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', join(ROOT, 'tsconfig.mcp.json')], { stdio: 'inherit' });
if (tsc.status !== 0) process.exit(1);

const entry = join(LIB, 'mcp/cli.js');
const { files, packages } = runtimeGraph(entry, (path) => readFileSync(path, 'utf8'), existsSync);
let removed = 0;
for (const file of readdirSync(LIB, { recursive: true, encoding: 'utf8' }).map((f) => join(LIB, f))) {
  if (file.endsWith('.js') && !files.has(file)) {
    rmSync(file);
    removed++;
  }
}
// Folders left empty by the removal.
for (const dir of readdirSync(LIB, { recursive: true, encoding: 'utf8' })
  .map((f) => join(LIB, f))
  .sort((a, b) => b.length - a.length)) {
  try {
    if (readdirSync(dir).length === 0) rmSync(dir, { recursive: true });
  } catch {
    // a file, not a folder
  }
}

const root = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  version: string;
  engines: Record<string, string>;
  dependencies: Record<string, string>;
};
const build = [...packages].filter((p) => BUILD_ONLY.test(p));
const missing = [...packages].filter((p) => root.dependencies[p] === undefined);
if (build.length || missing.length) {
  console.error(
    `build-mcp-package: the server imports ${[...build, ...missing].join(', ')}: ${build.length ? 'build-side packages' : 'not in package.json dependencies'}.`,
  );
  process.exit(1);
}
const pkgPath = join(PKG_DIR, 'package.json');
const pkg = JSON.parse(readFileSync(pkgPath, 'utf8')) as Record<string, unknown>;
const dependencies = Object.fromEntries([...packages].sort().map((p) => [p, root.dependencies[p]!]));
writeFileSync(pkgPath, `${JSON.stringify({ ...pkg, version: root.version, engines: root.engines, dependencies }, null, 2)}\n`);
console.error(
  `build-mcp-package: ${files.size} modules from ${relative(ROOT, dirname(entry))}/cli.js (${removed} type-only modules left out); dependencies: ${Object.keys(dependencies).join(', ')}`,
);

// npm pack runs this first (prepack): lib/ gets the JavaScript of the CLI, the server and the site's modules (tsc,
// tsconfig.build.json), the .astro pages and styles beside them with their imports pointed at that JavaScript, Maru's
// astro.config.mjs and public/, and the site's scripts already bundled (lib/client-bundle/, src/node/client-bundle.ts), so
// a team's build copies them instead of bundling them. Node does not strip types under node_modules, so the package ships
// no .ts to run.
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { bundleClient } from '../src/node/client-bundle.ts';

const ROOT = join(import.meta.dirname, '..');
const LIB = join(ROOT, 'lib');

/** A relative import of a `.ts` file, as pages, scripts and astro.config.mjs write them: `'../lib/x.ts'`. */
const TS_SPECIFIER = /(['"])(\.{1,2}\/[^'"\n]+)\.ts\1/g;
/** `new URL('./worker.ts', import.meta.url)`: a worker thread's file, which tsc leaves as written. */
const WORKER_URL = /new URL\((['"])(\.{1,2}\/[^'"\n]+)\.ts\1, import\.meta\.url\)/g;

rmSync(LIB, { recursive: true, force: true });
const tsc = spawnSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', join(ROOT, 'tsconfig.build.json')], { stdio: 'inherit' });
if (tsc.status !== 0) {
  console.error('build-package: tsc failed; nothing packed.');
  process.exit(1);
}

let workers = 0;
for (const file of readdirSync(LIB, { recursive: true, encoding: 'utf8' })) {
  // Types ship for the pure modules only, which the config's types (`import { defineConfig } from 'maru'`) reach; a
  // .d.ts among the pages would be taken for a route.
  if (file.endsWith('.d.ts') && !file.startsWith(join('src', 'lib'))) rmSync(join(LIB, file));
  if (!file.endsWith('.js')) continue;
  const path = join(LIB, file);
  const text = readFileSync(path, 'utf8');
  const fixed = text.replace(WORKER_URL, (_, q: string, spec: string) => (workers++, `new URL(${q}${spec}.js${q}, import.meta.url)`));
  if (fixed !== text) writeFileSync(path, fixed);
}

let pages = 0;
for (const file of readdirSync(join(ROOT, 'src'), { recursive: true, encoding: 'utf8' })) {
  if (!/\.(astro|css)$/.test(file)) continue;
  const target = join(LIB, 'src', file);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, readFileSync(join(ROOT, 'src', file), 'utf8').replace(TS_SPECIFIER, '$1$2.js$1'));
  pages++;
}
writeFileSync(join(LIB, 'astro.config.mjs'), readFileSync(join(ROOT, 'astro.config.mjs'), 'utf8').replace(TS_SPECIFIER, '$1$2.js$1'));
cpSync(join(ROOT, 'public'), join(LIB, 'public'), { recursive: true });
const client = await bundleClient(join(LIB, 'client-bundle'));
chmodSync(join(LIB, 'bin', 'maru.js'), 0o755);
chmodSync(join(LIB, 'mcp', 'cli.js'), 0o755);
console.error(
  `build-package: lib/ has the JavaScript, ${pages} pages and styles, ${workers} worker URLs pointed at .js, and the site's scripts bundled (${client.files.length} files)`,
);

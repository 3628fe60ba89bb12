// Builds the site into a given folder with its own Astro cache, so builds of different content or bases never share state.
// Usage: node test/browser/build-site.ts <outDir> <cacheDir> <root>   (BASE_PATH and WIKI_CONTENT_DIR come from the environment)
// <root> is the build's own project root (see ownRootArgs in test/helpers/astro.ts); the source stays in this checkout.
import { build } from 'astro';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const [outDir, cacheDir, root] = process.argv.slice(2);
if (!outDir || !cacheDir || !root) throw new Error('Usage: node test/browser/build-site.ts <outDir> <cacheDir> <root>');
const configFile = relative(root, fileURLToPath(new URL('../../astro.config.mjs', import.meta.url)));
await build({ root, configFile, outDir, cacheDir, base: process.env['BASE_PATH'] || '/', logLevel: 'warn' });

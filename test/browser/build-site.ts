// Builds the site into a given folder with its own Astro cache, so builds of different content or bases never share state.
// Usage: node test/browser/build-site.ts <outDir> <cacheDir>   (BASE_PATH and WIKI_CONTENT_DIR come from the environment)
import { build } from 'astro';
import { fileURLToPath } from 'node:url';

const [outDir, cacheDir] = process.argv.slice(2);
if (!outDir || !cacheDir) throw new Error('Usage: node test/browser/build-site.ts <outDir> <cacheDir>');
const root = fileURLToPath(new URL('../../', import.meta.url));
await build({ root, outDir, cacheDir, base: process.env['BASE_PATH'] || '/', logLevel: 'warn' });

// @ts-check
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'astro/config';
import maru from './src/integrations/maru.ts';
import { siteShikiTransformers } from './src/node/site-markdown.ts';

// A team wiki does not phone home: Astro's telemetry is off for every build, also when a script spawns astro directly.
process.env.ASTRO_TELEMETRY_DISABLED ??= '1';

export default defineConfig({
  // Anchored to this file, not to the project root: a build given its own root (`astro build --root <folder> --config
  // <this file, relative to it>`) keeps Astro's generated `.astro/` folder (content-assets.mjs, the image imports of
  // the content layer) to itself, so two builds of one checkout at once cannot overwrite each other's (the tests do).
  srcDir: fileURLToPath(new URL('./src/', import.meta.url)),
  publicDir: fileURLToPath(new URL('./public/', import.meta.url)),
  base: process.env.BASE_PATH || '/',
  // Separate caches let tests build different content folders side by side.
  cacheDir: process.env.MARU_CACHE_DIR || './node_modules/.astro',
  ...(process.env.MARU_SITE ? { site: process.env.MARU_SITE } : {}),
  trailingSlash: 'ignore',
  // A page whose cacheKey (src/lib/ui/page-keys.ts) and code are unchanged since the last build is copied from
  // <cacheDir>/dist instead of rendered; `astro build --force` renders every page. Keep build.concurrency at 1.
  experimental: { incrementalBuild: true },
  integrations: [maru()],
  markdown: { syntaxHighlight: { type: 'shiki', excludeLangs: ['mermaid', 'math'] }, shikiConfig: { transformers: siteShikiTransformers() } },
  server: { host: '127.0.0.1' },
  // assetsInlineLimit 0: Astro inlines small scripts otherwise, and the CSP (src/lib/ui/csp.ts) forbids inline script.
  vite: { build: { assetsInlineLimit: 0 }, server: { watch: { ignored: ['**/dist/**', '**/bench/out/**'] } } },
});

// @ts-check
import { defineConfig } from 'astro/config';
import maru from './src/integrations/maru.ts';
import shikiNoTimeLimit from './src/markdown/shiki-no-time-limit.ts';

export default defineConfig({
  base: process.env.BASE_PATH || '/',
  // Separate caches let tests build different content folders side by side.
  cacheDir: process.env.MARU_CACHE_DIR || './node_modules/.astro',
  ...(process.env.MARU_SITE ? { site: process.env.MARU_SITE } : {}),
  trailingSlash: 'ignore',
  integrations: [maru()],
  markdown: { syntaxHighlight: { type: 'shiki', excludeLangs: ['mermaid'] }, shikiConfig: { transformers: [shikiNoTimeLimit()] } },
  server: { host: '127.0.0.1' },
  vite: { server: { watch: { ignored: ['**/dist/**', '**/bench/out/**'] } } },
});

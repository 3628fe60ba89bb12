// A plain Astro 7 site over a folder of Markdown: what the benchmarks compare Maru with (bench:rebuild, bench:dev).
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Writes into `dir` (emptied first) a minimal Astro 7 site: the glob loader over `content`, one page per document,
 * Astro's default Markdown processor (Satteri, native code) or, with `unified`, Astro's unified (remark/rehype)
 * processor with its defaults: the pipeline Maru's Markdown runs on, so the two baselines tell the processor's share of
 * the gap from Maru's own work. Astro's incremental build is on, as Maru has it, each page keyed by its entry's digest.
 * Its packages are `nodeModules` (linked).
 */
export function plainAstroSite(dir: string, content: string, nodeModules: string, unified = false): void {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'src/pages/docs'), { recursive: true });
  symlinkSync(nodeModules, join(dir, 'node_modules'));
  writeFileSync(join(dir, 'package.json'), '{"name":"plain-astro","type":"module","private":true}\n');
  // Its own cache folder, emptied with the site: by default Astro keeps its data store in node_modules/.astro, which is the
  // project's through the symlink above, so plain Astro's "full build" reused the last run's rendered Markdown.
  writeFileSync(
    join(dir, 'astro.config.mjs'),
    unified
      ? "import { defineConfig } from 'astro/config';\nimport { unified } from '@astrojs/markdown-remark';\nexport default defineConfig({ cacheDir: './.astro-cache', experimental: { incrementalBuild: true }, markdown: { processor: unified() } });\n"
      : "import { defineConfig } from 'astro/config';\nexport default defineConfig({ cacheDir: './.astro-cache', experimental: { incrementalBuild: true } });\n",
  );
  writeFileSync(
    join(dir, 'src/content.config.ts'),
    `import { defineCollection } from 'astro:content';\nimport { glob } from 'astro/loaders';\nexport const collections = { docs: defineCollection({ loader: glob({ pattern: '**/*.md', base: ${JSON.stringify(content)} }) }) };\n`,
  );
  writeFileSync(
    join(dir, 'src/pages/docs/[...id].astro'),
    `---\nimport { getCollection, render } from 'astro:content';\nexport async function getStaticPaths() {\n  return (await getCollection('docs')).map((entry) => ({ params: { id: entry.id }, props: { entry }, cacheKey: entry.digest }));\n}\nconst { entry } = Astro.props;\nconst { Content } = await render(entry);\n---\n<html lang="ko"><head><meta charset="utf-8" /><title>{entry.id}</title></head><body><article><Content /></article></body></html>\n`,
  );
}

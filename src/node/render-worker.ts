// A thread of `startRenderPool`: the second half of the site's Markdown pipeline. The content loader's thread parses a
// document and runs the remark plugins (they resolve links against the whole wiki, which stays there); this thread takes
// the transformed tree and runs everything after them with Astro's own `createMarkdownProcessor`, from the same config:
// image collection, mdast → hast, Shiki, the site's rehype plugins, Astro's image and heading steps, HTML.
import type { AstroMarkdownOptions, unified } from '@astrojs/markdown-remark';
import type { AstroConfig } from 'astro';
import type { Root } from 'mdast';
import { parentPort, workerData } from 'node:worker_threads';
import type { Processor } from 'unified';
import type { Data, VFile } from 'vfile';
import { siteRehypePlugins, siteShikiTransformers } from './site-markdown.ts';
import { keepShikiScanners } from './shiki-kept-scanners.ts';

/** What `createMarkdownProcessor` takes besides the plugins and Shiki's transformers: plain data, so it crosses threads. */
export interface RendererOptions {
  image: Pick<AstroConfig['image'], 'domains' | 'remotePatterns'>;
  syntaxHighlight: AstroConfig['markdown']['syntaxHighlight'];
  /** `markdown.shikiConfig` without its transformers (functions, made here by `siteShikiTransformers`). */
  shikiConfig: Omit<AstroConfig['markdown']['shikiConfig'], 'transformers'>;
  remarkRehype: ReturnType<typeof unified>['options']['remarkRehype'];
  gfm: boolean;
}

export interface RenderWorkerData {
  root: string;
  lang: string;
  options: RendererOptions;
}

/** One document: its body, file URL and frontmatter as Astro's renderer takes them, its tree and file data after the remark plugins. */
export interface RenderJob {
  id: number;
  body: string;
  fileURL: string;
  frontmatter: Record<string, unknown>;
  tree: Root;
  data: Data;
}

/** What the content loader's `renderMarkdown` returns, or the reason rendering failed. */
export type RenderAnswer = { id: number; html: string; metadata: Record<string, unknown> & { imagePaths: string[] } } | { id: number; error: string };

const { root, lang, options } = workerData as RenderWorkerData;
// The tree of the job being rendered: jobs run one at a time (`queue`), so one slot serves them.
let handed: RenderJob | undefined;

/** Remark plugin: the parser answers with the handed tree and puts the handed file data on the file. */
function remarkHandedTree(this: Processor): void {
  this.parser = (_text: string, file: VFile) => {
    const job = handed;
    handed = undefined;
    if (!job) throw new Error(`${String(file.path)}: no syntax tree was handed to the render thread`);
    Object.assign(file.data, job.data);
    return job.tree;
  };
}

// Before Astro's Markdown package is loaded on this thread: its Shiki helper then takes the engine that keeps scanners.
keepShikiScanners();
const { createMarkdownProcessor } = await import('@astrojs/markdown-remark');
const renderer = createMarkdownProcessor({
  ...options,
  shikiConfig: { ...options.shikiConfig, transformers: siteShikiTransformers() },
  smartypants: false,
  remarkPlugins: [remarkHandedTree],
  rehypePlugins: siteRehypePlugins(root, lang),
  // The config's values, as Astro hands them to its own renderer (whose types mark optional what the config's leave undefined).
} as AstroMarkdownOptions);

async function render(job: RenderJob): Promise<RenderAnswer> {
  try {
    handed = job;
    const { code, metadata } = await (await renderer).render(job.body, { frontmatter: job.frontmatter, fileURL: new URL(job.fileURL) });
    // As the content layer's renderMarkdown shapes it (astro/dist/content/content-layer.js).
    return { id: job.id, html: code, metadata: { ...metadata, imagePaths: metadata.localImagePaths.concat(metadata.remoteImagePaths) } };
  } catch (error) {
    return { id: job.id, error: error instanceof Error ? error.message : String(error) };
  }
}

let queue = Promise.resolve();
parentPort!.on('message', (job: RenderJob) => {
  queue = queue.then(async () => parentPort!.postMessage(await render(job)));
});

import { isUnifiedProcessor, parseFrontmatter } from '@astrojs/markdown-remark';
import type { AstroConfig } from 'astro';
import type { Root } from 'mdast';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified, type PluggableList } from 'unified';
import { VFile } from 'vfile';
import { siteRehypePlugins, siteShikiTransformers } from './site-markdown.ts';
import type { RenderAnswer, RenderJob, RenderWorkerData, RendererOptions } from './render-worker.ts';

/** What the content loader's `renderMarkdown` returns. */
export interface Rendered {
  html: string;
  metadata?: Record<string, unknown> & { imagePaths?: string[] };
}

/** Renders one document's text on the calling thread (the content loader's `renderMarkdown`). */
export type RenderHere = (text: string, fileURL: URL) => Promise<Rendered>;

/** Renders the documents a loader asked for ahead, in their order, on worker threads and on this thread. */
export interface RenderPool {
  /**
   * The rendering of the file `path` (absolute), started ahead or done now; undefined for a file not asked for. A failure
   * is thrown by the promise, as `renderMarkdown` throws it.
   */
  take(path: string): Promise<Rendered> | undefined;
  /** Stops the threads; results not taken are dropped. */
  close(): Promise<void>;
  /** Documents rendered so far: on worker threads (after the remark plugins here), and whole on this thread. */
  readonly counts: { workers: number; here: number };
}

/** Below this many documents to render, no thread is started: starting one and loading Shiki into it costs about a second. */
export const MIN_DOCS_FOR_RENDER_WORKERS = 40;

/**
 * Below this share of fenced code in the text to render, no thread is started. Highlighting is most of what a worker
 * takes off this thread; without much code, the split's own costs (the tree and file data crossing threads, a second
 * pipeline and Shiki loaded) match the work it moves, and the artifacts thread already keeps the other core busy:
 * generated documents with almost no code built slower and larger with a render thread, the React and Vue docs (a
 * third to a half code) faster.
 */
export const MIN_CODE_SHARE = 0.1;

/** Documents handed to one worker and not yet answered: enough that it never waits for this thread. */
const IN_FLIGHT_PER_WORKER = 6;

/**
 * V8's stack on the render threads, in MB: about the main thread's (984 KB by default), so a document nested deep enough
 * to overflow the stack there does not render on a worker either; a worker's failure sends the document back to the
 * content loader's thread, which fails on it (naming the file) as it did before.
 */
const WORKER_STACK_MB = 1;

/**
 * The render threads' young generation, in MB. A build's V8 flags (`src/node/build-process.ts`) give every thread 64 MB
 * semi-spaces, which suit the main thread's allocation rate; a render thread filled them and held hundreds of MB more
 * at peak for no less CPU.
 */
const WORKER_YOUNG_MB = 48;

interface Job {
  path: string;
  text: string;
  state: 'waiting' | 'worker' | 'here' | 'done';
  result?: { ok: Rendered } | { error: unknown };
  settled: Promise<void>;
  settle: () => void;
}

/**
 * Starts rendering `docs` (absolute path and full text, in the order the loader will ask for them): `threads` worker
 * threads each run the second half of the pipeline (`render-worker.ts`) on trees this thread parsed and ran the remark
 * plugins over, and while the loader waits for a document that is not done yet, this thread renders the next one itself
 * with `here` (the pipeline as a whole). Every document thus gets exactly the HTML `here` gives: the same plugins in
 * the same order, from the same Astro config. Undefined when there is nothing to gain (too few documents, no threads) or
 * when the config has something the split cannot carry over (then the loader renders every document with `here`).
 */
export function startRenderPool(
  config: AstroConfig,
  site: { root: string; lang: string },
  docs: readonly { path: string; text: string }[],
  here: RenderHere,
  { threads, minDocs = MIN_DOCS_FOR_RENDER_WORKERS, minCodeShare = MIN_CODE_SHARE }: { threads: number; minDocs?: number; minCodeShare?: number },
): RenderPool | undefined {
  if (threads < 1 || docs.length < minDocs || fencedCodeShare(docs.map((d) => d.text)) < minCodeShare) return undefined;
  const split = splitPipeline(config, site);
  if (!split) return undefined;
  const jobs = docs.map((d) => newJob(d.path, d.text));
  const counts = { workers: 0, here: 0 };
  const byPath = new Map(jobs.map((j) => [j.path, j]));
  let next = 0;
  const nextWaiting = () => {
    while (next < jobs.length && jobs[next]!.state !== 'waiting') next++;
    return jobs[next];
  };
  const renderHere = async (job: Job) => {
    job.state = 'here';
    counts.here++;
    try {
      job.result = { ok: await here(job.text, pathToFileURL(job.path)) };
    } catch (error) {
      job.result = { error };
    }
    job.state = 'done';
    job.settle();
  };
  const workers = Array.from({ length: threads }, () => renderWorker(split.data, (job) => void renderHere(job)));
  let pumping = false;
  // Keeps each worker's queue full: this thread parses and runs the remark plugins, the worker does the rest.
  const pump = async () => {
    if (pumping) return;
    pumping = true;
    try {
      for (
        let w = workers.find((x) => x.alive && x.inFlight.size < IN_FLIGHT_PER_WORKER);
        w;
        w = workers.find((x) => x.alive && x.inFlight.size < IN_FLIGHT_PER_WORKER)
      ) {
        const job = nextWaiting();
        if (!job) break;
        job.state = 'worker';
        const sent = await split.send(w, job);
        // The remark half failed here: this thread renders the document whole, which fails (or not) as it always did.
        if (!sent) await renderHere(job);
      }
    } finally {
      pumping = false;
    }
  };
  for (const w of workers)
    w.onAnswer = (rendered) => {
      if (rendered) counts.workers++;
      void pump();
    };
  void pump();
  return {
    take(path) {
      const job = byPath.get(path);
      if (!job) return undefined;
      byPath.delete(path);
      return (async () => {
        // While the asked document is on a worker, this thread renders the next waiting one rather than wait idle. A
        // render here never yields to the event loop (it is promises alone): the turn between two takes in the workers'
        // answers, so they are refilled (`pump`) instead of this thread rendering everything.
        const done = () => job.state === 'done';
        while (!done()) {
          await new Promise((resolve) => setImmediate(resolve));
          if (done()) break;
          const ahead = job.state === 'waiting' ? job : nextWaiting();
          if (ahead) await renderHere(ahead);
          else await job.settled;
        }
        void pump();
        const result = job.result!;
        delete job.result;
        if ('error' in result) throw result.error;
        return result.ok;
      })();
    },
    counts,
    close: async () => {
      for (const w of workers) {
        w.alive = false;
        w.inFlight.clear();
      }
      await Promise.all(workers.map((w) => w.worker.terminate()));
    },
  };
}

/** The share of the characters of `texts` inside fenced code blocks (what Shiki highlights), by a scan of their lines. */
export function fencedCodeShare(texts: readonly string[]): number {
  let code = 0;
  let all = 0;
  for (const text of texts) {
    all += text.length;
    let fence: string | undefined;
    for (const line of text.split('\n')) {
      const marker = FENCE.exec(line)?.[1];
      if (!fence) fence = marker;
      else if (marker?.startsWith(fence) && !/[^`~\s]/.test(line)) fence = undefined;
      else code += line.length + 1;
    }
  }
  return all ? code / all : 0;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;

function newJob(path: string, text: string): Job {
  let settle = () => {};
  const settled = new Promise<void>((resolve) => (settle = resolve));
  return { path, text, state: 'waiting', settled, settle };
}

interface RenderWorker {
  worker: Worker;
  alive: boolean;
  inFlight: Map<number, Job>;
  /** Told after each answer: whether the worker rendered the document (else it went back to this thread). */
  onAnswer: (rendered: boolean) => void;
}

let jobIds = 0;

/** A render thread; a document it fails on, or could not answer before it stopped, is handed to `fallBack`. */
function renderWorker(data: RenderWorkerData, fallBack: (job: Job) => void): RenderWorker {
  const worker = new Worker(new URL('./render-worker.ts', import.meta.url), {
    workerData: data,
    resourceLimits: { stackSizeMb: WORKER_STACK_MB, maxYoungGenerationSizeMb: WORKER_YOUNG_MB },
  });
  // Unreferenced: a build that stops on an error exits without closing the pool first.
  worker.unref();
  const w: RenderWorker = { worker, alive: true, inFlight: new Map(), onAnswer: () => {} };
  worker.on('message', (answer: RenderAnswer) => {
    const job = w.inFlight.get(answer.id)!;
    w.inFlight.delete(answer.id);
    // A document the worker could not render is rendered whole on the loader's thread, so its error (naming the file) or
    // its page is exactly what that thread gives.
    if ('error' in answer) fallBack(job);
    else {
      job.result = { ok: { html: answer.html, metadata: answer.metadata } };
      job.state = 'done';
      job.settle();
    }
    w.onAnswer(!('error' in answer));
  });
  const lost = () => {
    if (!w.alive) return;
    w.alive = false;
    for (const job of w.inFlight.values()) fallBack(job);
    w.inFlight.clear();
  };
  worker.on('error', lost);
  worker.on('exit', lost);
  return w;
}

/**
 * The remark half of the site's pipeline on this thread, and what its workers need to build the other half; undefined
 * when the config is not the one `maru.ts` and `astro.config.mjs` set (plugins given by name, smartypants, other rehype
 * plugins or Shiki transformers), which the workers would not reproduce.
 */
function splitPipeline(config: AstroConfig, site: { root: string; lang: string }) {
  const { markdown, image } = config;
  const processor = markdown.processor;
  if (!isUnifiedProcessor(processor)) return undefined;
  const { remarkPlugins, rehypePlugins, remarkRehype } = processor.options;
  const gfm = processor.options.gfm ?? markdown.gfm;
  if ((processor.options.smartypants ?? markdown.smartypants) !== false) return undefined;
  if (remarkPlugins.some((p) => typeof (Array.isArray(p) ? p[0] : p) !== 'function')) return undefined;
  if (!samePlugins(rehypePlugins, siteRehypePlugins(site.root, site.lang))) return undefined;
  const { transformers = [], ...shikiConfig } = markdown.shikiConfig;
  if (JSON.stringify(transformers.map((t) => t.name)) !== JSON.stringify(siteShikiTransformers().map((t) => t.name))) return undefined;
  const remark = unified().use(remarkParse);
  if (gfm) remark.use(remarkGfm);
  remark.use(remarkPlugins as PluggableList).freeze();
  const options: RendererOptions = {
    image: { domains: image.domains, remotePatterns: image.remotePatterns },
    syntaxHighlight: markdown.syntaxHighlight,
    shikiConfig,
    remarkRehype,
    gfm: gfm !== false,
  };
  return {
    data: { ...site, options } satisfies RenderWorkerData,
    /** Parses `job`'s text and runs the remark plugins here, as Astro's renderer would, and hands the tree to `w`. */
    async send(w: RenderWorker, job: Job): Promise<boolean> {
      const { frontmatter, content: body } = parseFrontmatter(job.text);
      const fileURL = pathToFileURL(job.path);
      const file = new VFile({ value: body, path: fileURL, data: { astro: { frontmatter } } });
      let tree: Root;
      try {
        tree = (await remark.run(remark.parse(file), file)) as Root;
      } catch {
        return false;
      }
      if (!w.alive) return false;
      const id = ++jobIds;
      try {
        w.worker.postMessage({ id, body, fileURL: fileURL.href, frontmatter, tree, data: file.data } satisfies RenderJob);
      } catch {
        // Something a plugin left in the tree or the file data cannot cross threads (a function): rendered here instead.
        return false;
      }
      w.inFlight.set(id, job);
      return true;
    },
  };
}

/**
 * Whether two plugin lists hold the same plugins in the same order with the same plain options (functions aside). By
 * name: Astro loads the config through Vite, so its plugins are other instances of the same modules than this one's.
 */
function samePlugins(a: readonly unknown[], b: readonly unknown[]): boolean {
  const key = (p: unknown) => {
    const [plugin, options] = (Array.isArray(p) ? p : [p]) as unknown[];
    return typeof plugin === 'function' && plugin.name ? `${plugin.name} ${JSON.stringify(options)}` : undefined;
  };
  return a.length === b.length && a.every((p, i) => key(p) !== undefined && key(p) === key(b[i]));
}

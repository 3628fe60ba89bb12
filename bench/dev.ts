// npm run bench:dev [-- --sizes 1000,10000 --edits 3 --work /tmp/maru-bench-dev --servers maru,plain]
// What `maru dev` costs an author, in one run, for each size of a generated corpus (npm run generate:corpus):
// - the time from saving one Markdown file to the open page showing the new text (Chromium on the page; the target is
//   at most 2 s at 10,000 documents), median and range over `--edits` saves of different files;
// - the start time, from the command to the first document page answered, cold (empty caches) and warm (the caches of
//   the cold run), against plain `astro dev` over the same files (scripts/lib/plain-astro.ts: the glob loader, one
//   page per document) measured the same way, with its own save-to-page time.
// Servers run one at a time. The corpus is written once per size under --work and left there for the next run.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../scripts/lib/chromium.ts';
import { firstPage, startDevServer, type DevServer } from '../scripts/lib/dev-server.ts';
import { plainAstroSite } from '../scripts/lib/plain-astro.ts';

const ROOT = resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '1000,10000' },
    edits: { type: 'string', default: '3' },
    work: { type: 'string', default: '/tmp/maru-bench-dev' },
    // Which servers to measure: `maru` (maru dev) and `plain` (plain astro dev); both by default.
    servers: { type: 'string', default: 'maru,plain' },
  },
});
const sizes = values.sizes.split(',').map(Number);
const edits = Number(values.edits);
const servers = new Set(values.servers.split(','));
for (const name of servers) if (name !== 'maru' && name !== 'plain') throw new Error(`--servers: "${name}" is neither maru nor plain`);
// Project folders (the team's repository, and the plain site) live inside this checkout: Astro resolves its packages
// from the project root, as an installed team folder does from its own node_modules.
const projects = join(ROOT, 'node_modules/.cache/maru-bench-dev');

interface Server {
  name: string;
  /** Starts the server with its caches as they are; `firstPath` is a page it must answer. */
  start: () => Promise<DevServer>;
  /** Empties its caches. */
  clear: () => void;
  /** How long a save may take to show before it counts as never shown. */
  updateTimeoutMs: number;
  /** The address of the document in `file` (relative to the content folder). */
  pathOf: (file: string, id: string) => string;
}

interface Figures {
  coldMs: number;
  warmMs: number;
  /** Save-to-page times, ms. */
  updates: number[];
  /** What the server logged about the last update (where the time goes). */
  lastUpdateLog: string;
}

/** The corpus of `count` documents under --work, generated once (`npm run generate:corpus`). */
function corpus(count: number): string {
  const dir = join(values.work, `corpus-${count}`);
  const done = join(dir, '.complete');
  if (existsSync(done)) return dir;
  const r = spawnSync(process.execPath, [join(ROOT, 'scripts/generate-corpus.ts'), '--count', String(count), '--out', dir], { stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`generate:corpus --count ${count} failed`);
  writeFileSync(done, '');
  return dir;
}

/** `edits` Markdown files spread over the corpus, with their ids (`id:` in their frontmatter). */
function filesToEdit(content: string): { file: string; id: string }[] {
  const files = readdirSync(content, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.md'))
    .sort();
  return Array.from({ length: edits }, (_, i) => {
    const file = files[Math.floor(((i + 0.5) * files.length) / edits)]!;
    const id = /^id: (.+)$/m.exec(readFileSync(join(content, file), 'utf8'))?.[1];
    if (!id) throw new Error(`${file}: no id in its frontmatter`);
    return { file, id };
  });
}

function maruServer(content: string): Server {
  const project = join(projects, 'team');
  const cache = join(project, '.maru-cache');
  mkdirSync(project, { recursive: true });
  return {
    name: 'maru dev',
    updateTimeoutMs: 600_000,
    start: () =>
      startDevServer(join(ROOT, 'bin/maru.ts'), ['dev', '--content', content], {
        cwd: project,
        // Generated documents link to ids of other sizes: broken links warn, as a migrated folder's would.
        env: { ...process.env, MARU_CACHE_DIR: cache, MARU_BROKEN_LINKS: 'warn' },
        timeoutMs: 900_000,
      }),
    clear: () => {
      for (const dir of [cache, join(project, 'node_modules'), join(project, '.astro')]) rmSync(dir, { recursive: true, force: true });
    },
    pathOf: (_file, id) => `/docs/${id}/`,
  };
}

function plainServer(content: string): Server {
  const site = join(projects, 'plain-astro');
  plainAstroSite(site, content, join(ROOT, 'node_modules'));
  return {
    name: 'plain astro dev',
    updateTimeoutMs: 60_000,
    start: () => startDevServer(join(site, 'node_modules/astro/bin/astro.mjs'), ['dev'], { cwd: site, timeoutMs: 900_000 }),
    clear: () => {
      for (const dir of [join(site, '.astro-cache'), join(site, '.astro')]) rmSync(dir, { recursive: true, force: true });
    },
    // The glob loader's id: the path without `.md`, each segment slugged (generated paths are already lower-case ASCII).
    pathOf: (file) => `/docs/${file.replace(/\.md$/, '')}/`,
  };
}

/** From the command to the first document page answered. */
async function timedStart(server: Server, path: string): Promise<{ dev: DevServer; ms: number }> {
  const t = performance.now();
  const dev = await server.start();
  try {
    await firstPage(dev.origin, path, 900_000);
  } catch (error) {
    // Stopped, not left serving; what it said is the explanation (a 10,000-document run once ended with no figure and no log).
    await dev.stop();
    throw new Error(`${server.name} answered no page: ${error instanceof Error ? error.message : String(error)}\nit said:\n${dev.log()}`, { cause: error });
  }
  return { dev, ms: performance.now() - t };
}

/** Opens each file's page, saves the file with one new paragraph, and times until the open page shows it. */
async function timedUpdates(browser: Browser, dev: DevServer, server: Server, content: string, targets: { file: string; id: string }[]) {
  const updates: number[] = [];
  let lastUpdateLog = '';
  for (const [i, { file, id }] of targets.entries()) {
    const page = await browser.newPage();
    const connected = page.waitForEvent('console', { predicate: (m) => m.text().includes('[vite] connected'), timeout: 600_000 });
    await page.goto(dev.origin + server.pathOf(file, id), { timeout: 600_000 });
    await connected;
    const path = join(content, file);
    const original = readFileSync(path, 'utf8');
    const marker = `dev-bench-marker-${Date.now()}-${i}`;
    const logBefore = dev.log().length;
    const t = performance.now();
    writeFileSync(path, `${original}\n\n${marker}\n`);
    try {
      await page.waitForFunction((m) => document.querySelector('article')?.textContent?.includes(m), marker, {
        timeout: server.updateTimeoutMs,
        polling: 'raf',
      });
      updates.push(performance.now() - t);
      lastUpdateLog = dev.log().slice(logBefore).trim();
    } catch (error) {
      if (!(error instanceof Error && error.name === 'TimeoutError')) throw error;
      updates.push(Number.POSITIVE_INFINITY);
      lastUpdateLog = `the page did not change in ${server.updateTimeoutMs / 1000} s; the server said:\n${dev.log().slice(logBefore).trim()}`;
    } finally {
      writeFileSync(path, original);
      await page.close();
    }
    // The restore is an edit too: wait until the server has taken it before the next measure.
    // A save the page never showed will not show for the next file either.
    if (!Number.isFinite(updates.at(-1)!)) break;
    await firstPage(dev.origin, server.pathOf(file, id), 600_000, (body) => !body.includes(marker));
  }
  return { updates, lastUpdateLog };
}

async function measure(browser: Browser, server: Server, content: string, targets: { file: string; id: string }[]): Promise<Figures> {
  server.clear();
  const path = server.pathOf(targets[0]!.file, targets[0]!.id);
  const cold = await timedStart(server, path);
  console.error(`${server.name}: cold start ${(cold.ms / 1000).toFixed(1)} s`);
  let updates: Awaited<ReturnType<typeof timedUpdates>>;
  try {
    updates = await timedUpdates(browser, cold.dev, server, content, targets);
  } finally {
    await cold.dev.stop();
  }
  console.error(`${server.name}: save to page ${updates.updates.map(secs).join(', ')} s`);
  const warm = await timedStart(server, path);
  await warm.dev.stop();
  console.error(`${server.name}: warm start ${(warm.ms / 1000).toFixed(1)} s`);
  return { coldMs: cold.ms, warmMs: warm.ms, ...updates };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
/** Seconds, or "none" for a save the page never showed. */
const secs = (ms: number) => (Number.isFinite(ms) ? (ms / 1000).toFixed(2) : 'none');
const s = (ms: number) => (ms / 1000).toFixed(1);

const rows: string[] = [];
const logs: string[] = [];
const browser = await launchChromium();
try {
  for (const size of sizes) {
    const content = corpus(size);
    const targets = filesToEdit(content);
    for (const server of [...(servers.has('maru') ? [maruServer(content)] : []), ...(servers.has('plain') ? [plainServer(content)] : [])]) {
      const f = await measure(browser, server, content, targets);
      const updates = `${secs(median(f.updates))} (${secs(Math.min(...f.updates))}–${secs(Math.max(...f.updates))})`;
      rows.push(`| ${size.toLocaleString('en')} | ${server.name} | ${updates} | ${s(f.coldMs)} | ${s(f.warmMs)} |`);
      logs.push(`${server.name}, ${size} documents, the last update's log:\n${f.lastUpdateLog}`);
    }
  }
} finally {
  await browser.close();
}
console.log(
  [
    `maru dev against plain astro dev (${edits} saves per size; start = command to first document page answered)`,
    '',
    '| documents | server | save to updated page, s: median (min–max) | cold start, s | warm start, s |',
    '| --- | --- | --- | --- | --- |',
    ...rows,
    '',
    ...logs,
  ].join('\n'),
);

// npm run bench:dev [-- --sizes 1000,10000 --edits 3 --work /tmp/maru-bench-dev --servers maru,plain --warm --maru <checkout>]
// What `maru dev` costs an author, in one run, for each size of a generated corpus (npm run generate:corpus):
// - the time from saving one Markdown file to the open page showing the new text (Chromium on the page; the target is
//   at most 2 s at 10,000 documents), median and range over `--edits` saves of different files;
// - the start time, from the command to the first document page answered, cold (empty caches) and warm (the caches of
//   the cold run), against plain `astro dev` over the same files (scripts/lib/plain-astro.ts: the glob loader, one
//   page per document) measured the same way, with its own save-to-page time.
// - for each save, where its time went, from the server's log as it arrived: the update (its own figure, and when it was
//   logged), the loaders and publishing up to the reload sent, the page's request answered (and Astro's figure for it),
//   and the browser showing it.
// Servers run one at a time. The corpus is written once per size under --work and left there for the next run.
// `--warm` measures the saves only, on the caches an earlier run left (the start is then a warm one): a change to the
// pages is measured at 10,000 documents in a minute rather than after a cold start of ten. `--maru <checkout>` runs that
// checkout's `maru dev` (its own caches, under its node_modules), so two versions can be measured in turn in one sitting.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../scripts/lib/chromium.ts';
import { firstPage, startDevServer, type DevServer, type LogLine } from '../scripts/lib/dev-server.ts';
import { plainAstroSite } from '../scripts/lib/plain-astro.ts';

const ROOT = resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '1000,10000' },
    edits: { type: 'string', default: '3' },
    work: { type: 'string', default: '/tmp/maru-bench-dev' },
    // Which servers to measure: `maru` (maru dev) and `plain` (plain astro dev); both by default.
    servers: { type: 'string', default: 'maru,plain' },
    // Keep the caches of an earlier run and skip the cold start.
    warm: { type: 'boolean', default: false },
    // The Maru checkout whose `maru dev` is measured.
    maru: { type: 'string', default: resolve(import.meta.dirname, '..') },
  },
});
const sizes = values.sizes.split(',').map(Number);
const edits = Number(values.edits);
const servers = new Set(values.servers.split(','));
for (const name of servers) if (name !== 'maru' && name !== 'plain') throw new Error(`--servers: "${name}" is neither maru nor plain`);
const MARU = resolve(values.maru);
// Project folders (the team's repository, and the plain site) live inside the checkout measured: Astro resolves its
// packages from the project root, as an installed team folder does from its own node_modules.
const projects = join(MARU, 'node_modules/.cache/maru-bench-dev');

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
  /** Undefined with `--warm`. */
  coldMs: number | undefined;
  warmMs: number;
  /** Save-to-page times, ms. */
  updates: number[];
  /** Where each save's time went (`phasesOf`), for the saves the page showed. */
  phases: Phases[];
  /** What the server logged after each save until the page showed it, each line with when it arrived (s after the save). */
  updateLogs: string[];
}

/**
 * One save, from the server's log (ms after the save; undefined for a line it did not print): `maru dev` logs
 * `updated N documents in X ms`, `rendered K of N documents`, `reloaded the open pages`, and Astro each request
 * (`[200] /docs/x/ 123ms`).
 */
interface Phases {
  /** The update's own figure, and when its line arrived (watcher and gathering included). */
  updateMs?: number;
  updatedAt?: number;
  /** The loaders' line (the articles rendered), and the reload sent to the tabs. */
  loadedAt?: number;
  reloadedAt?: number;
  /** The page's first request after the reload: Astro's figure for it, and when it was answered. */
  renderMs?: number;
  answeredAt?: number;
  /** The open page showing the new text. */
  shownAt: number;
}

/** Reads a save's phases from the lines printed after it (`since`, the time of the save) for the page `path`. */
function phasesOf(lines: readonly LogLine[], since: number, path: string, shownAt: number): Phases {
  const after = lines.filter((l) => l.at >= since);
  const find = (re: RegExp, from = 0) => {
    for (const line of after) {
      const m = line.at >= from ? re.exec(line.text) : null;
      if (m) return { at: line.at - since, m };
    }
    return undefined;
  };
  const updated = find(/updated \d+ documents in (\d+) ms/);
  const loaded = find(/rendered \d+ of \d+ documents/);
  const reloaded = find(/reloaded the open pages/);
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const answered = find(new RegExp(`\\[200\\] ${escaped} (\\d+)ms`), reloaded ? reloaded.at + since : since);
  return {
    ...(updated ? { updateMs: Number(updated.m[1]), updatedAt: updated.at } : {}),
    ...(loaded ? { loadedAt: loaded.at } : {}),
    ...(reloaded ? { reloadedAt: reloaded.at } : {}),
    ...(answered ? { renderMs: Number(answered.m[1]), answeredAt: answered.at } : {}),
    shownAt,
  };
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

function maruServer(content: string, size: number): Server {
  // One folder per size, so each keeps its caches for `--warm`.
  const project = join(projects, `team-${size}`);
  const cache = join(project, '.maru-cache');
  mkdirSync(project, { recursive: true });
  return {
    name: 'maru dev',
    updateTimeoutMs: 600_000,
    start: () =>
      startDevServer(join(MARU, 'bin/maru.ts'), ['dev', '--content', content], {
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
  const phases: Phases[] = [];
  const updateLogs: string[] = [];
  const logSince = (t: number) =>
    dev
      .lines()
      .filter((l) => l.at >= t)
      .map((l) => `+${((l.at - t) / 1000).toFixed(2)} ${l.text}`)
      .join('\n');
  for (const [i, { file, id }] of targets.entries()) {
    const page = await browser.newPage();
    const connected = page.waitForEvent('console', { predicate: (m) => m.text().includes('[vite] connected'), timeout: 600_000 });
    await page.goto(dev.origin + server.pathOf(file, id), { timeout: 600_000 });
    await connected;
    const path = join(content, file);
    const original = readFileSync(path, 'utf8');
    const marker = `dev-bench-marker-${Date.now()}-${i}`;
    const t = performance.now();
    writeFileSync(path, `${original}\n\n${marker}\n`);
    try {
      await page.waitForFunction((m) => document.querySelector('article')?.textContent?.includes(m), marker, {
        timeout: server.updateTimeoutMs,
        polling: 'raf',
      });
      updates.push(performance.now() - t);
      phases.push(phasesOf(dev.lines(), t, server.pathOf(file, id), updates.at(-1)!));
      updateLogs.push(logSince(t));
    } catch (error) {
      if (!(error instanceof Error && error.name === 'TimeoutError')) throw error;
      updates.push(Number.POSITIVE_INFINITY);
      updateLogs.push(`the page did not change in ${server.updateTimeoutMs / 1000} s; the server said:\n${logSince(t)}`);
    } finally {
      writeFileSync(path, original);
      await page.close();
    }
    // The restore is an edit too: wait until the server has taken it before the next measure.
    // A save the page never showed will not show for the next file either.
    if (!Number.isFinite(updates.at(-1)!)) break;
    await firstPage(dev.origin, server.pathOf(file, id), 600_000, (body) => !body.includes(marker));
    // And until it is done with it (a large wiki's related lists follow a quick update): each save starts on a quiet server.
    await quiet(dev);
  }
  return { updates, phases, updateLogs };
}

/** Resolves once the server has printed nothing for `QUIET_MS` (or after `timeoutMs`). */
async function quiet(dev: DevServer, timeoutMs = 120_000): Promise<void> {
  const QUIET_MS = 4000;
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    const last = dev.lines().at(-1)?.at ?? 0;
    if (performance.now() - last >= QUIET_MS) return;
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function measure(browser: Browser, server: Server, content: string, targets: { file: string; id: string }[]): Promise<Figures> {
  const path = server.pathOf(targets[0]!.file, targets[0]!.id);
  if (!values.warm) server.clear();
  const first = await timedStart(server, path);
  // Whether the start rendered the articles again (a warm start that did was not warm: Astro cleared its store, say).
  const startSaid = first.dev
    .log()
    .split('\n')
    .filter((l) => /rendered \d+ of \d+ documents|changed$|Clearing content store/.test(l));
  console.error(`${server.name}: ${values.warm ? 'warm' : 'cold'} start ${(first.ms / 1000).toFixed(1)} s\n${startSaid.join('\n')}`);
  let updates: Awaited<ReturnType<typeof timedUpdates>>;
  try {
    // A warm start's server is still busy for a moment after its first page (the related lists, the caches written).
    if (values.warm) await quiet(first.dev);
    updates = await timedUpdates(browser, first.dev, server, content, targets);
  } finally {
    await first.dev.stop();
  }
  console.error(`${server.name}: save to page ${updates.updates.map(secs).join(', ')} s`);
  if (values.warm) return { coldMs: undefined, warmMs: first.ms, ...updates };
  const warm = await timedStart(server, path);
  await warm.dev.stop();
  console.error(`${server.name}: warm start ${(warm.ms / 1000).toFixed(1)} s`);
  return { coldMs: first.ms, warmMs: warm.ms, ...updates };
}

/** A phase's figure in seconds, or "–" when the server did not log it. */
const at = (ms: number | undefined) => (ms === undefined ? '–' : (ms / 1000).toFixed(2));
const span = (from: number | undefined, to: number | undefined) => (from === undefined || to === undefined ? undefined : to - from);

/** One row per save: the phases as spans (update, loaders to reload, reload to answered, answered to shown). */
function phaseRows(size: number, name: string, phases: Phases[]): string[] {
  return phases.map(
    (p) =>
      `| ${size.toLocaleString('en')} | ${name} | ${at(p.updatedAt)} (${at(p.updateMs)}) | ${at(span(p.updatedAt, p.reloadedAt))} (${at(span(p.updatedAt, p.loadedAt))}) | ` +
      `${at(span(p.reloadedAt, p.answeredAt))} (${at(p.renderMs)}) | ${at(span(p.answeredAt, p.shownAt))} | ${at(p.shownAt)} |`,
  );
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
/** Seconds, or "none" for a save the page never showed. */
const secs = (ms: number) => (Number.isFinite(ms) ? (ms / 1000).toFixed(2) : 'none');
const s = (ms: number) => (ms / 1000).toFixed(1);

const rows: string[] = [];
const phaseTable: string[] = [];
const logs: string[] = [];
const browser = await launchChromium();
try {
  for (const size of sizes) {
    const content = corpus(size);
    const targets = filesToEdit(content);
    for (const server of [...(servers.has('maru') ? [maruServer(content, size)] : []), ...(servers.has('plain') ? [plainServer(content)] : [])]) {
      const f = await measure(browser, server, content, targets);
      const updates = `${secs(median(f.updates))} (${secs(Math.min(...f.updates))}–${secs(Math.max(...f.updates))})`;
      rows.push(`| ${size.toLocaleString('en')} | ${server.name} | ${updates} | ${f.coldMs === undefined ? '–' : s(f.coldMs)} | ${s(f.warmMs)} |`);
      phaseTable.push(...phaseRows(size, server.name, f.phases));
      for (const [i, log] of f.updateLogs.entries())
        logs.push(`${server.name}, ${size} documents, save ${i + 1}, what the server said (s after the save):\n${log}`, '');
    }
  }
} finally {
  await browser.close();
}
console.log(
  [
    `maru dev against plain astro dev (${edits} saves per size; start = command to first document page answered${values.warm ? '; --warm: the caches of an earlier run, no cold start' : ''})`,
    `maru: ${MARU}`,
    '',
    '| documents | server | save to updated page, s: median (min–max) | cold start, s | warm start, s |',
    '| --- | --- | --- | --- | --- |',
    ...rows,
    '',
    `Each save, from the server's log as it arrived (s after the save; "–": not logged):`,
    '',
    "| documents | server | update logged (its own figure) | to reload sent (loaders done) | to page answered (Astro's render figure) | to page shown | save to page |",
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...phaseTable,
    '',
    ...logs,
  ].join('\n'),
);

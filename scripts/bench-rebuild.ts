// npm run bench:rebuild -- --content .tmp/corpus-1000 [--project DIR] [--skip-plain]
// In one run: a plain Astro 7 site building the same Markdown files (twice: with Astro's default Markdown processor,
// and with the unified one Maru is built on), Maru's cold full build, Maru's rebuild after one changed document
// (warm caches), and the plain default site's own rebuild after the same change (Astro's data store and incremental
// build, as Maru uses them): the share of a full build that Astro itself spends on a rebuild.
// Wall time, CPU time and peak RSS of each `astro build`.
// `--project` builds another checkout of Maru (e.g. an older commit) with this script, for before/after.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs, stripVTControlCharacters } from 'node:util';
import { buildEnv } from '../src/node/build-process.ts';
import { plainAstroSite } from './lib/plain-astro.ts';

const { values } = parseArgs({
  options: { content: { type: 'string' }, project: { type: 'string', default: '.' }, 'skip-plain': { type: 'boolean', default: false } },
});
if (!values.content) throw new Error('--content: the folder of Markdown files to build (npm run generate:corpus -- --count 1000)');
const project = resolve(values.project);
const source = resolve(values.content);
const work = resolve('node_modules/.cache/maru-bench-rebuild');

interface Run {
  ms: number;
  /** User + system CPU seconds of the build: steadier than wall time on a shared machine. */
  cpuS: number;
  maxRssMiB: number;
  output: string;
}

/** One `astro build` under /usr/bin/time: wall time, CPU seconds and peak RSS (of the largest process in its tree). */
function astroBuild(cwd: string, out: string, env: Record<string, string>): Run {
  rmSync(out, { recursive: true, force: true });
  const t = performance.now();
  const r = spawnSync('/usr/bin/time', ['-f', 'MAXRSS_KB=%M CPU_S=%U+%S', join(cwd, 'node_modules/.bin/astro'), 'build', '--outDir', out], {
    cwd,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  const ms = performance.now() - t;
  // With FORCE_COLOR (as CI sets it) Astro colours its log; the figures below are read from the words.
  const output = stripVTControlCharacters(`${r.stdout}\n${r.stderr}`);
  if (r.status !== 0) throw new Error(`astro build in ${cwd} failed:\n${output.slice(-3000)}`);
  const kb = Number(/MAXRSS_KB=(\d+)/.exec(output)?.[1] ?? 0);
  const cpu = /CPU_S=([\d.]+)\+([\d.]+)/.exec(output);
  return { ms, cpuS: cpu ? Number(cpu[1]) + Number(cpu[2]) : NaN, maxRssMiB: kb / 1024, output };
}

function countPages(dir: string): number {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('index.html')).length;
}

mkdirSync(work, { recursive: true });
const content = join(work, 'content');
rmSync(content, { recursive: true, force: true });
cpSync(source, content, { recursive: true });
const files = readdirSync(content, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.md'))
  .sort();

let plain: Run | undefined;
let plainUnified: Run | undefined;
if (!values['skip-plain']) {
  const plainBuild = (name: string, unified: boolean) => {
    const site = join(work, name);
    plainAstroSite(site, content, join(project, 'node_modules'), unified);
    const run = astroBuild(site, join(site, 'dist'), { ASTRO_TELEMETRY_DISABLED: '1' });
    console.error(`${name}: ${run.ms.toFixed(0)} ms, ${run.cpuS.toFixed(1)} CPU s, ${run.maxRssMiB.toFixed(0)} MiB, ${countPages(join(site, 'dist'))} pages`);
    return run;
  };
  plain = plainBuild('plain-site', false);
  plainUnified = plainBuild('plain-site-unified', true);
}

// Maru's build needs its outDir inside the project (see test/helpers/astro.ts); dist/ is ignored by Git.
const out = join(project, 'dist/.bench-rebuild');
const cache = join(work, 'maru-cache');
rmSync(cache, { recursive: true, force: true });
// Broken links only warn: generated corpora carry links copied from the shared corpora whose targets they lack.
// Maru's builds run as `npm run build` runs them (its V8 flags, src/node/build-process.ts); plain Astro with Node's defaults.
const env = {
  WIKI_CONTENT_DIR: content,
  MARU_CACHE_DIR: cache,
  MARU_BROKEN_LINKS: 'warn',
  SOURCE_DATE_EPOCH: '1767225600',
  ASTRO_TELEMETRY_DISABLED: '1',
  NODE_OPTIONS: buildEnv().NODE_OPTIONS!,
};
const full = astroBuild(project, join(out, 'full'), env);
console.error(`Maru full build: ${full.ms.toFixed(0)} ms, ${full.cpuS.toFixed(1)} CPU s, ${full.maxRssMiB.toFixed(0)} MiB`);
const changed = join(content, files[Math.floor(files.length / 2)]!);
writeFileSync(changed, `${readFileSync(changed, 'utf8')}\n\nOne more paragraph, written for the rebuild benchmark.\n`);
const rebuild = astroBuild(project, join(out, 'rebuild'), env);
console.error(`Maru rebuild after one changed document: ${rebuild.ms.toFixed(0)} ms, ${rebuild.cpuS.toFixed(1)} CPU s, ${rebuild.maxRssMiB.toFixed(0)} MiB`);
// The plain default site after the same change: what Astro alone spends on a rebuild of these pages.
let plainRebuild: Run | undefined;
if (plain) {
  const site = join(work, 'plain-site');
  plainRebuild = astroBuild(site, join(site, 'dist'), { ASTRO_TELEMETRY_DISABLED: '1' });
  console.error(`plain-site rebuild: ${plainRebuild.ms.toFixed(0)} ms, ${plainRebuild.cpuS.toFixed(1)} CPU s, ${plainRebuild.maxRssMiB.toFixed(0)} MiB`);
}
// Astro logs each page it writes: `├─ /docs/x/index.html (+12ms)` when rendered, `(restored)` or `(cached)` when copied from the last build.
const pages = (log: string) => {
  const rendered = [...log.matchAll(/├─ \S+ \(\+[\d.]+m?s\)/g)].length;
  const copied = [...log.matchAll(/├─ \S+ \((restored|cached)\)/g)].length;
  return `${rendered} of ${rendered + copied} pages rendered`;
};
const lines = [
  rebuild.output.match(/parsed \d+ of \d+ files/)?.[0],
  rebuild.output.match(/rendered \d+ of \d+ documents/)?.[0],
  rebuild.output.match(/tokenized \d+ of \d+ documents/)?.[0],
  pages(rebuild.output),
].filter(Boolean);

const ratio = (a: number, b: number | undefined) => (b ? (a / b).toFixed(2) : '-');
const row = (name: string, r: Run) =>
  `| ${name} | ${r.ms.toFixed(0)} | ${r.cpuS.toFixed(1)} | ${r.maxRssMiB.toFixed(0)} | ${ratio(r.ms, plain?.ms)} | ${ratio(r.cpuS, plain?.cpuS)} | ${ratio(r.maxRssMiB, plain?.maxRssMiB)} | ${ratio(r.ms, plainUnified?.ms)} | ${ratio(r.cpuS, plainUnified?.cpuS)} |`;
console.log(
  [
    `${files.length} Markdown files from ${values.content}; project ${values.project}`,
    '',
    '| build | wall ms | CPU s | peak RSS MiB | wall vs plain Astro | CPU vs plain Astro | memory vs plain Astro | wall vs plain Astro (unified) | CPU vs plain Astro (unified) |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...(plain ? [row('plain Astro 7 (glob loader, default Markdown processor)', plain)] : []),
    ...(plainUnified ? [row('plain Astro 7 (glob loader, unified processor, its defaults)', plainUnified)] : []),
    row('Maru full build (cold caches)', full),
    row('Maru rebuild after one changed document', rebuild),
    ...(plainRebuild ? [row('plain Astro 7 (default processor) rebuild after the same change', plainRebuild)] : []),
    '',
    `rebuild / full build: ${(rebuild.ms / full.ms).toFixed(2)} wall, ${(rebuild.cpuS / full.cpuS).toFixed(2)} CPU${lines.length ? ` (${lines.join(', ')})` : ''}`,
    ...(plain && plainRebuild
      ? [
          `plain Astro's rebuild / its full build: ${ratio(plainRebuild.ms, plain.ms)} wall, ${ratio(plainRebuild.cpuS, plain.cpuS)} CPU (${pages(plainRebuild.output)}); ` +
            `Maru's rebuild / plain Astro's rebuild: ${ratio(rebuild.ms, plainRebuild.ms)} wall, ${ratio(rebuild.cpuS, plainRebuild.cpuS)} CPU`,
        ]
      : []),
  ].join('\n'),
);

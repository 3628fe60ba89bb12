// Maru's cold build against the tools a team would otherwise pick, building the same bytes (issue 43):
// Starlight (with its Pagefind search), VitePress (with its local search), plain Astro 7 on the same remark/rehype
// (unified) pipeline, and plain Astro 7 with its native Markdown processor as the limit. Each corpus is converted
// once by scripts/lib/peer-content.ts and every tool builds that copy.
// The peers are installed by this script from the npm registry at pinned versions into .tmp/peers/install-*
// (kept between runs; delete the folder to reinstall). Plain Astro uses Maru's own dependencies (the same Astro).
// Each build is cold (output and caches removed) and runs under /usr/bin/time: wall, CPU (user + system, all
// threads and children) and peak RSS (of the largest process in its tree). Rounds alternate the tools.
//   node bench/peers.ts [--runs 3] [--corpora ko-react-docs,generated-1000] [--tools maru,starlight,...] [--json FILE]
// (also a section of `npm run bench`; `npm run bench:peers` runs only this).
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { parseArgs, stripVTControlCharacters } from 'node:util';
import { writeCorpus } from '../scripts/lib/generate-corpus.ts';
import { materialFromSharedCorpora } from '../scripts/lib/material.ts';
import { toPeerMarkdown } from '../scripts/lib/peer-content.ts';
import { plainAstroSite } from '../scripts/lib/plain-astro.ts';

/** The peers' versions, exact. Their own dependencies are what npm resolves for them on the day of the install. */
export const PEER_PACKAGES = {
  starlight: { astro: '7.3.5', '@astrojs/starlight': '0.42.9' },
  vitepress: { vitepress: '1.6.4' },
} as const;

export type Tool = 'maru' | 'starlight' | 'vitepress' | 'plain-unified' | 'plain-native';
export const TOOLS: readonly Tool[] = ['maru', 'starlight', 'vitepress', 'plain-unified', 'plain-native'];
const TOOL_NAMES: Record<Tool, string> = {
  maru: 'Maru',
  starlight: `Starlight ${PEER_PACKAGES.starlight['@astrojs/starlight']} + Pagefind`,
  vitepress: `VitePress ${PEER_PACKAGES.vitepress.vitepress} + local search`,
  'plain-unified': 'plain Astro 7, unified (remark/rehype)',
  'plain-native': 'plain Astro 7, native Markdown (the limit)',
};

/** One cold build. */
export interface BuildRun {
  wallS: number;
  cpuS: number;
  peakMiB: number;
  /** HTML pages in the output. */
  pages: number;
}

export interface PeerCorpus {
  name: string;
  files: number;
  /** Tool → its runs, in order. */
  runs: Partial<Record<Tool, BuildRun[]>>;
}

export interface PeersFigures {
  date: string;
  runs: number;
  /** Installed versions of what decides the peers' build (read from their node_modules). */
  versions: Record<string, string>;
  corpora: PeerCorpus[];
}

const WORK = resolve('.tmp/peers');

/** Installs each peer's pinned packages into .tmp/peers/install-<tool> unless that install is already there. */
export function installPeers(): Record<'starlight' | 'vitepress', string> {
  const dirs = {} as Record<'starlight' | 'vitepress', string>;
  for (const [tool, deps] of Object.entries(PEER_PACKAGES) as ['starlight' | 'vitepress', Record<string, string>][]) {
    const dir = join(WORK, `install-${tool}`);
    const manifest = `${JSON.stringify({ name: `bench-${tool}`, private: true, type: 'module', dependencies: deps }, null, 2)}\n`;
    const stamp = join(dir, 'node_modules', '.bench-installed');
    if (!existsSync(stamp) || readFileSync(stamp, 'utf8') !== manifest) {
      rmSync(dir, { recursive: true, force: true });
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'package.json'), manifest);
      console.error(
        `installing ${Object.entries(deps)
          .map(([n, v]) => `${n}@${v}`)
          .join(' ')} into ${dir}`,
      );
      const r = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
      if (r.status !== 0) throw new Error(`npm install in ${dir} failed:\n${r.stderr.slice(-3000)}`);
      writeFileSync(stamp, manifest);
    }
    dirs[tool] = dir;
  }
  return dirs;
}

/** Copies every `.md` file under `source` into `target` (emptied first), converted by `toPeerMarkdown`; returns how many. */
export function convertCorpus(source: string, target: string): number {
  rmSync(target, { recursive: true, force: true });
  const files = readdirSync(source, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.md'))
    .sort();
  for (const file of files) {
    const path = file.split('\\').join('/');
    mkdirSync(dirname(join(target, path)), { recursive: true });
    writeFileSync(join(target, path), toPeerMarkdown(path, readFileSync(join(source, file), 'utf8')));
  }
  return files.length;
}

function versionOf(nodeModules: string, name: string): string {
  return (JSON.parse(readFileSync(join(nodeModules, name, 'package.json'), 'utf8')) as { version: string }).version;
}

/** Runs `command` under /usr/bin/time; throws with its output's tail when it fails. */
function timed(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Omit<BuildRun, 'pages'> & { output: string } {
  const t = performance.now();
  const r = spawnSync('/usr/bin/time', ['-f', 'MAXRSS_KB=%M CPU_S=%U+%S', command, ...args], { cwd, env, encoding: 'utf8', maxBuffer: 1 << 28 });
  const wallS = (performance.now() - t) / 1000;
  const output = stripVTControlCharacters(`${r.stdout}\n${r.stderr}`);
  if (r.status !== 0) throw new Error(`${command} ${args.join(' ')} in ${cwd} failed:\n${output.slice(-3000)}`);
  const kb = Number(/MAXRSS_KB=(\d+)/.exec(output)?.[1] ?? NaN);
  const cpu = /CPU_S=([\d.]+)\+([\d.]+)/.exec(output);
  return { wallS, cpuS: cpu ? Number(cpu[1]) + Number(cpu[2]) : NaN, peakMiB: kb / 1024, output };
}

function countHtml(dir: string, skip: (path: string) => boolean = () => false): number {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.html') && !skip(f.split('\\').join('/'))).length;
}

const node = process.execPath;
const quietEnv = (extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({ ...process.env, ASTRO_TELEMETRY_DISABLED: '1', NO_COLOR: '1', ...extra });

/**
 * One cold build of the converted corpus `content` by `tool`; `sites` is this corpus's working folder, `installs`
 * the peers' installs. Checks that the output holds at least one page per document.
 */
export function buildWith(tool: Tool, content: string, files: number, sites: string, installs: Record<'starlight' | 'vitepress', string>): BuildRun {
  let site = join(sites, tool);
  let run: ReturnType<typeof timed>;
  let out: string;
  let skip: (path: string) => boolean = () => false;
  if (tool === 'maru') {
    // As a team runs `npm run build` (its V8 flags included), with a fresh cache; the output inside the project.
    out = resolve('dist/.bench-peers');
    const cache = join(site, 'cache');
    rmSync(out, { recursive: true, force: true });
    rmSync(cache, { recursive: true, force: true });
    run = timed(
      node,
      [resolve('bin/maru.ts'), 'build', '--content', content, '--outDir', out],
      resolve('.'),
      quietEnv({ MARU_CACHE_DIR: cache, MARU_BROKEN_LINKS: 'warn', SOURCE_DATE_EPOCH: '1767225600' }),
    );
    skip = (p) => !p.startsWith('docs/');
  } else if (tool === 'plain-unified' || tool === 'plain-native') {
    plainAstroSite(site, content, resolve('node_modules'), tool === 'plain-unified');
    out = join(site, 'dist');
    run = timed(node, [resolve('node_modules/astro/bin/astro.mjs'), 'build'], site, quietEnv());
  } else if (tool === 'starlight') {
    // Starlight's defaults, Korean as the one locale: the sidebar lists every page, Pagefind indexes them after the build.
    // The site is built inside its install: from a linked node_modules Vite leaves Starlight's modules outside the
    // bundle, and Node cannot load their `astro:` imports.
    site = installs.starlight;
    for (const f of ['src', 'dist', '.astro', '.astro-cache']) rmSync(join(site, f), { recursive: true, force: true });
    mkdirSync(join(site, 'src/content'), { recursive: true });
    cpSync(content, join(site, 'src/content/docs'), { recursive: true });
    writeFileSync(
      join(site, 'astro.config.mjs'),
      "import { defineConfig } from 'astro/config';\nimport starlight from '@astrojs/starlight';\n" +
        "export default defineConfig({ cacheDir: './.astro-cache', integrations: [starlight({ title: 'Bench', defaultLocale: 'root', locales: { root: { label: '한국어', lang: 'ko' } } })] });\n",
    );
    writeFileSync(
      join(site, 'src/content.config.ts'),
      "import { defineCollection } from 'astro:content';\nimport { docsLoader } from '@astrojs/starlight/loaders';\nimport { docsSchema } from '@astrojs/starlight/schema';\n" +
        'export const collections = { docs: defineCollection({ loader: docsLoader(), schema: docsSchema() }) };\n',
    );
    out = join(site, 'dist');
    run = timed(node, [join(installs.starlight, 'node_modules/astro/bin/astro.mjs'), 'build'], site, quietEnv());
    skip = (p) => p === '404.html';
  } else {
    // VitePress's defaults with its local search (MiniSearch over every page, built at build time), in Korean.
    // Dead links only warn, as in Maru's run (the corpora link pages of their origin sites they do not carry).
    rmSync(site, { recursive: true, force: true });
    mkdirSync(join(site, 'docs/.vitepress'), { recursive: true });
    symlinkSync(join(installs.vitepress, 'node_modules'), join(site, 'node_modules'));
    cpSync(content, join(site, 'docs'), { recursive: true });
    writeFileSync(join(site, 'package.json'), '{"name":"bench-vitepress-site","private":true,"type":"module"}\n');
    writeFileSync(
      join(site, 'docs/.vitepress/config.mjs'),
      "export default { lang: 'ko-KR', title: 'Bench', ignoreDeadLinks: true, themeConfig: { search: { provider: 'local' } } };\n",
    );
    out = join(site, 'docs/.vitepress/dist');
    run = timed(node, [join(installs.vitepress, 'node_modules/vitepress/bin/vitepress.js'), 'build', 'docs'], site, quietEnv());
    skip = (p) => p === '404.html';
  }
  const pages = countHtml(out, skip);
  // Maru publishes what its rules accept (ko-react-docs: 226 of 227 files); its manifest counts them.
  const expected = tool === 'maru' ? (JSON.parse(readFileSync(join(out, '_wiki/manifest.json'), 'utf8')) as { documentCount: number }).documentCount : files;
  if (pages < expected) throw new Error(`${tool} built ${pages} pages for ${expected} documents (${relative('.', out)}):\n${run.output.slice(-2000)}`);
  return { wallS: run.wallS, cpuS: run.cpuS, peakMiB: run.peakMiB, pages };
}

/** The corpora by name: `ko-react-docs` (the copy the repository carries) and `generated-<n>`. */
export function corpusSource(name: string): string {
  if (name === 'ko-react-docs') return resolve('test/corpora/ko-react-docs');
  const n = /^generated-(\d+)$/.exec(name)?.[1];
  if (!n) throw new Error(`--corpora: unknown corpus "${name}" (ko-react-docs or generated-<n>)`);
  const dir = resolve(`.tmp/corpus-${n}`);
  if (!existsSync(join(dir, 'ops'))) writeCorpus(dir, Number(n), materialFromSharedCorpora(), 1);
  return dir;
}

/** Every tool on every corpus, `runs` cold builds each, rounds alternating the tools. */
export function peersBench(options: { runs: number; corpora: readonly string[]; tools?: readonly Tool[] }): PeersFigures {
  const tools = options.tools ?? TOOLS;
  const installs = installPeers();
  const versions: Record<string, string> = {
    'astro (Maru, plain Astro)': versionOf(resolve('node_modules'), 'astro'),
    'astro (Starlight)': versionOf(join(installs.starlight, 'node_modules'), 'astro'),
    '@astrojs/starlight': versionOf(join(installs.starlight, 'node_modules'), '@astrojs/starlight'),
    pagefind: versionOf(join(installs.starlight, 'node_modules'), 'pagefind'),
    vitepress: versionOf(join(installs.vitepress, 'node_modules'), 'vitepress'),
    'vite (VitePress)': versionOf(join(installs.vitepress, 'node_modules'), 'vite'),
  };
  const corpora: PeerCorpus[] = [];
  for (const name of options.corpora) {
    const content = join(WORK, 'content', name);
    const files = convertCorpus(corpusSource(name), content);
    const corpus: PeerCorpus = { name, files, runs: {} };
    for (let r = 0; r < options.runs; r++) {
      for (const tool of tools) {
        const run = buildWith(tool, content, files, join(WORK, 'sites', name), installs);
        (corpus.runs[tool] ??= []).push(run);
        console.error(
          `${name} ${tool} run ${r + 1}: ${run.wallS.toFixed(1)} s wall, ${run.cpuS.toFixed(1)} CPU s, ${run.peakMiB.toFixed(0)} MiB, ${run.pages} pages`,
        );
      }
    }
    corpora.push(corpus);
  }
  return { date: new Date().toISOString(), runs: options.runs, versions, corpora };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/** The Markdown table of `figures`: per corpus, each tool's medians and Maru's ratios to it. */
export function peersRows(figures: PeersFigures): string[] {
  const md: string[] = [];
  for (const c of figures.corpora) {
    const m = (tool: Tool, k: keyof BuildRun) => median((c.runs[tool] ?? []).map((r) => r[k]));
    const maru = c.runs.maru ? { wall: m('maru', 'wallS'), cpu: m('maru', 'cpuS'), peak: m('maru', 'peakMiB') } : undefined;
    md.push(
      `${c.name}: ${c.files} files, cold build, median of ${figures.runs}`,
      '',
      '| tool | wall s | CPU s | peak RSS MiB | HTML pages | Maru ÷ this: wall, CPU, peak |',
      '| --- | --- | --- | --- | --- | --- |',
    );
    for (const tool of TOOLS) {
      const runs = c.runs[tool];
      if (!runs) continue;
      const wall = m(tool, 'wallS');
      const cpu = m(tool, 'cpuS');
      const peak = m(tool, 'peakMiB');
      const ratios = maru && tool !== 'maru' ? `${(maru.wall / wall).toFixed(2)}, ${(maru.cpu / cpu).toFixed(2)}, ${(maru.peak / peak).toFixed(2)}` : '';
      const range = (k: keyof BuildRun) =>
        runs.length > 1 ? ` (${Math.min(...runs.map((r) => r[k])).toFixed(1)}–${Math.max(...runs.map((r) => r[k])).toFixed(1)})` : '';
      md.push(
        `| ${TOOL_NAMES[tool]} | ${wall.toFixed(1)}${range('wallS')} | ${cpu.toFixed(1)}${range('cpuS')} | ${peak.toFixed(0)} | ${runs[0]!.pages} | ${ratios} |`,
      );
    }
    md.push('');
  }
  md.push(
    `Installed: ${Object.entries(figures.versions)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}.`,
    '',
  );
  return md;
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: process.env.BENCH_RUNS ?? '3' },
      corpora: { type: 'string', default: 'ko-react-docs,generated-1000' },
      tools: { type: 'string', default: TOOLS.join(',') },
      json: { type: 'string' },
    },
  });
  const tools = values.tools.split(',').map((t) => {
    if (!TOOLS.includes(t as Tool)) throw new Error(`--tools: unknown tool "${t}" (${TOOLS.join(', ')})`);
    return t as Tool;
  });
  const figures = peersBench({ runs: Number(values.runs), corpora: values.corpora.split(','), tools });
  if (values.json) writeFileSync(values.json, `${JSON.stringify(figures, null, 2)}\n`);
  console.log(peersRows(figures).join('\n'));
}

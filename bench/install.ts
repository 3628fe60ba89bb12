// npm run bench:install: what installing Maru costs a team, in one run: the tarball's size, `npm install` time and the
// installed node_modules size for the full tool (`maru`), the MCP server alone (`maru-mcp`, packages/mcp) and, for
// comparison, a Starlight site (`npm install astro @astrojs/starlight`). Each installs into an empty folder outside the
// checkout with `--prefer-offline`: from npm's cache where it can, the registry for what the cache lacks.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..');
const work = mkdtempSync(join(tmpdir(), 'maru-bench-install-'));

/** Bytes of the files under `dir` (apparent sizes, as `du --apparent-size` counts them). */
function sizeOf(dir: string): { bytes: number; packages: number } {
  let bytes = 0;
  for (const f of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const s = statSync(join(dir, f), { throwIfNoEntry: false });
    if (s?.isFile()) bytes += s.size;
  }
  const packages = readdirSync(dir).reduce((n, d) => n + (d.startsWith('@') ? readdirSync(join(dir, d)).length : d.startsWith('.') ? 0 : 1), 0);
  return { bytes, packages };
}

function pack(cwd: string): string {
  const r = spawnSync('npm', ['pack', '--silent', '--pack-destination', work], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  if (r.status !== 0) throw new Error(`npm pack in ${cwd} failed`);
  return join(work, r.stdout.trim().split('\n').at(-1)!);
}

function install(name: string, specs: string[]): { seconds: number; bytes: number; packages: number } {
  const dir = join(work, name);
  mkdirSync(dir);
  writeFileSync(join(dir, 'package.json'), '{ "name": "team", "private": true }\n');
  const start = performance.now();
  const r = spawnSync('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error', ...specs], { cwd: dir, stdio: 'inherit' });
  const seconds = (performance.now() - start) / 1000;
  if (r.status !== 0) throw new Error(`npm install ${specs.join(' ')} failed`);
  return { seconds, ...sizeOf(join(dir, 'node_modules')) };
}

const MB = (n: number) => `${(n / 1e6).toFixed(1)} MB`;
try {
  const full = pack(ROOT);
  const light = pack(join(ROOT, 'packages/mcp'));
  const rows = [
    ['maru (full tool)', statSync(full).size, install('full', [full])],
    ['maru-mcp (server only)', statSync(light).size, install('light', [light])],
    ['astro + @astrojs/starlight', undefined, install('starlight', ['astro', '@astrojs/starlight'])],
  ] as const;
  console.log('| package | tarball | install | node_modules | packages |\n| --- | --- | --- | --- | --- |');
  for (const [name, tarball, r] of rows) {
    console.log(
      `| ${name} | ${tarball === undefined ? '–' : `${(tarball / 1e3).toFixed(0)} kB`} | ${r.seconds.toFixed(1)} s | ${MB(r.bytes)} | ${r.packages} |`,
    );
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

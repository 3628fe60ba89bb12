// node scripts/profile-build.ts --content <folder> [--runs 3] [--against <another checkout>]: cold `npm run build`s of one
// content folder (a fresh cache folder each, as the tests build), printing each build's wall and CPU seconds and Astro's
// own phases (ASTRO_TIMER_PATH: content sync, which renders the Markdown; the prerender bundle; the client bundle; page
// generation). With --against, the builds alternate between this checkout and the other one (the machine is shared
// and noisy: alternating spreads its load over both), and the medians are printed side by side. With --cpu-prof <folder>,
// every thread of every build writes a V8 CPU profile there (<folder>/<checkout>-<run>/), and each thread's self time is
// printed by part of the build (scripts/lib/cpu-profile.ts: Shiki, HTML re-parse and sanitize, micromark, GC, …).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { PARTS, profileParts, type CpuProfile } from './lib/cpu-profile.ts';

const { values } = parseArgs({
  options: { content: { type: 'string' }, runs: { type: 'string', default: '3' }, against: { type: 'string' }, 'cpu-prof': { type: 'string' } },
});
if (!values.content) {
  console.error('profile-build: --content <folder> is required (the Markdown folder to build)');
  process.exit(2);
}
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) {
  console.error(`profile-build: --runs ${values.runs} is not a whole number of 1 or more`);
  process.exit(2);
}
const content = resolve(values.content);
const checkouts = [resolve(import.meta.dirname, '..'), ...(values.against ? [resolve(values.against)] : [])];
const PHASES = ['Sync content layer', 'Prerender build', 'Client build', 'Static generate'] as const;

/** CPU seconds of this process's waited-for children so far (Linux: cutime + cstime of /proc/self/stat). */
function childCpu(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  // Fields 16 and 17 of stat(5), counted from the state (field 3) at index 0; in clock ticks of 1/100 s on Linux.
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

interface Figures {
  wall: number;
  cpu: number;
  phases: number[];
}

function build(checkout: string, profiles?: string): Figures {
  const work = mkdtempSync(join(tmpdir(), 'maru-profile-'));
  const cpuProf = profiles ? { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --cpu-prof --cpu-prof-dir=${profiles}`.trim() } : {};
  const timer = join(work, 'timer.json');
  const cpu = childCpu();
  const start = performance.now();
  const r = spawnSync(process.execPath, [join(checkout, 'scripts/build.ts'), '--outDir', join(work, 'dist')], {
    cwd: checkout,
    env: { ...process.env, WIKI_CONTENT_DIR: content, MARU_CACHE_DIR: join(work, 'cache'), MARU_BROKEN_LINKS: 'warn', ASTRO_TIMER_PATH: timer, ...cpuProf },
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  const wall = (performance.now() - start) / 1000;
  if (r.status !== 0) throw new Error(`profile-build: the build in ${checkout} failed (exit ${r.status}):\n${(r.stdout + r.stderr).slice(-3000)}`);
  const stats = JSON.parse(readFileSync(timer, 'utf8')) as Record<string, { elapsedTime: number }>;
  rmSync(work, { recursive: true, force: true });
  return { wall, cpu: childCpu() - cpu, phases: PHASES.map((p) => (stats[p]?.elapsedTime ?? 0) / 1000) };
}

/** Each thread's profile in `dir` (those with at least half a second of work), its self time by part of the build. */
function printProfiles(dir: string): void {
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'))) {
    const { total, parts } = profileParts(JSON.parse(readFileSync(join(dir, file), 'utf8')) as CpuProfile);
    if (total < 500) continue;
    // Node names the files CPU.<date>.<time>.<pid>.<thread>.<sequence>.cpuprofile; thread 0 is the main thread.
    const [, , , pid, thread] = file.split('.');
    const shown = PARTS.filter((p) => (parts.get(p) ?? 0) >= 50).map((p) => `${p} ${((parts.get(p) ?? 0) / 1000).toFixed(1)}`);
    console.log(`  pid ${pid} ${thread === '0' ? 'main thread' : `worker ${thread}`}: ${(total / 1000).toFixed(1)} s: ${shown.join(', ')}`);
  }
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const results = checkouts.map(() => [] as Figures[]);
for (let i = 0; i < runs; i++) {
  checkouts.forEach((checkout, k) => {
    const profiles = values['cpu-prof'] ? resolve(values['cpu-prof'], `${k}-${i}`) : undefined;
    if (profiles) mkdirSync(profiles, { recursive: true });
    const f = build(checkout, profiles);
    results[k]!.push(f);
    console.log(`${checkout}  wall ${f.wall.toFixed(2)} s  CPU ${f.cpu.toFixed(2)} s  ${PHASES.map((p, j) => `${p} ${f.phases[j]!.toFixed(2)}`).join(', ')}`);
    if (profiles) printProfiles(profiles);
  });
}
console.log(`\nmedians of ${runs} cold builds of ${content}:`);
checkouts.forEach((checkout, k) => {
  const rs = results[k]!;
  const phases = PHASES.map((p, j) => `${p} ${median(rs.map((f) => f.phases[j]!)).toFixed(2)}`).join(', ');
  console.log(`${checkout}  wall ${median(rs.map((f) => f.wall)).toFixed(2)} s  CPU ${median(rs.map((f) => f.cpu)).toFixed(2)} s  ${phases}`);
});

// `npm run bench:lighthouse`: Lighthouse (mobile preset) on the home page, a long document and the search page of the
// built site served by `npm start`; writes the scores into bench/results.md (its own section) and prints them.
// Usage: npm run bench:lighthouse -- [--dist ./dist] [--runs 3] [--no-write]
// Each run audits every page once; the table keeps each page's median run, and every run is printed with its total
// blocking time, largest contentful paint and what held the main thread (the machine is shared, so one run says little).
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { startSite } from '../scripts/lib/chromium.ts';
import { audit, type PageScores } from '../scripts/lib/lighthouse.ts';

const PAGES = [
  ['home', '/'],
  ['long document (code, table, Mermaid)', '/docs/maru-mcp-server/'],
  ['search page', `/search/?q=${encodeURIComponent('토크나이저')}`],
] as const;
const RESULTS = new URL('./results.md', import.meta.url);
const START = '<!-- lighthouse:start -->';
const END = '<!-- lighthouse:end -->';

const { values } = parseArgs({
  options: { dist: { type: 'string', default: './dist' }, runs: { type: 'string', default: '1' }, 'no-write': { type: 'boolean', default: false } },
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) {
  console.error(`--runs: expected a whole number of at least 1, got "${values.runs}".`);
  process.exit(1);
}
if (!existsSync(`${values.dist}/_wiki/manifest.json`)) {
  console.error(`No built site in ${values.dist} (looked for _wiki/manifest.json). Run \`npm run build\` first.`);
  process.exit(1);
}
const { origin, server } = await startSite(['--site', values.dist]);
const all: PageScores[][] = [];
try {
  for (let r = 0; r < runs; r++) {
    const run = await audit(PAGES.map(([, path]) => `${origin}${path}`));
    all.push(run);
    for (const [i, s] of run.entries()) {
      const { tbt, lcp, mainThread } = s.metrics;
      console.log(`run ${r + 1} ${PAGES[i]![0]}: performance ${s.performance}, TBT ${Math.round(tbt ?? NaN)} ms, LCP ${Math.round(lcp ?? NaN)} ms`);
      for (const line of mainThread) console.log(`    ${line}`);
    }
  }
} finally {
  server.kill();
}
/** Each page's run with the median performance score. */
const scores = PAGES.map((_, i) => {
  const sorted = all.map((run) => run[i]!).sort((a, b) => (a.performance ?? 0) - (b.performance ?? 0));
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
});

const version = (JSON.parse(readFileSync(new URL('../node_modules/lighthouse/package.json', import.meta.url), 'utf8')) as { version: string }).version;
const perRun = (i: number) => (runs > 1 ? ` (runs: ${all.map((run) => run[i]!.performance).join(', ')})` : '');
const rows = scores.map((s, i) => `| ${PAGES[i]![0]} | ${s.performance}${perRun(i)} | ${s.accessibility} | ${s.bestPractices} | ${s.seo} |`);
const section = [
  START,
  '## Lighthouse (mobile preset)',
  '',
  `Lighthouse ${version}, Debian Chromium, \`npm start\` serving \`${values.dist}\`; ${new Date().toISOString().slice(0, 16)}Z. Targets: performance ≥ 90, accessibility ≥ 95, best practices ≥ 95, SEO ≥ 90. The machine is shared, so performance moves between runs.`,
  '',
  '| page | performance | accessibility | best practices | SEO |',
  '| --- | --- | --- | --- | --- |',
  ...rows,
  END,
].join('\n');
const md = existsSync(RESULTS) ? readFileSync(RESULTS, 'utf8') : '';
const at = md.indexOf(START);
const next = at >= 0 ? md.slice(0, at) + section + md.slice(md.indexOf(END) + END.length) : `${md.trimEnd()}\n\n${section}\n`;
if (!values['no-write']) writeFileSync(RESULTS, next);
console.log(section);
const failed = scores.flatMap((s) => s.accessibilityFailures.map((f) => `${s.url}: ${f}`));
if (failed.length) console.error(`accessibility audits failing:\n${failed.join('\n')}`);

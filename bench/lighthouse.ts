// `npm run bench:lighthouse`: Lighthouse (mobile preset) on the home page, a long document and the search page of the
// built site served by `npm start`; writes the scores into bench/results.md (its own section) and prints them.
// Usage: npm run bench:lighthouse -- [--dist ./dist]
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

const { values } = parseArgs({ options: { dist: { type: 'string', default: './dist' } } });
if (!existsSync(`${values.dist}/_wiki/manifest.json`)) {
  console.error(`No built site in ${values.dist} (looked for _wiki/manifest.json). Run \`npm run build\` first.`);
  process.exit(1);
}
const { origin, server } = await startSite(['--site', values.dist]);
let scores: PageScores[];
try {
  scores = await audit(PAGES.map(([, path]) => `${origin}${path}`));
} finally {
  server.kill();
}

const version = (JSON.parse(readFileSync(new URL('../node_modules/lighthouse/package.json', import.meta.url), 'utf8')) as { version: string }).version;
const rows = scores.map((s, i) => `| ${PAGES[i]![0]} | ${s.performance} | ${s.accessibility} | ${s.bestPractices} | ${s.seo} |`);
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
writeFileSync(RESULTS, next);
console.log(section);
const failed = scores.flatMap((s) => s.accessibilityFailures.map((f) => `${s.url}: ${f}`));
if (failed.length) console.error(`accessibility audits failing:\n${failed.join('\n')}`);

// The site's search in Chromium for one built site, as `npm run bench` measures it at its largest size:
//   node bench/browser-report.ts <dist> [--runs N] [--sample N] [--json FILE]
// Serves <dist> with `npm start`, then prints Markdown: every bench query's first search (bytes on the wire,
// requests, hits equal to the whole index's) and the figures of bench/browser.ts `siteSearchRows`.
import { existsSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { GENERATED_QUERIES } from '../scripts/lib/generate-corpus.ts';
import { haveChromium, siteSearchBench, siteSearchRows } from './browser.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { runs: { type: 'string', default: '1' }, sample: { type: 'string', default: '30' }, json: { type: 'string' } },
});
const dist = positionals[0] && resolve(positionals[0]);
if (!dist || !existsSync(join(dist, '_wiki', 'manifest.json'))) {
  console.error('Usage: node bench/browser-report.ts <built site folder with _wiki/manifest.json> [--runs N] [--sample N] [--json FILE]');
  process.exit(1);
}
if (!haveChromium()) throw new Error('no Chromium at /usr/bin/chromium (set CHROMIUM_PATH)');
const load = (l: number[]) => l.map((x) => x.toFixed(2)).join(' / ');
const before = loadavg();
const t = performance.now();
const f = await siteSearchBench(dist, GENERATED_QUERIES, { runs: Number(values.runs), sample: Number(values.sample) });
const seconds = ((performance.now() - t) / 1000).toFixed(0);
const kinds = ['base', 'terms', 'docs', 'texts', 'code', 'other'] as const;
const perKind = (x: (typeof f.first)[number]) => kinds.map((k) => (x.kinds[k] ? `${x.kinds[k].kib} (${x.kinds[k].requests})` : '–')).join(' | ');
const md = [
  `# The site's search in Chromium: ${f.documents} documents`,
  '',
  `Measured ${new Date().toISOString().slice(0, 16)}Z on ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}; site ${dist} served by \`npm start\` on 127.0.0.1, Chromium through playwright-core; ${seconds} s. Load average (1 / 5 / 15 min) before ${load(before)}, after ${load(loadavg())}.`,
  '',
  "KiB transferred (requests) of a first search on a fresh page, by kind of file: the split index's base, term shards, document chunks (details and the common terms' counts of the documents the section stage scores), snippet texts of the 8 hits shown, the search code, other (`site-features.json`, asked when a query finds nothing or only weak matches).",
  '',
  `| first search of | KiB | requests | ${kinds.join(' | ')} | dialog hits = whole index |`,
  `| --- | --- | --- | ${kinds.map(() => '---').join(' | ')} | --- |`,
  ...f.first.map((x) => `| ${x.query} | ${x.kib} | ${x.requests} | ${perKind(x)} | ${f.sameDialogHits.differing.includes(x.query) ? 'no' : 'yes'} |`),
  '',
  ...siteSearchRows(f),
  '',
  `Keys whose hits were not on screen before the next key (typed → ms until they came, – when a later key came first): ${
    f.keystrokes
      .filter((k) => k.shown === 'stale')
      .map((k) => `${k.typed} → ${k.ms?.toFixed(0) ?? '–'}`)
      .join('; ') || 'none'
  }.`,
  '',
];
if (values.json) writeFileSync(values.json, `${JSON.stringify(f, null, 2)}\n`);
console.log(md.join('\n'));
